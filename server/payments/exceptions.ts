/**
 * Money that arrives where it does not fit the order is kept, never dropped
 * (BTCPay's "paid late", "paid partial", "paid over"): each such payment is
 * its own `order_exceptions` row (kind, amount, currency, reference), written
 * in the transaction that records the payment, with an event in the order's
 * story and an `order.exception` callback to the merchant. An order may hold
 * several; each stays open until an operator accepts or refunds it
 * (refund-routes.ts `resolve`).
 *
 * The order's `exception`, `exceptionAmount`, `exceptionCurrency` and
 * `openExceptions` columns are a summary of its open rows (the newest one,
 * and how many), rewritten by `summarize` alone from the rows: the rows are
 * the one truth, the columns what the orders list filters and badges on.
 */
import type { Kysely, Transaction } from 'kysely';
import { PAID_STATUSES, type ExceptionState, type OrderException } from '../../schema/options';
import type { PaymentNotice } from './connectors/connector';
import { recordEvent, recordMoneyRevisions } from './events';
import { exceptionCounted } from './totals';
import { findOrder, sameAmount, type OrderRow, type Source } from './transitions';

export interface ExceptionRow {
  id: number;
  orderId: number;
  tradeNo: string;
  kind: OrderException;
  amount: number;
  currency: string;
  reference: string;
  state: ExceptionState;
  reason: string;
  resolvedBy: string;
  resolvedTime: number;
  refundId: number;
  uid: number;
  createTime: number;
  updateTime: number;
}

export async function findException(db: Kysely<any>, where: { id: number } | { refundId: number }): Promise<ExceptionRow | undefined> {
  const [column, value] = Object.entries(where)[0]!;
  const row = await db.selectFrom('order_exceptions').selectAll().where(column, '=', value).executeTakeFirst();
  return row ? ({ ...row, amount: Number(row.amount), resolvedTime: Number(row.resolvedTime), createTime: Number(row.createTime) } as ExceptionRow) : undefined;
}

/** The open exceptions of an order, oldest first. */
export async function openExceptions(db: Kysely<any>, orderId: number): Promise<ExceptionRow[]> {
  const rows = await db.selectFrom('order_exceptions').selectAll().where('orderId', '=', orderId).where('state', '=', 'open').orderBy('id').execute();
  return rows.map((row) => ({ ...row, amount: Number(row.amount) }) as ExceptionRow);
}

/** Rewrites the order's summary columns from its open rows (the only writer of them). */
export async function summarize(trx: Transaction<any>, orderId: number, now: number): Promise<void> {
  const open = await openExceptions(trx, orderId);
  const newest = open.at(-1);
  await trx.updateTable('receive_money').set({
    openExceptions: open.length, exception: newest?.kind ?? '', exceptionAmount: newest?.amount ?? 0, exceptionCurrency: newest?.currency ?? '', updateTime: now,
  }).where('id', '=', orderId).execute();
}

/**
 * Moves one exception out of `from` (conditional, so two resolutions racing
 * for it cannot both win): false when it was not there any more.
 */
export async function moveException(
  trx: Transaction<any>, exception: ExceptionRow, from: ExceptionState, to: Partial<ExceptionRow>, now: number,
): Promise<boolean> {
  const moved = await trx.updateTable('order_exceptions').set({ ...to, updateTime: now })
    .where('id', '=', exception.id).where('state', '=', from).executeTakeFirst();
  return Number(moved.numUpdatedRows) > 0;
}

/** Which exception a payment of `notice` makes on `order` as it now stands, or null when it fits (or changes nothing). */
export function exceptionOf(order: OrderRow, notice: PaymentNotice): OrderException | 'fits' | 'already-paid' {
  if (notice.currency !== order.currency) return 'wrong_currency';
  if (PAID_STATUSES.includes(order.status)) return 'already-paid';
  if (order.status !== 'pending') return 'paid_late';
  if (sameAmount(notice.amount, order.amount)) return 'fits';
  // Stryker disable next-line EqualityOperator: equivalent; amounts equal to the cent returned 'fits' above, so `<=` decides the same.
  return notice.amount < order.amount ? 'underpaid' : 'overpaid';
}

export interface FlagInput {
  exception: OrderException;
  /** What the exception holds: what was received, or for an overpayment what came on top of the amount. */
  amount: number;
  notice: PaymentNotice;
  source: Source;
  actor: string;
  digest: string;
}

/**
 * Records the payment as a new exception of `order` (as read in this
 * transaction). The kind was decided on the order's status as read: the
 * write is conditional on it, so a flag racing a transition is not made on a
 * stale decision; null means the order moved meanwhile and the caller
 * decides again. Every payment is a row of its own: a second one never
 * replaces or adds to the first.
 */
export async function flagException(trx: Transaction<any>, order: OrderRow, input: FlagInput, now: number): Promise<OrderRow | null> {
  const { notice } = input;
  const result = await trx.updateTable('receive_money').set({ updateTime: now })
    .where('id', '=', order.id).where('status', '=', order.status)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return null;
  // Where a refund of this money goes: the order's own transaction, if it had none yet (as it stands, not as read).
  if (notice.reference) {
    // Stryker disable next-line MethodExpression: equivalent today; every connector's reference fits 128 (manual's schema caps it, Stripe's ids are about 30 characters).
    await trx.updateTable('receive_money').set({ channelTradeNo: notice.reference.slice(0, 128) }).where('id', '=', order.id).where('channelTradeNo', '=', '').execute();
  }
  const row = {
    orderId: order.id, tradeNo: order.tradeNo, kind: input.exception, amount: Math.round(input.amount * 100) / 100, currency: notice.currency,
    reference: (notice.reference ?? '').slice(0, 128), state: 'open', reason: '', resolvedBy: '', resolvedTime: 0, refundId: 0,
    uid: order.uid, createTime: now, updateTime: now,
  };
  const inserted = await trx.insertInto('order_exceptions').values(row).executeTakeFirstOrThrow();
  const exceptionId = Number(inserted.insertId);
  await summarize(trx, order.id, now);
  const after = (await findOrder(trx, { id: order.id }))!;
  await recordMoneyRevisions(trx, { orders: [{ before: order, after }], exceptions: [{ after: { ...row, id: exceptionId } }] }, input, now);
  await exceptionCounted(trx, after, input.exception, 1);
  await recordEvent(trx, after, {
    from: order.status, to: after.status, source: input.source, actor: input.actor, reference: notice.reference,
    amount: notice.amount, currency: notice.currency, digest: input.digest, exception: input.exception,
  }, {
    type: 'order.exception',
    data: {
      received: { amount: notice.amount, currency: notice.currency, reference: notice.reference },
      exceptionId, openExceptions: after.openExceptions,
    },
  }, now);
  return after;
}
