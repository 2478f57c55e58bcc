/**
 * Refunds: several per order, never more in total than was paid. A refund is
 * made in three steps so that a crash anywhere makes exactly one refund at
 * the provider:
 *  1. one transaction reserves the amount on the order (a conditional update,
 *     so concurrent refunds cannot pass the cap together) and inserts the
 *     `refunds` row, `pending`, with the idempotency key the provider gets;
 *  2. the provider is asked, with that key;
 *  3. one transaction settles the row (`succeeded` or `failed`), writes the
 *     order's event and the merchant's `order.refunded` callback, and turns the
 *     order `partially_refunded` or, once all it was paid went back, `refunded`;
 *     a failure gives the reservation back.
 * A crash between 2 and 3 leaves the row pending: the same request again
 * (same Idempotency-Key) or the resume job asks the provider again with the
 * same key, and the provider answers the refund it already made.
 */
import { randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import { sql } from 'kysely';
import { REFUNDABLE_STATUSES, type OrderException, type PayProvider, type RefundState } from '../../schema/options';
import { minorDigits, decimalsOf } from '../../schema/money';
import { AppError } from '../http';
import { t } from '../i18n';
import { invalid } from '../engine/params';
import type { Connector, RefundNotice, RefundResult } from './connectors/connector';
import { recordEvent, recordMoneyRevisions } from './events';
import { exceptionCounted, orderChanged, refundSettled } from './totals';
import { findException, moveException, summarize, type ExceptionRow } from './exceptions';
import { findOrder, type OrderRow, type TransitionDeps } from './transitions';
import { checkoutOrder } from './orders';
import { retryLostRaces } from '../db/races';

export interface RefundDeps extends TransitionDeps {
  connectors: Record<PayProvider, Connector>;
}

export interface RefundRow {
  id: number;
  orderId: number;
  tradeNo: string;
  channel: string;
  amount: number;
  currency: string;
  state: RefundState;
  reason: string;
  exception: string;
  reference: string;
  idempotencyKey: string;
  failure: string;
  actor: string;
  uid: number;
}

export interface RefundAsk {
  /** Blank: what is left of the paid amount (never for an exception: it is refunded whole, capped by its own amount). */
  amount?: number;
  /** At most 256 characters (the route's input, server/payments/inputs.ts), as the column. */
  reason: string;
  /** The operator's user id. */
  actor: string;
  /** Refund this exception of the order (the money of one payment that did not fit), whole, instead of what it was paid. */
  exceptionId?: number;
  /** Derived from the caller's Idempotency-Key: the same key resumes the same refund instead of making another. */
  key?: string;
  /** Runs inside the reserving transaction (the operation-log row). */
  audit?(trx: Transaction<any>): Promise<void>;
}

const cents = (n: number) => Math.round(n * 100) / 100;
/** Whether a refund of this kind counts against the paid amount (and moves `refundedAmount`). */
const countsAgainstPaid = (exception: string) => exception === '' || exception === 'overpaid';

async function findRefund(db: TransitionDeps['db'], where: { id: number } | { idempotencyKey: string } | { reference: string }) {
  const [column, value] = Object.entries(where)[0]!;
  const row = await db.selectFrom('refunds').selectAll().where(column, '=', value).executeTakeFirst();
  return row ? ({ ...row, amount: Number(row.amount) } as RefundRow) : undefined;
}

/** Step 1: reserves and records the refund; answers the pending row (or the one this key already made). */
async function reserve(deps: RefundDeps, order: OrderRow, ask: RefundAsk): Promise<RefundRow> {
  // Stryker disable ConditionalExpression,BlockStatement: equivalent; without this look the second reservation fails on the
  // key's unique index (or on the cap) and the catch below answers the same refund; it only spares a transaction.
  if (ask.key) {
    const earlier = await findRefund(deps.db, { idempotencyKey: ask.key });
    if (earlier) return earlier;
  }
  // Stryker restore ConditionalExpression,BlockStatement
  const now = deps.clock();
  const id = await retryLostRaces(() => deps.db.transaction().execute(async (trx) => {
    const current = (await findOrder(trx, { id: order.id }))!;
    let exception: OrderException | '' = '';
    let claimed: ExceptionRow | undefined;
    let amount: number;
    let currency = current.currency;
    if (ask.exceptionId) {
      claimed = await findException(trx, { id: ask.exceptionId });
      if (claimed?.orderId !== current.id || claimed.state !== 'open') throw new AppError(409, 'errors.no_exception');
      exception = claimed.kind;
      // An exception goes back whole, and never more than it holds: its own amount, in its own currency.
      amount = claimed.amount;
      currency = claimed.currency || current.currency;
      // Claimed by moving it out of `open`: a second resolve of it finds none.
      if (!(await moveException(trx, claimed, 'open', { state: 'refunded', reason: ask.reason, resolvedBy: ask.actor, resolvedTime: now }, now))) {
        throw new AppError(409, 'errors.no_exception');
      }
      if (countsAgainstPaid(exception)) {
        await trx.updateTable('receive_money').set({ refundedAmount: sql`refundedAmount + ${amount}` }).where('id', '=', current.id).execute();
      }
      await summarize(trx, current.id, now);
      await exceptionCounted(trx, current, exception, -1);
    } else {
      if (!REFUNDABLE_STATUSES.includes(current.status)) throw new AppError(409, 'errors.refund_not_paid', { status: current.status });
      const left = cents(current.paidAmount - current.refundedAmount);
      amount = ask.amount ?? left;
      const digits = minorDigits(currency);
      if (!(amount > 0) || decimalsOf(amount) > digits) invalid([{ field: 'amount', message: 'validation.refund_amount', params: { left, currency } }]);
      // The cap, checked by the database on the row itself: two refunds at once cannot both fit.
      const reserved = await trx.updateTable('receive_money')
        .set({ refundedAmount: sql`refundedAmount + ${amount}`, updateTime: now })
        .where('id', '=', current.id).where('status', 'in', [...REFUNDABLE_STATUSES])
        .where(sql<boolean>`refundedAmount + ${amount} <= paidAmount + 0.001`).executeTakeFirst();
      if (Number(reserved.numUpdatedRows) === 0) invalid([{ field: 'amount', message: 'validation.refund_over', params: { left, currency } }]);
    }
    const refund = {
      orderId: current.id, tradeNo: current.tradeNo, channel: current.channel, amount, currency, state: 'pending',
      reason: ask.reason, exception, reference: '', failure: '', actor: ask.actor,
      idempotencyKey: ask.key ?? `rf_${current.id}_${randomBytes(12).toString('hex')}`,
      uid: current.uid, createTime: now, updateTime: now,
    };
    const inserted = await trx.insertInto('refunds').values(refund).executeTakeFirstOrThrow();
    const refundId = Number(inserted.insertId);
    if (claimed) await trx.updateTable('order_exceptions').set({ refundId }).where('id', '=', claimed.id).execute();
    await recordMoneyRevisions(trx, {
      orders: [{ before: current, after: await findOrder(trx, { id: current.id }) }],
      refunds: [{ after: { ...refund, id: refundId } }],
      ...(claimed && { exceptions: [{ before: claimed, after: { ...claimed, state: 'refunded', reason: ask.reason, resolvedBy: ask.actor, resolvedTime: now, refundId } }] }),
    }, { source: 'refund', actor: ask.actor }, now);
    await ask.audit?.(trx);
    return Number(inserted.insertId);
  })).catch(async (error: unknown) => {
    // A twin request with the same key (a retry racing the first) recorded the refund first, and this one's reservation
    // failed on it (the key taken, or the amount it reserved no longer left): this one rolled back and resumes that refund.
    const earlier = ask.key ? await findRefund(deps.db, { idempotencyKey: ask.key }) : undefined;
    if (earlier) return earlier.id;
    throw error;
  });
  return (await findRefund(deps.db, { id }))!;
}

/** Step 2: asks the provider (again, with the same key, when resuming). A provider that cannot be reached leaves the refund pending. */
async function askProvider(deps: RefundDeps, refund: RefundRow): Promise<RefundResult | null> {
  const order = await checkoutOrder(deps.db, refund.orderId);
  const connector = deps.connectors[refund.channel as PayProvider] ?? deps.connectors.manual;
  try {
    return await connector.refund({
      order, refundId: refund.id, amount: refund.amount, currency: refund.currency, reason: refund.reason, idempotencyKey: refund.idempotencyKey,
    });
  } catch (error) {
    // Our own refusal (the channel no longer set up), in words like the provider's own refusals beside it: the column, the
    // order's story and the merchant's callback carry text, and a bare message key with its parameters lost says nothing.
    if (error instanceof AppError && error.code < 500) return { state: 'failed', reference: '', failure: t('en-us', error.key, error.params) };
    return null;
  }
}

/**
 * Step 3: settles a pending refund once (conditional on `pending`). Success
 * writes the order's event and callback and may make the order `refunded`;
 * failure gives the reserved amount, or the exception, back.
 */
export async function settleRefund(deps: RefundDeps, refundId: number, result: RefundResult): Promise<RefundRow> {
  const now = deps.clock();
  const settled = await retryLostRaces(() => deps.db.transaction().execute(async (trx) => {
    const refund = (await findRefund(trx, { id: refundId }))!;
    if (result.state === 'pending') {
      if (result.reference && !refund.reference) {
        // Stryker disable next-line MethodExpression: equivalent for Stripe's refund ids (about 30 characters); kept, as a provider's text is not ours to trust with a column's length.
        const reference = result.reference.slice(0, 128);
        await trx.updateTable('refunds').set({ reference, updateTime: now }).where('id', '=', refundId).execute();
        await recordMoneyRevisions(trx, { refunds: [{ before: refund, after: { ...refund, reference } }] }, { source: 'refund', actor: refund.channel }, now);
      }
      return false;
    }
    // Stryker disable next-line MethodExpression: equivalent for Stripe's ids and failure reasons (short words); kept, as a provider's text is not ours to trust with a column's length.
    const outcome = { state: result.state, reference: (result.reference || refund.reference).slice(0, 128), failure: (result.failure ?? '').slice(0, 256) };
    const moved = await trx.updateTable('refunds').set({ ...outcome, updateTime: now })
      .where('id', '=', refundId).where('state', '=', 'pending').executeTakeFirst();
    if (Number(moved.numUpdatedRows) === 0) return false;
    const order = (await findOrder(trx, { id: refund.orderId }))!;
    // The history of the settled refund and of its order as the branch below leaves it.
    const remember = (after: OrderRow) => recordMoneyRevisions(trx, {
      orders: [{ before: order, after }], refunds: [{ before: refund, after: { ...refund, ...outcome } }],
    }, { source: 'refund', actor: result.state === 'failed' ? refund.channel : refund.actor }, now);
    const against = countsAgainstPaid(refund.exception);
    if (result.state === 'failed') {
      await trx.updateTable('receive_money').set({
        updateTime: now,
        ...(against && { refundedAmount: sql`refundedAmount - ${refund.amount}` }),
      }).where('id', '=', order.id).execute();
      // The money is still with us: its exception is open again for the operator.
      const sentBack = refund.exception ? await findException(trx, { refundId }) : undefined;
      if (sentBack && (await moveException(trx, sentBack, 'refunded', { state: 'open', reason: '', resolvedBy: '', resolvedTime: 0, refundId: 0 }, now))) {
        await summarize(trx, order.id, now);
        await exceptionCounted(trx, order, sentBack.kind, 1);
      }
      const after = (await findOrder(trx, { id: order.id }))!;
      await remember(after);
      await orderChanged(trx, order, after);
      await recordEvent(trx, after, {
        from: order.status, to: after.status, source: 'refund', actor: refund.channel, reference: result.reference, amount: refund.amount,
        currency: refund.currency, reason: result.failure ?? 'refund failed', refundId, exception: refund.exception,
      }, null, now);
      return true;
    }
    const { total } = await trx.selectFrom('refunds').select(sql<number>`coalesce(sum(amount), 0)`.as('total'))
      .where('orderId', '=', order.id).where('state', '=', 'succeeded').where('exception', 'in', ['', 'overpaid']).executeTakeFirstOrThrow();
    // Money the order was paid went back: all of it (an overpayment's return included), or part of it by an operator's
    // refund (an overpayment sent back alone leaves the order as paid as it was asked).
    const whole = cents(Number(total)) >= cents(order.paidAmount);
    if (against && REFUNDABLE_STATUSES.includes(order.status) && (whole || refund.exception === '')) {
      const status = whole ? 'refunded' : 'partially_refunded';
      await trx.updateTable('receive_money').set({ status, updateTime: now }).where('id', '=', order.id).where('status', 'in', [...REFUNDABLE_STATUSES]).execute();
    }
    const after = (await findOrder(trx, { id: order.id }))!;
    await remember(after);
    await orderChanged(trx, order, after);
    await refundSettled(trx, refund, now);
    await recordEvent(trx, after, {
      from: order.status, to: after.status, source: 'refund', actor: refund.actor, reference: result.reference, amount: refund.amount,
      currency: refund.currency, reason: refund.reason, refundId, exception: refund.exception,
    }, {
      type: 'order.refunded',
      data: {
        refund: { id: refund.id, amount: refund.amount, currency: refund.currency, reason: refund.reason, reference: result.reference, exception: refund.exception },
        remaining: cents(after.paidAmount - after.refundedAmount),
      },
    }, now);
    return true;
  }));
  const refund = (await findRefund(deps.db, { id: refundId }))!;
  if (settled) await deps.committed({ changed: true, order: (await findOrder(deps.db, { id: refund.orderId }))! });
  return refund;
}

/** Makes (or, with the same key, resumes) a refund; answers it as it now stands. */
export async function refundOrder(deps: RefundDeps, order: OrderRow, ask: RefundAsk): Promise<RefundRow> {
  const refund = await reserve(deps, order, ask);
  if (refund.state !== 'pending' || refund.reference) return refund;
  const result = await askProvider(deps, refund);
  return result ? settleRefund(deps, refund.id, result) : refund;
}

/** A provider's word on a refund (Stripe's `charge.refunded` / `refund.updated`), by our key or its id. */
export async function applyRefundNotice(deps: RefundDeps, notice: RefundNotice): Promise<RefundRow | null> {
  const refund = (notice.refundKey && (await findRefund(deps.db, { idempotencyKey: notice.refundKey })))
    || (notice.reference && (await findRefund(deps.db, { reference: notice.reference })));
  if (refund) return settleRefund(deps, refund.id, { state: notice.state, reference: notice.reference, failure: notice.failure });
  return notice.taken && notice.state === 'succeeded' ? recordTakenBack(deps, notice, notice.taken) : null;
}

/**
 * Money the provider took back on its own (a reversal, a chargeback): a refund of the order of that payment, made
 * by the provider (its actor is the channel), of what it took but never more than is left; told once however often
 * the provider tells it (its key is the provider's id). Null when it is about no order of ours or nothing is left.
 */
async function recordTakenBack(deps: RefundDeps, notice: RefundNotice, taken: NonNullable<RefundNotice['taken']>): Promise<RefundRow | null> {
  const row = await deps.db.selectFrom('receive_money').select('id').where('channelTradeNo', '=', taken.payment).executeTakeFirst();
  const order = row && (await findOrder(deps.db, { id: Number(row.id) }));
  if (!order || !REFUNDABLE_STATUSES.includes(order.status)) return null;
  const left = cents(order.paidAmount - order.refundedAmount);
  if (!(left > 0)) return null;
  // In another currency than the order's (never seen): all that is left went back.
  const amount = taken.currency === order.currency ? Math.min(cents(taken.amount), left) : left;
  const refund = await reserve(deps, order, { amount, reason: 'taken back by the provider (reversal)', actor: order.channel, key: `taken_${notice.reference}`.slice(0, 128) });
  return settleRefund(deps, refund.id, { state: 'succeeded', reference: notice.reference });
}

/** How long a refund may wait for its provider's answer before the resume job asks again with the same key. */
export const RESUME_AFTER_SECONDS = 60;

/** The resume job: refunds the provider never answered (a crash, a timeout) are asked again, with the same key. */
export async function resumeRefunds(deps: RefundDeps, limit = 50): Promise<number> {
  const stale = await deps.db.selectFrom('refunds').select('id').where('state', '=', 'pending').where('reference', '=', '')
    .where('updateTime', '<=', deps.clock() - RESUME_AFTER_SECONDS).orderBy('id').limit(limit).execute();
  let settled = 0;
  for (const { id } of stale) {
    const refund = (await findRefund(deps.db, { id }))!;
    const result = await askProvider(deps, refund);
    if (result) {
      await settleRefund(deps, id, result);
      settled++;
    }
  }
  return settled;
}
