import type { Kysely } from 'kysely';
import { resourceList } from '../../../schema';
import { restRules } from '../../../schema/rest';
import { ruleHash } from '../rule-hash';
import type { MigrationOp } from '../migrate';

/**
 * Refine's simple-rest updates with `PATCH /api/rest/<table>/:id`, which came
 * after the dialect's other routes with a rule per table. It performs the
 * same write as the dialect's `PUT`, so a group that holds that `PUT` now
 * holds the `PATCH` too, and the `PATCH` rule takes the `PUT` rule's type (an
 * operator's choice carries over). A group whose dialect `PUT` was taken away
 * gains nothing. The rules are written here, before the rule sync at start
 * would add them, so that the groups can name them; the sync then finds them
 * by their hash.
 */
type RuleRow = { id: number; method: string; route: string; type: string };

export async function up(db: Kysely<any>) {
  const rules: RuleRow[] = await db.selectFrom('auth_rules').select(['id', 'method', 'route', 'type']).execute();
  // A new database has no rules yet: the sync at start declares the PATCH routes with the others.
  if (!rules.length) return;
  const byRoute = new Map(rules.map((r) => [`${r.method} ${r.route}`, r]));
  const now = Math.floor(Date.now() / 1000);
  const patchOf = new Map<number, number>();
  for (const r of resourceList) {
    for (const patch of restRules(r).filter((x) => x.method === 'PATCH')) {
      const put = byRoute.get(`PUT ${patch.route}`);
      if (!put) continue;
      let row = byRoute.get(`PATCH ${patch.route}`);
      if (!row) {
        const hash = ruleHash(patch.method, patch.route);
        await db.insertInto('auth_rules').values({
          hash, method: patch.method, route: patch.route, name: patch.name, group: patch.group, type: put.type, remark: '', lock: 0, uid: 0, createTime: now, updateTime: now,
        }).execute();
        const { id } = await db.selectFrom('auth_rules').select('id').where('hash', '=', hash).executeTakeFirstOrThrow();
        row = { id: Number(id), method: patch.method, route: patch.route, type: put.type };
        byRoute.set(`PATCH ${patch.route}`, row);
      }
      patchOf.set(Number(put.id), row.id);
    }
  }
  const groups: Array<{ id: number; rules: string | null }> = await db.selectFrom('auth_group').select(['id', 'rules']).execute();
  for (const group of groups) {
    const held = String(group.rules ?? '').split('|').filter(Boolean).map(Number);
    const added = held.map((id) => patchOf.get(id)).filter((id): id is number => id !== undefined && !held.includes(id));
    if (!added.length) continue;
    await db.updateTable('auth_group').set({ rules: `|${[...new Set([...held, ...added])].join('|')}|` }).where('id', '=', group.id).execute();
  }
}

export default [] satisfies MigrationOp[];
