import type { Kysely } from 'kysely';
import { ruleHash } from '../rule-hash';
import { rebuildTotals } from '../../payments/totals';
import type { MigrationOp } from '../migrate';

/**
 * The dashboard's running totals (server/payments/totals.ts), filled from
 * the orders and refunds already there, and the dashboard's rule, given to
 * every group that may list orders: those who read orders see their figures.
 * The rule is written here, before the rule sync at start would add it, so
 * that the groups can name it; the sync then finds it by its hash. A new
 * database has no rules yet: the sync declares it with the others.
 */
export async function up(db: Kysely<any>) {
  await rebuildTotals(db);
  const rows = await db.selectFrom('auth_rules').select('id').where('method', '=', 'GET').where('route', '=', 'api/receive-money/rows').executeTakeFirst();
  if (!rows) return;
  const now = Math.floor(Date.now() / 1000);
  const hash = ruleHash('GET', 'api/dashboard/figures');
  let rule = await db.selectFrom('auth_rules').select('id').where('hash', '=', hash).executeTakeFirst();
  if (!rule) {
    await db.insertInto('auth_rules').values({
      hash, method: 'GET', route: 'api/dashboard/figures', name: 'figures', group: 'dashboard', type: 'default', remark: '', lock: 0, uid: 0, createTime: now, updateTime: now,
    }).execute();
    rule = await db.selectFrom('auth_rules').select('id').where('hash', '=', hash).executeTakeFirstOrThrow();
  }
  const granted = Number(rule.id);
  const groups: Array<{ id: number; rules: string | null }> = await db.selectFrom('auth_group').select(['id', 'rules']).execute();
  for (const group of groups) {
    const held = String(group.rules ?? '').split('|').filter(Boolean).map(Number);
    if (!held.includes(Number(rows.id)) || held.includes(granted)) continue;
    await db.updateTable('auth_group').set({ rules: `|${[...held, granted].join('|')}|` }).where('id', '=', group.id).execute();
  }
}

const column = (name: string, type: 'integer' | 'bigint' = 'integer') => ({ name, type, nullable: false, default: 0 });
const id = { name: 'id', type: 'increments' as const, nullable: false };
const key = [id, column('uid'), column('hour', 'bigint'), { name: 'currency', type: 'varchar' as const, length: 16, nullable: false, default: '' }];
// The statuses and exceptions of orders, and the buckets of the delay histogram, as they were when the totals began.
const counts = ['pending', 'completed', 'failed', 'expired', 'refunded', 'paid_late', 'underpaid', 'overpaid', 'wrong_currency'];
const delays = Array.from({ length: 18 }, (_, i) => `d${i}`);

export default [
  { op: 'createTable', table: 'order_totals', columns: [...key, ...counts.map((c) => column(c))] },
  { op: 'createIndex', table: 'order_totals', name: 'order_totals_key_unique', columns: ['uid', 'hour', 'currency'], unique: true },
  {
    op: 'createTable', table: 'money_totals',
    columns: [...key, column('paidCents', 'bigint'), column('payments'), column('refundedCents', 'bigint'), column('refunds'), ...delays.map((c) => column(c))],
  },
  { op: 'createIndex', table: 'money_totals', name: 'money_totals_key_unique', columns: ['uid', 'hour', 'currency'], unique: true },
] satisfies MigrationOp[];
