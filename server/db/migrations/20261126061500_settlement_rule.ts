import type { Kysely } from 'kysely';
import { ruleHash } from '../rule-hash';
import type { MigrationOp } from '../migrate';

/**
 * The settlement report (`GET api/receive-money/settlement`) came with its
 * own rule. A group that may export orders hands the same money to
 * accounting, so it now holds the report too. The rule is written here,
 * before the rule sync at start would add it, so the groups can name it; the
 * sync then finds it by its hash.
 */
const EXPORT = { method: 'GET', route: 'api/receive-money/export' };
const SETTLEMENT = { method: 'GET', route: 'api/receive-money/settlement', name: 'settlement', group: 'receive-money' };

export async function up(db: Kysely<any>) {
  const exportRule = await db.selectFrom('auth_rules').select(['id', 'type']).where('hash', '=', ruleHash(EXPORT.method, EXPORT.route)).executeTakeFirst();
  // A new database has no rules yet: the sync at start declares the report's rule with the others.
  if (!exportRule) return;
  const hash = ruleHash(SETTLEMENT.method, SETTLEMENT.route);
  let report = await db.selectFrom('auth_rules').select('id').where('hash', '=', hash).executeTakeFirst();
  if (!report) {
    const now = Math.floor(Date.now() / 1000);
    // An operator who made exporting orders open to every signed-in user (or public) made the money readable
    // that way; the report follows, except public: a report of everyone's money is never public by carry-over.
    const type = exportRule.type === 'common' ? 'default' : exportRule.type;
    await db.insertInto('auth_rules').values({
      hash, method: SETTLEMENT.method, route: SETTLEMENT.route, name: SETTLEMENT.name, group: SETTLEMENT.group, type, remark: '', lock: 0, uid: 0, createTime: now, updateTime: now,
    }).execute();
    report = await db.selectFrom('auth_rules').select('id').where('hash', '=', hash).executeTakeFirstOrThrow();
  }
  const exportId = Number(exportRule.id), reportId = Number(report.id);
  const groups: Array<{ id: number; rules: string | null }> = await db.selectFrom('auth_group').select(['id', 'rules']).execute();
  for (const group of groups) {
    const held = String(group.rules ?? '').split('|').filter(Boolean).map(Number);
    if (!held.includes(exportId) || held.includes(reportId)) continue;
    await db.updateTable('auth_group').set({ rules: `|${[...held, reportId].join('|')}|` }).where('id', '=', group.id).execute();
  }
}

export default [] satisfies MigrationOp[];
