/**
 * What every move of money leaves behind, in the transaction that makes it:
 * an `order-events` row (the order's story) and, when the order has a
 * notifyUrl, the outbox row of its merchant callback. Transitions, flagged
 * exceptions, their resolution and refunds all write through `recordEvent`,
 * so a verified money movement always lands where an operator sees it and
 * where the merchant hears of it.
 */
import type { Transaction } from 'kysely';
import { orderExceptions, receiveMoney, refunds } from '../../schema';
import type { Resource } from '../../schema/define';
import type { OrderStatus } from '../../schema/options';
import { recordRevisions, type Author, type RowChange } from '../engine/revisions';
import type { OrderRow, Source } from './transitions';

export interface EventInput {
  from: OrderStatus;
  to: OrderStatus;
  source: Source;
  /** The operator's user id, the notification channel, or `expiry`. */
  actor: string;
  reference?: string;
  amount: number;
  currency: string;
  reason?: string;
  digest?: string;
  exception?: string;
  refundId?: number;
}

/** The merchant callback's Standard Webhooks `type` (`order.completed`, `order.refunded`, `order.exception`…) and what it adds to the order's data. */
export interface CallbackInput {
  type: string;
  data?: Record<string, unknown>;
}

/** The callback a merchant receives (Standard Webhooks `type` + `data`): the order as it now stands, and what happened. */
export function callbackPayload(order: OrderRow, event: EventInput, callback: CallbackInput, eventId: number, at: number) {
  return {
    type: callback.type,
    timestamp: new Date(at * 1000).toISOString(),
    data: {
      tradeNo: order.tradeNo, outTradeNo: order.outTradeNo, status: order.status, from: event.from,
      amount: order.amount, currency: order.currency,
      paidAmount: order.paidAmount, paidTime: order.paidTime, channelTradeNo: order.channelTradeNo,
      refundedAmount: order.refundedAmount, exception: order.exception,
      source: event.source, reason: event.reason ?? '', eventId,
      ...callback.data,
    },
  };
}

/** Writes the event and, when the merchant listens, its callback; `order` is the order after the change. */
export async function recordEvent(trx: Transaction<any>, order: OrderRow, event: EventInput, callback: CallbackInput | null, now: number): Promise<number> {
  const inserted = await trx.insertInto('order_events').values({
    orderId: order.id, tradeNo: order.tradeNo, fromStatus: event.from, toStatus: event.to,
    source: event.source, actor: event.actor.slice(0, 64), reference: (event.reference ?? '').slice(0, 128),
    amount: event.amount, currency: event.currency, reason: (event.reason ?? '').slice(0, 256), digest: event.digest ?? '',
    exception: event.exception ?? '', refundId: event.refundId ?? 0,
    uid: order.uid, createTime: now, updateTime: now,
  }).executeTakeFirstOrThrow();
  const eventId = Number(inserted.insertId);
  if (callback && order.notifyUrl) {
    const payload = callbackPayload(order, event, callback, eventId, now);
    await trx.insertInto('callbacks').values({
      orderId: order.id, eventId, tradeNo: order.tradeNo, messageId: `msg_${order.id}_${eventId}`, url: order.notifyUrl,
      payload: JSON.stringify(payload), state: 'pending', tries: 0, attempts: '[]', lastCode: 0,
      nextTime: now, leaseUntil: 0, leaseOwner: '', deliveredTime: 0, uid: order.uid, createTime: now, updateTime: now,
    }).execute();
  }
  return eventId;
}

/** Who moved the money: an operator by his user id; otherwise the source and the channel or job (`notify:stripe`, `expiry`). */
function paymentAuthor(source: Source, actor: string): Author {
  if (/^[1-9]\d*$/.test(actor)) return { userId: Number(actor), apiKeyId: 0, actor: '' };
  return { userId: 0, apiKeyId: 0, actor: actor && actor !== source ? `${source}:${actor}` : source };
}

/**
 * The history of a money move (server/engine/revisions.ts), in its
 * transaction: the order's fields, its refunds' and its exceptions' as they were and became.
 */
export async function recordMoneyRevisions(
  trx: Transaction<any>, changes: { orders?: RowChange[]; refunds?: RowChange[]; exceptions?: RowChange[] }, who: { source: Source; actor: string }, now: number,
): Promise<void> {
  const author = paymentAuthor(who.source, who.actor);
  const tables: Array<[Resource, RowChange[] | undefined]> = [[receiveMoney as unknown as Resource, changes.orders], [refunds as unknown as Resource, changes.refunds],
    [orderExceptions as unknown as Resource, changes.exceptions]];
  for (const [r, rows] of tables) {
    if (rows?.length) await recordRevisions(trx, r, { action: 'payment', author, time: now, rows });
  }
}
