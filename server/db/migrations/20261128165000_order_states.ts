import { sql, type Kysely } from 'kysely';
import { rebuildTotals } from '../../payments/totals';
import type { MigrationOp } from '../migrate';

/**
 * Two order states of their own (issue 31 item 3):
 *  - `closed`: an operator's close was recorded as `expired`. An order closed
 *    so far is told from one that expired by its events: the move to
 *    `expired` came from an operator (`source = 'operator'`), not the expiry
 *    job. The order and those events now say `closed`.
 *  - `partially_refunded`: a paid order that an operator's refund gave part of
 *    its money back (a succeeded refund of the paid money, not of an
 *    exception) without reaching the whole, which stayed `completed`.
 * Then the dashboard's totals are counted again, with a column for each.
 * `partially_refunded` is longer than any status before it: the status
 * columns widen (MySQL; SQLite does not hold a varchar to its length).
 */
export async function up(db: Kysely<any>) {
  const closedByOperator = sql<boolean>`exists (select 1 from order_events e
    where e.orderId = receive_money.id and e.toStatus = 'expired' and e.source = 'operator')`;
  await db.updateTable('receive_money').set({ status: 'closed' }).where('status', '=', 'expired').where(closedByOperator).execute();
  // The story says what happened to the order: closed by the operator, and every later move starts from there.
  await db.updateTable('order_events').set({ toStatus: 'closed' }).where('toStatus', '=', 'expired').where('source', '=', 'operator').execute();
  await db.updateTable('order_events').set({ fromStatus: 'closed' }).where('fromStatus', '=', 'expired')
    .where('orderId', 'in', db.selectFrom('receive_money').select('id').where('status', '=', 'closed')).execute();
  const refundedInPart = sql<boolean>`exists (select 1 from refunds r
    where r.orderId = receive_money.id and r.state = 'succeeded' and r.exception = '')`;
  await db.updateTable('receive_money').set({ status: 'partially_refunded' }).where('status', '=', 'completed').where(refundedInPart).execute();
  await rebuildTotals(db);
}

const status = (name: string) => ({ name, type: 'varchar' as const, length: 18, nullable: false, default: 'pending' });
const count = (name: string) => ({ name, type: 'integer' as const, nullable: false, default: 0 });

export default [
  { op: 'alterColumn', table: 'receive_money', column: status('status') },
  { op: 'alterColumn', table: 'order_events', column: status('fromStatus') },
  { op: 'alterColumn', table: 'order_events', column: status('toStatus') },
  { op: 'addColumn', table: 'order_totals', column: count('closed') },
  { op: 'addColumn', table: 'order_totals', column: count('partially_refunded') },
] satisfies MigrationOp[];
