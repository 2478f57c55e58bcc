import type { Kysely } from 'kysely';
import { resourceList } from '../../../schema';
import { ruleHash } from '../rule-hash';
import type { MigrationOp } from '../migrate';

/**
 * The bulk writes came with their own rules: `POST api/<table>/import` and
 * `PUT api/<table>/update-many`. A group that may create a table's rows may
 * now import them (an import also asks for create, and for update when it
 * matches rows), and a group that may update them may update many at once:
 * what each group could do one row at a time, it keeps doing in bulk. The
 * rules are written here, before the rule sync at start would add them, so
 * that the groups can name them; the sync then finds them by their hash.
 */
const BULK = [
  { name: 'import', method: 'POST', single: { method: 'POST', action: 'create' } },
  { name: 'update-many', method: 'PUT', single: { method: 'PUT', action: 'update' } },
] as const;

export async function up(db: Kysely<any>) {
  const rules: Array<{ id: number; hash: string; type: string }> = await db.selectFrom('auth_rules').select(['id', 'hash', 'type']).execute();
  // A new database has no rules yet: the sync at start declares the bulk rules with the others.
  if (!rules.length) return;
  const byHash = new Map(rules.map((r) => [r.hash, r]));
  const now = Math.floor(Date.now() / 1000);
  const bulkOf = new Map<number, number>();
  for (const r of resourceList) {
    for (const bulk of BULK) {
      if (!r.rules.some((rule) => rule.name === bulk.name)) continue;
      const single = byHash.get(ruleHash(bulk.single.method, `api/${r.name}/${bulk.single.action}`));
      if (!single) continue;
      const route = `api/${r.name}/${bulk.name}`;
      const hash = ruleHash(bulk.method, route);
      let row = byHash.get(hash);
      if (!row) {
        // The operator's choice of type carries over, except public: nobody writes in bulk without signing in.
        const type = single.type === 'common' ? 'default' : single.type;
        await db.insertInto('auth_rules').values({
          hash, method: bulk.method, route, name: bulk.name, group: r.name, type, remark: '', lock: 0, uid: 0, createTime: now, updateTime: now,
        }).execute();
        const { id } = await db.selectFrom('auth_rules').select('id').where('hash', '=', hash).executeTakeFirstOrThrow();
        row = { id: Number(id), hash, type };
        byHash.set(hash, row);
      }
      bulkOf.set(Number(single.id), Number(row.id));
    }
  }
  const groups: Array<{ id: number; rules: string | null }> = await db.selectFrom('auth_group').select(['id', 'rules']).execute();
  for (const group of groups) {
    const held = String(group.rules ?? '').split('|').filter(Boolean).map(Number);
    const added = held.map((id) => bulkOf.get(id)).filter((id): id is number => id !== undefined && !held.includes(id));
    if (!added.length) continue;
    await db.updateTable('auth_group').set({ rules: `|${[...new Set([...held, ...added])].join('|')}|` }).where('id', '=', group.id).execute();
  }
}

export default [] satisfies MigrationOp[];
