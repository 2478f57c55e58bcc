import type { Kysely } from 'kysely';
import { resourceList } from '../../../schema';
import { restRules } from '../../../schema/rest';
import { ACTION_METHOD } from '../../../schema/rules';
import { ruleHash } from '../rule-hash';
import type { MigrationOp } from '../migrate';

/**
 * The simple-rest dialect (`/api/rest/<table>`) came with one rule per route.
 * A group that held a generic action keeps what it could do: it now also
 * holds the dialect's route that performs that action (a group that may list
 * users through `rows` may list them through `GET api/rest/users`). The
 * rules are written here, before the rule sync at start would add them, so
 * that the groups can name them; the sync then finds them by their hash.
 */
type RuleRow = { id: number; method: string; route: string; type: string };

export async function up(db: Kysely<any>) {
  const rules: RuleRow[] = await db.selectFrom('auth_rules').select(['id', 'method', 'route', 'type']).execute();
  // A new database has no rules yet: the sync at start declares the dialect's routes with the others.
  if (!rules.length) return;
  const byRoute = new Map(rules.map((r) => [`${r.method} ${r.route}`, r]));
  const now = Math.floor(Date.now() / 1000);
  const mirrorOf = new Map<number, number>();
  for (const r of resourceList) {
    for (const rest of restRules(r)) {
      const held = byRoute.get(`${ACTION_METHOD[rest.mirrors]} api/${r.name}/${rest.mirrors}`);
      if (!held) continue;
      let row = byRoute.get(`${rest.method} ${rest.route}`);
      if (!row) {
        const hash = ruleHash(rest.method, rest.route);
        // An operator's choice of type carries over, except public: a public read stays public only on its own route.
        const type = held.type === 'common' ? rest.type : held.type;
        await db.insertInto('auth_rules').values({
          hash, method: rest.method, route: rest.route, name: rest.name, group: rest.group, type, remark: '', lock: 0, uid: 0, createTime: now, updateTime: now,
        }).execute();
        const { id } = await db.selectFrom('auth_rules').select('id').where('hash', '=', hash).executeTakeFirstOrThrow();
        row = { id: Number(id), method: rest.method, route: rest.route, type };
        byRoute.set(`${rest.method} ${rest.route}`, row);
      }
      mirrorOf.set(Number(held.id), row.id);
    }
  }
  const groups: Array<{ id: number; rules: string | null }> = await db.selectFrom('auth_group').select(['id', 'rules']).execute();
  for (const group of groups) {
    const held = String(group.rules ?? '').split('|').filter(Boolean).map(Number);
    const added = held.map((id) => mirrorOf.get(id)).filter((id): id is number => id !== undefined && !held.includes(id));
    if (!added.length) continue;
    await db.updateTable('auth_group').set({ rules: `|${[...new Set([...held, ...added])].join('|')}|` }).where('id', '=', group.id).execute();
  }
}

export default [] satisfies MigrationOp[];
