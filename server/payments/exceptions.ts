/**
 * Money that arrives where it does not fit the order is kept, never dropped
 * (BTCPay's "paid late", "paid partial", "paid over"): the order is flagged
 * with the exception, the amount and the reference, an event joins its story
 * and the merchant gets an `order.exception` callback. The flag stays until an
 * operator accepts the money or refunds it (refund-routes.ts `resolve`).
 */
import type { Transaction } from 'kysely';
import { PAID_STATUSES, type OrderException } from '../../schema/options';
import type { PaymentNotice } from './connectors/connector';
import { recordEvent, recordMoneyRevisions } from './events';
import { orderChanged } from './totals';
import { findOrder, sameAmount, type OrderRow, type Source } from './transitions';

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
 * Flags `order` (as read in this transaction). The update is conditional on
 * what was read, so a flag racing a transition or another flag is not lost:
 * null means the order moved meanwhile and the caller decides again. Two
 * payments of the same exception and currency add up.
 */
export async function flagException(trx: Transaction<any>, order: OrderRow, input: FlagInput, now: number): Promise<OrderRow | null> {
  const { notice } = input;
  const adds = order.exception === input.exception && order.exceptionCurrency === notice.currency;
  const exceptionAmount = Math.round(((adds ? order.exceptionAmount : 0) + input.amount) * 100) / 100;
  const result = await trx.updateTable('receive_money')
    .set({
      exception: input.exception, exceptionAmount, exceptionCurrency: notice.currency, updateTime: now,
      // Where a refund of this money goes: the order's own transaction, if it had none yet.
      // Stryker disable next-line MethodExpression: equivalent today; every connector's reference fits 128 (manual's schema caps it, Stripe's ids are about 30 characters).
      ...(!order.channelTradeNo && notice.reference && { channelTradeNo: notice.reference.slice(0, 128) }),
    })
    .where('id', '=', order.id).where('status', '=', order.status)
    .where('exception', '=', order.exception).where('exceptionAmount', '=', order.exceptionAmount)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return null;
  const after = (await findOrder(trx, { id: order.id }))!;
  await recordMoneyRevisions(trx, { orders: [{ before: order, after }] }, input, now);
  await orderChanged(trx, order, after);
  await recordEvent(trx, after, {
    from: order.status, to: after.status, source: input.source, actor: input.actor, reference: notice.reference,
    amount: notice.amount, currency: notice.currency, digest: input.digest, exception: input.exception,
  }, {
    type: 'order.exception',
    data: { received: { amount: notice.amount, currency: notice.currency, reference: notice.reference } },
  }, now);
  return after;
}
