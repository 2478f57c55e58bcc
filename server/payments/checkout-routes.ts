/**
 * The payer's side of taking money, and what the console asks of providers:
 *
 * - `POST /api/receive-money/checkout {tradeNo}` (public): where the pay
 *   button goes. A manual order's payUrl; a provider order's open checkout,
 *   or a new one made now and stored on the order.
 * - `POST /api/receive-money/check {tradeNo}` (public): the result page's
 *   look-up, which asks the provider (throttled) before answering the order's
 *   public fields, so a missed webhook does not leave the payer on "pending".
 * - `GET /api/receive-money/providers` (signed in): which providers can take
 *   orders now, whether in test mode, and in which currencies.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { parseBody, tradeNo } from './inputs';
import { CURRENCIES, PAY_PROVIDERS, type PayProvider } from '../../schema/options';
import { receiveMoney } from '../../schema/resources/receive-money';
import { invalid } from '../engine/params';
import { AppError, notFound, ok } from '../http';
import type { Connector } from './connectors/connector';
import { closeCheckout, FIRST_LOOK_DELAY, loadOrder, lookUp, lookUpForPayer, type Connectors, type PayOrder } from './lookups';
import type { TransitionDeps } from './transitions';

export interface CheckoutRouteOptions {
  deps: TransitionDeps;
  connectors: Connectors;
}

const body = z.strictObject({ tradeNo });
const parse = (input: unknown) => parseBody(body, input);

/** The site the payer came from, for the pages Stripe sends them back to (X-Forwarded-* only behind a trusted proxy). */
const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/**
 * 400 naming `channel` when an order may not be created for it now (Stripe
 * without a secret key), naming `currency` when the provider does not take it
 * (IDR at PayPal), and naming `amount` when the provider cannot charge
 * it (12.5 TWD at Stripe). The engine's write guard calls it for every write of an order
 * that sets its channel, amount or currency.
 */
export function checkChannelReady(connectors: Connectors, row: { channel?: string; amount?: number | string; currency?: string }): void {
  const channel = row.channel ?? 'manual';
  const connector = connectors[channel as PayProvider] as Connector | undefined;
  if (!connector || !connector.ready()) invalid([{ field: 'channel', message: 'validation.channel_not_ready', params: { channel } }]);
  // A currency the provider does not take (IDR at PayPal): named, so the creator picks another channel or currency.
  if (row.currency && connector.decimals && connector.decimals(row.currency) === undefined) {
    invalid([{ field: 'currency', message: 'validation.currency_not_taken', params: { currency: row.currency, channel } }]);
  }
  // A written row may hold the amount as text (MySQL's decimals).
  const amount = Number(row.amount);
  if (row.amount !== undefined && Number.isFinite(amount) && row.currency && connector.canCharge && !connector.canCharge(amount, row.currency)) {
    invalid([{ field: 'amount', message: 'validation.whole_units', params: { currency: row.currency } }]);
  }
}

const notPayable = (status: string) => new AppError(409, 'errors.order_not_payable', {}, { status });

export async function checkoutRoutes(app: FastifyInstance, o: CheckoutRouteOptions) {
  const { deps, connectors } = o;
  const db = deps.db;
  const rule = (name: string, type: 'common' | 'login') => ({ rule: { name, group: 'receive-money', type } });

  /** An order that may be paid now, and its provider; 404 or 409 otherwise. */
  async function payable(tradeNo: string): Promise<{ order: PayOrder; connector: Connector }> {
    const order = await loadOrder(db, { tradeNo });
    if (!order) throw notFound('errors.order_not_found');
    // Past its time the order is over, even in the seconds before the expiry job marks it.
    if (order.status !== 'pending') throw notPayable(order.status);
    if (order.expireTime > 0 && order.expireTime <= deps.clock()) throw notPayable('expired');
    const connector = connectors[order.channel as PayProvider];
    if (!connector?.ready()) throw new AppError(409, 'errors.channel_not_ready', { channel: order.channel });
    return { order, connector };
  }

  app.post('/api/receive-money/checkout', { config: rule('checkout', 'common') }, async (request, reply) => {
    const { tradeNo } = parse(request.body);
    let { order, connector } = await payable(tradeNo);
    const now = deps.clock();
    // The time spent waiting on the provider, told in Server-Timing when it was asked: what is left of a slow click is Paydesk's.
    let waited = 0;
    const timed = async <T>(call: () => Promise<T>): Promise<T> => {
      const started = performance.now();
      try {
        return await call();
      } finally {
        waited += performance.now() - started;
      }
    };
    // A checkout about to end is replaced; first make sure it was not paid meanwhile (its webhook may be late).
    const replacing = Boolean(order.checkoutId && order.checkoutUrl && connector.lookup && order.checkoutExpires <= now + 60);
    if (replacing) {
      await timed(() => lookUp(deps, connector, order));
      ({ order, connector } = await payable(tradeNo));
      await timed(() => closeCheckout(deps, connectors, order));
    }
    const result = await timed(() => connector.checkout(order, { now, origin: originOf(request) }));
    const made = result.created;
    if (made || replacing) reply.header('server-timing', `provider;dur=${waited.toFixed(2)}`);
    if (!made) return ok({ payUrl: result.url });
    // Stored only over the checkout that was read, and only at the price it was made for: of two clicks racing, one
    // session is kept, and a price corrected meanwhile (allowed until a checkout exists) is never left behind a session for the old one.
    const stored = await db.updateTable('receive_money')
      .set({ checkoutId: made.id, checkoutUrl: made.url, checkoutExpires: made.expiresAt, lookedUpTime: now + FIRST_LOOK_DELAY })
      .where('id', '=', order.id).where('status', '=', 'pending').where('checkoutId', '=', order.checkoutId)
      .where('amount', '=', order.amount).where('currency', '=', order.currency).where('payType', '=', order.payType).executeTakeFirst();
    if (Number(stored.numUpdatedRows) > 0) return ok({ payUrl: made.url });
    const now2 = await loadOrder(db, { id: order.id });
    // The same session (the other click got it from Stripe under the same key): nothing to undo.
    if (now2?.checkoutId === made.id) return ok({ payUrl: made.url });
    // Another session won, or the order ended meanwhile: this one must not stay payable.
    void closeCheckout(deps, connectors, { ...order, checkoutId: made.id, checkoutUrl: made.url });
    if (!now2 || now2.status !== 'pending') throw notPayable(now2?.status ?? 'expired');
    // No other session won: the order changed under this one (its price was corrected), so the payer clicks again for the new one.
    if (!now2.checkoutUrl) throw new AppError(409, 'errors.order_busy');
    return ok({ payUrl: now2.checkoutUrl });
  });

  const publicFields = receiveMoney.publicTake!.fields;
  app.post('/api/receive-money/check', { config: rule('check', 'common') }, async (request) => {
    const { tradeNo } = parse(request.body);
    const order = await loadOrder(db, { tradeNo });
    if (!order) throw notFound('errors.order_not_found');
    try {
      await lookUpForPayer(deps, connectors, order);
    } catch (error) {
      // The provider unreachable: the payer still reads what Paydesk knows.
      if (!(error instanceof AppError)) throw error;
    }
    const row = await db.selectFrom('receive_money').select([...publicFields]).where('id', '=', order.id).executeTakeFirstOrThrow();
    return ok({ ...row, amount: Number(row.amount), paidAmount: Number(row.paidAmount) });
  });

  app.get('/api/receive-money/providers', { config: rule('providers', 'login') }, async () =>
    ok(PAY_PROVIDERS.map((name) => {
      const { ready, testMode, decimals } = connectors[name];
      // The currencies it takes as set up now (PayPal's MYR follows the account's country); null: any.
      const currencies = decimals ? CURRENCIES.filter((currency) => decimals(currency) !== undefined) : null;
      return { name, ready: ready(), testMode: testMode?.() ?? false, currencies };
    })));
}
