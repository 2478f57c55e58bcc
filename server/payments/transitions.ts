/**
 * The order state machine (README, "Architecture"): `pending` moves to
 * `completed`, `failed`, `expired` or (an operator's close) `closed`, and
 * nothing else moves. A transition is
 * one transaction: a conditional update on the current status (so two
 * instances racing for the same order cannot both win), the order-events row,
 * and, when the order has a notifyUrl, the outbox row of its merchant
 * callback. Repeating a transition that already happened changes nothing and
 * is not an error; any other move is 409.
 */
import { createHash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { FINAL_STATUSES, type OrderStatus, type TRANSITION_SOURCES } from '../../schema/options';
import { retryLostRaces } from '../db/races';
import { AppError, notFound } from '../http';
import { recordEvent, recordMoneyRevisions } from './events';
import { orderChanged } from './totals';

/** Epoch seconds: the app's clock (AppOptions.clock, which tests move) in the unit of the order columns. */
export type Clock = () => number;

export type Source = (typeof TRANSITION_SOURCES)[number];

export interface Change {
  to: Exclude<OrderStatus, 'pending' | 'refunded' | 'partially_refunded'>;
  source: Source;
  /** The operator's user id, the notification channel, or `expiry`. */
  actor: string;
  reason?: string;
  /** The gateway's transaction id. */
  reference?: string;
  /** What was paid (completed) or announced; defaults to the order's own amount. */
  amount?: number;
  currency?: string;
  paidTime?: number;
  /** sha-256 of the raw notification. */
  digest?: string;
}

export interface OrderRow {
  id: number;
  tradeNo: string;
  outTradeNo: string;
  status: OrderStatus;
  amount: number;
  currency: string;
  notifyUrl: string;
  uid: number;
  paidAmount: number;
  paidTime: number;
  channelTradeNo: string;
  channel: string;
  refundedAmount: number;
  exception: string;
  exceptionAmount: number;
  exceptionCurrency: string;
  /** How many of its exceptions are open (a summary of its order_exceptions rows, server/payments/exceptions.ts). */
  openExceptions: number;
  checkoutId: string;
  checkoutExpires: number;
  createTime: number;
  deleteTime: number;
}

export interface Outcome {
  /** False when the order already had the wanted status: nothing was written. */
  changed: boolean;
  order: OrderRow;
  eventId?: number;
}

export const ORDER_COLUMNS = [
  'id', 'tradeNo', 'outTradeNo', 'status', 'amount', 'currency', 'notifyUrl', 'uid', 'paidAmount', 'paidTime', 'channelTradeNo',
  'channel', 'refundedAmount', 'exception', 'exceptionAmount', 'exceptionCurrency', 'openExceptions', 'checkoutId', 'checkoutExpires',
  'createTime', 'deleteTime',
] as const;

export const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/** Amounts compared in cents, so 12.5 and 12.50 are the same and float noise is not a difference. */
export const sameAmount = (a: number, b: number) => Math.round(Number(a) * 100) === Math.round(Number(b) * 100);

export type OrderKey = { id: number } | { tradeNo: string };

export async function findOrder(db: Kysely<any>, key: OrderKey): Promise<OrderRow | undefined> {
  const qb = db.selectFrom('receive_money').select([...ORDER_COLUMNS]);
  const row = await ('id' in key ? qb.where('id', '=', key.id) : qb.where('tradeNo', '=', key.tradeNo)).executeTakeFirst();
  return row
    ? ({ ...row, amount: Number(row.amount), paidAmount: Number(row.paidAmount), refundedAmount: Number(row.refundedAmount),
      exceptionAmount: Number(row.exceptionAmount), openExceptions: Number(row.openExceptions), paidTime: Number(row.paidTime), createTime: Number(row.createTime), deleteTime: Number(row.deleteTime) } as OrderRow)
    : undefined;
}

function refused(order: OrderRow, to: OrderStatus): AppError {
  return new AppError(409, 'errors.order_transition', { from: order.status, to }, { status: order.status });
}

/**
 * Applies a change inside the caller's transaction (a notification records
 * itself in the same one). The conditional update of the status comes first:
 * on SQLite it takes the write lock before any read, and on MySQL the reads
 * after it see the winner's commit. The order read next still holds what the
 * payment overwrites (its reference, paid amount and time), so the history
 * records them as they were; they are written after it.
 */
export async function applyIn(trx: Transaction<any>, key: OrderKey, change: Change, clock: Clock): Promise<Outcome> {
  const now = clock();
  const where = 'id' in key ? (['id', key.id] as const) : (['tradeNo', key.tradeNo] as const);
  const result = await trx.updateTable('receive_money').set({ status: change.to, updateTime: now })
    .where(where[0], '=', where[1]).where('status', '=', 'pending').executeTakeFirst();
  const current = await findOrder(trx, key);
  if (!current) throw notFound('errors.order_not_found');
  if (Number(result.numUpdatedRows) === 0) {
    if (current.status === change.to) return { changed: false, order: current };
    throw refused(current, change.to);
  }
  const patch: Partial<OrderRow> = {};
  if (change.reference) patch.channelTradeNo = change.reference.slice(0, 128);
  if (change.to === 'completed') {
    // A notice's own payment time (connectors give none, or a positive one), else now.
    patch.paidTime = change.paidTime || now;
    // An operator's mark-paid without an amount: the order's own amount was paid.
    patch.paidAmount = change.amount ?? current.amount;
  }
  if (Object.keys(patch).length) await trx.updateTable('receive_money').set(patch).where('id', '=', current.id).execute();
  const order: OrderRow = { ...current, ...patch };
  await recordMoneyRevisions(trx, { orders: [{ before: { ...current, status: 'pending' }, after: order }] }, change, now);
  // The dashboard's totals move with the status, in this transaction.
  await orderChanged(trx, { ...current, status: 'pending' }, order);
  const eventId = await recordEvent(trx, order, {
    from: 'pending', to: change.to, source: change.source, actor: change.actor, reference: change.reference,
    amount: change.amount ?? order.amount, currency: change.currency ?? order.currency, reason: change.reason, digest: change.digest,
  }, { type: `order.${change.to}` }, now);
  return { changed: true, order, eventId };
}

export interface TransitionDeps {
  db: Kysely<any>;
  clock: Clock;
  /** The column of a unique-key violation, from the database's dialect adapter. */
  uniqueViolation(error: unknown): string | undefined;
  /** After commit: caches drop the order, the outbox looks for new work. */
  committed(outcome: Outcome): Promise<void> | void;
}

/** One transition in its own transaction; `also` writes more in it when the order moved (an operation-log row). */
export async function transition(
  deps: TransitionDeps, key: OrderKey, change: Change, also?: (trx: Transaction<any>, outcome: Outcome) => Promise<void>,
): Promise<Outcome> {
  const outcome = await retryLostRaces(() => deps.db.transaction().execute(async (trx) => {
    const result = await applyIn(trx, key, change, deps.clock);
    if (result.changed && also) await also(trx, result);
    return result;
  }));
  if (outcome.changed) await deps.committed(outcome);
  return outcome;
}

export const isFinal = (status: string) => (FINAL_STATUSES as readonly string[]).includes(status);
