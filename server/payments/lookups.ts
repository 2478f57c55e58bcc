/**
 * Keeping Paydesk and the provider in step without trusting webhooks alone.
 *
 * - A pending order with an open checkout is looked up at its provider: by a
 *   job, and when the payer lands on the result page (`check`). What the
 *   provider says goes through `applyNotification` under a synthetic id of
 *   the session and its status, so it is applied once, like a webhook.
 * - An order that ends (expired, failed, closed) while its checkout is open
 *   has that checkout expired at the provider, so nobody pays an order
 *   Paydesk has closed; when the provider cannot be reached the job retries.
 *
 * `checkoutUrl` is blank once the checkout is known to be over at the
 * provider; `lookedUpTime` is when the provider was last asked (for a session
 * just made, a minute ahead: its webhook gets two minutes before the job
 * asks). Both live in the database, so every instance agrees on them.
 */
import type { Kysely } from 'kysely';
import { PAY_PROVIDERS, UNPAID_END_STATUSES, type PayProvider } from '../../schema/options';
import { receiveMoney } from '../../schema/resources/receive-money';
import { inTrash } from '../engine/store';
import type { CheckoutOrder, Connector, PaymentNotice } from './connectors/connector';
import { applyNotification } from './notify';
import { sha256, type Outcome, type TransitionDeps } from './transitions';

export type Connectors = Record<PayProvider, Connector>;

/** The providers whose connector does `what` (an order's `channel` holds the provider's name). */
const providersWith = (connectors: Connectors, what: 'lookup' | 'expireCheckout') =>
  PAY_PROVIDERS.filter((name) => connectors[name][what]);

export interface PayOrder extends CheckoutOrder {
  channel: string;
  lookedUpTime: number;
  uid: number;
}

const COLUMNS = [
  'id', 'tradeNo', 'title', 'describe', 'amount', 'currency', 'payType', 'status', 'expireTime', 'payUrl', 'checkoutId', 'checkoutUrl',
  'checkoutExpires', 'channelTradeNo', 'channel', 'lookedUpTime', 'uid',
] as const;

/** The job asks about a checkout at most once a minute, and the result page at most once per 10 s. */
export const JOB_EVERY = 60;
export const CHECK_EVERY = 10;
/** A session made now is first asked about by the job after two minutes (JOB_EVERY plus this). */
export const FIRST_LOOK_DELAY = 60;
/** How long after its end a checkout is still asked about (a payment made in its last second). */
const AFTER_END = 3600;
const BATCH = 100;

const asOrder = (row: Record<string, unknown>): PayOrder => ({ ...row, amount: Number(row.amount) } as unknown as PayOrder);

/** A live (not binned) order by tradeNo or id, as the connectors see it. */
export async function loadOrder(db: Kysely<any>, key: { tradeNo: string } | { id: number }): Promise<PayOrder | undefined> {
  let qb = inTrash(db.selectFrom('receive_money').select([...COLUMNS]), receiveMoney, false);
  qb = 'id' in key ? qb.where('id', '=', key.id) : qb.where('tradeNo', '=', key.tradeNo);
  const row = await qb.executeTakeFirst();
  return row ? asOrder(row) : undefined;
}

/** Marks the checkout over at the provider (only if it is still this one): nothing more to pay or ask there. */
async function checkoutOver(db: Kysely<any>, order: PayOrder) {
  await db.updateTable('receive_money').set({ checkoutUrl: '' }).where('id', '=', order.id).where('checkoutId', '=', order.checkoutId).execute();
}

/**
 * Asks the provider about the order's checkout and applies the answer: paid
 * or failed moves the order (once); a checkout that expired at the provider
 * is only forgotten, because the order's own expireTime decides when the
 * order ends (the expiry job) and a later click makes a new checkout.
 */
export async function lookUp(deps: TransitionDeps, connector: Connector, order: PayOrder): Promise<void> {
  if (!connector.lookup || !order.checkoutId) return;
  const found = await connector.lookup(order);
  const notice = found?.kind === 'approval' ? await completeIfPayable(deps, connector, order) : found;
  if (!notice) return;
  if (notice.to === 'expired') return checkoutOver(deps.db, order);
  const id = `lookup:${order.checkoutId}:${notice.to}`;
  await applyNotification(deps, connector.notifyPath, id, sha256(JSON.stringify(notice)), notice, 'lookup', connector.paymentId?.(notice) ?? id);
}

/**
 * The second step of an approved checkout (PayPal's capture), only while the
 * order may still be paid: an order that ended is never completed, so the
 * payer's approved money is never taken for it.
 */
async function completeIfPayable(deps: TransitionDeps, connector: Connector, order: PayOrder): Promise<PaymentNotice | null> {
  const ended = order.status !== 'pending' || (order.expireTime > 0 && order.expireTime <= deps.clock());
  if (!connector.complete || ended || !order.checkoutId) return null;
  return connector.complete(order);
}

/**
 * A webhook said the payer approved: the order is looked up and completed now, the same way the result page and
 * the job would (under the same look-up id, so whichever comes first applies it and the others find it done).
 */
export async function completeApproved(deps: TransitionDeps, connectors: Connectors, connector: Connector, tradeNo: string): Promise<void> {
  const order = await loadOrder(deps.db, { tradeNo });
  // An approval signed by one provider completes only that provider's orders.
  if (!order || connectors[order.channel as PayProvider] !== connector) return;
  await lookUp(deps, connector, order);
}

/**
 * Claims the right to ask about this order now: a conditional update on the
 * lookedUpTime that was read, so of several instances (or clicks) one asks.
 */
async function claim(db: Kysely<any>, order: PayOrder, now: number): Promise<boolean> {
  const result = await db.updateTable('receive_money').set({ lookedUpTime: now })
    .where('id', '=', order.id).where('lookedUpTime', '=', order.lookedUpTime).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The result page's look-up: at most once per CHECK_EVERY seconds per order, whoever asks. */
export async function lookUpForPayer(deps: TransitionDeps, connectors: Connectors, order: PayOrder): Promise<void> {
  const connector = connectors[order.channel as PayProvider];
  if (!connector?.lookup || order.status !== 'pending' || !order.checkoutId || !order.checkoutUrl) return;
  const now = deps.clock();
  // A lookedUpTime ahead of now belongs to a session just made: the payer may ask at once.
  const recent = order.lookedUpTime > now - CHECK_EVERY && order.lookedUpTime <= now;
  if (recent || !(await claim(deps.db, order, now))) return;
  await lookUp(deps, connector, order);
}

/**
 * The look-up job: pending orders whose checkout is open (or ended less than
 * an hour ago) and was not asked about in the last minute. One provider's
 * outage does not stop the others; the orders it could not ask wait a minute.
 */
export async function lookUpDue(deps: TransitionDeps, connectors: Connectors, log: (message: string, error: unknown) => void): Promise<number> {
  const now = deps.clock();
  const channels = providersWith(connectors, 'lookup');
  if (!channels.length) return 0;
  const due = await deps.db.selectFrom('receive_money').select([...COLUMNS]).where('status', '=', 'pending')
    .where('channel', 'in', channels).where('checkoutId', '!=', '').where('checkoutUrl', '!=', '')
    .where('lookedUpTime', '<=', now - JOB_EVERY).where('checkoutExpires', '>=', now - AFTER_END)
    .orderBy('lookedUpTime').limit(BATCH).execute();
  let asked = 0;
  for (const row of due) {
    const order = asOrder(row);
    if (!(await claim(deps.db, order, now))) continue;
    try {
      await lookUp(deps, connectors[order.channel as PayProvider], order);
      asked++;
    } catch (error) {
      log(`look-up of order ${order.tradeNo} failed`, error);
    }
  }
  return asked;
}

/** Expires an ended order's open checkout at its provider; false when the provider could not be reached. */
export async function closeCheckout(deps: TransitionDeps, connectors: Connectors, order: PayOrder): Promise<boolean> {
  const connector = connectors[order.channel as PayProvider];
  if (!connector?.expireCheckout || !order.checkoutId || !order.checkoutUrl) return true;
  try {
    await connector.expireCheckout(order);
  } catch {
    return false;
  }
  await checkoutOver(deps.db, order);
  return true;
}

/** After a transition commits: an order that ended unpaid with an open checkout has it expired at the provider. */
export async function closeAfter(deps: TransitionDeps, connectors: Connectors, outcome: Outcome): Promise<void> {
  const { order } = outcome;
  if (!outcome.changed || !UNPAID_END_STATUSES.includes(order.status) || !order.checkoutId) return;
  if (order.checkoutExpires <= deps.clock()) return;
  const full = await loadOrder(deps.db, { id: order.id });
  // Unreachable now: the closing job tries again.
  if (full) await closeCheckout(deps, connectors, full);
}

/** The closing job: ended orders whose checkout is still open at the provider (it was unreachable when they ended). */
export async function closeDue(deps: TransitionDeps, connectors: Connectors): Promise<number> {
  const now = deps.clock();
  const channels = providersWith(connectors, 'expireCheckout');
  if (!channels.length) return 0;
  const due = await deps.db.selectFrom('receive_money').select([...COLUMNS]).where('status', 'in', [...UNPAID_END_STATUSES])
    .where('channel', 'in', channels).where('checkoutUrl', '!=', '').where('checkoutExpires', '>', now)
    .where('lookedUpTime', '<=', now - JOB_EVERY).orderBy('id').limit(BATCH).execute();
  let closed = 0;
  for (const row of due) {
    const order = asOrder(row);
    if (await claim(deps.db, order, now) && await closeCheckout(deps, connectors, order)) closed++;
  }
  return closed;
}
