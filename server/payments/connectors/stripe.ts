/**
 * Stripe (the official `stripe` package): a Checkout Session on the payer's
 * click, webhooks at `/api/receive-money/notify/stripe` signed with a secret
 * of pay.toml `[stripe]`, look-ups of a session when a webhook may have been
 * missed, and refunds through the Refunds API. The secret key is read from
 * the settings on every call, so a key set in the console works at once.
 * `apiBase` (STRIPE_API_BASE) points the client at another API, a fake or
 * stripe-mock.
 */
import { createHash } from 'node:crypto';
import Stripe from 'stripe';
import { STRIPE_METHODS } from '../../../schema/options';
import { PAY_PROVIDER_SETTINGS } from '../../../schema/settings';
import { AppError, badRequest } from '../../http';
import type { CheckoutOrder, Connector, PaymentNotice, RefundNotice, RefundResult, Verified } from './connector';
import { fromMinor, stripeCanCharge, toMinor } from './stripe-money';
import { badSignature, header, requireSecrets, TOLERANCE_SECONDS } from './verify';

export interface StripeSettings {
  secret_key: string;
  secrets: string;
}

export interface StripeOptions {
  /** `http://127.0.0.1:12111`: another Stripe API (a fake, stripe-mock); Stripe's own when absent. */
  apiBase?: string;
  /** Retries of a failed call (same Idempotency-Key, so never twice at Stripe); 1 by default. */
  maxNetworkRetries?: number;
  /** Milliseconds before a call counts as failed. */
  timeoutMs?: number;
}

/** Its pay.toml section (and notify path) and test mode, as the Payments settings show them. */
const DECLARED = PAY_PROVIDER_SETTINGS.stripe;

/** A session lives at least this long at Stripe (its rule) and at most a day. */
const MIN_SESSION = 30 * 60;
const MAX_SESSION = 24 * 3600;
/** A stored session is reused while it has at least this long left; a payer needs time to pay. */
const REUSE_MARGIN = 60;
/**
 * A session's expires_at is computed from the start of the current 5-minute
 * window, not from this second: a retried or doubled click inside the window
 * sends the very same parameters, so Stripe answers the first session again
 * for the same Idempotency-Key instead of refusing different parameters.
 */
const WINDOW = 5 * 60;

type StripeObject = {
  id: string;
  object?: string;
  client_reference_id?: string | null;
  metadata?: Record<string, string> | null;
  amount_total?: number | null;
  amount_received?: number;
  amount?: number;
  currency?: string | null;
  /** Never expanded: neither an event nor a session retrieved without `expand` carries the PaymentIntent itself. */
  payment_intent?: string | null;
  payment_status?: string;
  status?: string | null;
  failure_reason?: string | null;
  refunds?: { data: StripeObject[] } | null;
  created?: number;
};

/** A session's payment as Paydesk records it: its PaymentIntent, or the session itself when Stripe made none. */
const paymentOf = (o: StripeObject) => (typeof o.payment_intent === 'string' ? o.payment_intent : o.id);

/** Stripe events that say an order was paid or not, and how to read them. */
const PAYMENT_EVENTS: Record<string, { to: PaymentNotice['to']; amount: (o: StripeObject) => number | null | undefined; reference: (o: StripeObject) => string }> = {
  'checkout.session.completed': { to: 'completed', amount: (o) => o.amount_total, reference: paymentOf },
  'checkout.session.async_payment_succeeded': { to: 'completed', amount: (o) => o.amount_total, reference: paymentOf },
  'checkout.session.async_payment_failed': { to: 'failed', amount: (o) => o.amount_total, reference: paymentOf },
  'payment_intent.succeeded': { to: 'completed', amount: (o) => o.amount_received ?? o.amount, reference: (o) => o.id },
  'payment_intent.payment_failed': { to: 'failed', amount: (o) => o.amount, reference: (o) => o.id },
};

/** Stripe's refund statuses in Paydesk's terms (`requires_action` waits on the payer, like pending). */
const refundState = (status: string | null | undefined): RefundResult['state'] =>
  status === 'succeeded' ? 'succeeded' : status === 'failed' || status === 'canceled' ? 'failed' : 'pending';

function refundNotice(refund: StripeObject): RefundNotice {
  return {
    kind: 'refund', refundKey: refund.metadata?.refundKey || undefined, reference: refund.id, state: refundState(refund.status),
    ...(refund.failure_reason && { failure: refund.failure_reason }),
  };
}

/**
 * Stripe's reason when it understood and refused (a method not enabled on the account, a refund over what
 * is left, a restricted key): asking again changes nothing. Undefined for any other failure.
 */
function refusalOf(error: unknown): string | undefined {
  // What the stripe package throws: an Error (so its message is a string) with Stripe's type.
  const e = error as { type?: string; message: string };
  if (e.type === 'StripeInvalidRequestError' || e.type === 'StripeIdempotencyError' || e.type === 'StripePermissionError') {
    return String(e.message).slice(0, 200);
  }
  return undefined;
}

/** A Stripe failure as the caller should see it: never a 500, never Stripe's internals; a refusal is a 409 with Stripe's reason. */
function providerError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const reason = refusalOf(error);
  return reason === undefined ? new AppError(502, 'errors.provider_unavailable') : new AppError(409, 'errors.provider_refused', { reason });
}

/** Where the client calls for an `apiBase`: its host, its scheme, and its port or the scheme's own. */
export function apiAddress(apiBase: string) {
  const base = new URL(apiBase);
  const protocol = base.protocol.replace(':', '') as Stripe.HttpProtocol;
  return { host: base.hostname, port: Number(base.port) || (protocol === 'http' ? 80 : 443), protocol };
}

/** The client for this key, made once per key: settings may change it, calls must not rebuild it each time. */
function clientCache(options: StripeOptions) {
  let cached: { key: string; client: Stripe } | undefined;
  const address = options.apiBase ? apiAddress(options.apiBase) : undefined;
  return (key: string): Stripe => {
    if (!key) throw new AppError(409, 'errors.channel_not_ready', { channel: 'Stripe' });
    // Stryker disable next-line ConditionalExpression: a client made again for the same key calls Stripe the same way
    if (cached?.key !== key) {
      cached = {
        key,
        client: new Stripe(key, {
          maxNetworkRetries: options.maxNetworkRetries ?? 1,
          timeout: options.timeoutMs ?? 20_000,
          telemetry: false,
          ...address,
        }),
      };
    }
    return cached.client;
  };
}

/** The session parameters of an order: the same for every click in one 5-minute window. */
export function sessionParams(order: CheckoutOrder, ctx: { now: number; origin: string }): Stripe.Checkout.SessionCreateParams {
  const window = Math.floor(ctx.now / WINDOW) * WINDOW;
  // At least 30 minutes from Stripe's now (the window began at most 5 minutes ago), at most 24 hours.
  const expiresAt = Math.min(Math.max(order.expireTime, window + MIN_SESSION + WINDOW), window + MAX_SESSION);
  const method = STRIPE_METHODS[order.payType]?.type;
  const trade = encodeURIComponent(order.tradeNo);
  return {
    mode: 'payment',
    line_items: [{
      quantity: 1,
      price_data: {
        currency: order.currency.toLowerCase(),
        unit_amount: toMinor(order.amount, order.currency),
        product_data: { name: order.title, ...(order.describe && { description: order.describe }) },
      },
    }],
    // Blank payType: Stripe offers what the account has enabled for the currency.
    // Stryker disable next-line ConditionalExpression: [undefined] goes out as nothing (the client drops undefined values), as the key left out does
    ...(method && { allowed_payment_method_types: [method] as Stripe.Checkout.SessionCreateParams['allowed_payment_method_types'] }),
    ...(method === 'wechat_pay' && { payment_method_options: { wechat_pay: { client: 'web' } } }),
    client_reference_id: order.tradeNo,
    metadata: { tradeNo: order.tradeNo },
    success_url: `${ctx.origin}/#/pay/order?tradeNo=${trade}`,
    cancel_url: `${ctx.origin}/#/pay/emit?tradeNo=${trade}`,
    expires_at: expiresAt,
  };
}

export function stripeConnector(settings: () => StripeSettings, options: StripeOptions = {}): Connector {
  const client = clientCache(options);
  const stripe = () => client(settings().secret_key);

  return {
    notifyPath: DECLARED.section,
    ready: () => Boolean(settings().secret_key),
    // A test key: the console shows "test mode".
    testMode: () => DECLARED.testMode!({ ...settings() }),
    canCharge: stripeCanCharge,

    verify(raw, headers): Verified {
      const secrets = requireSecrets(settings().secrets);
      const signature = header(headers, 'stripe-signature');
      // Stryker disable next-line ConditionalExpression: without it the library refuses a missing header the same way (not a SyntaxError, so a 401)
      if (!signature) throw badSignature();
      let event: Stripe.Event | undefined;
      for (const secret of secrets) {
        try {
          event = Stripe.webhooks.constructEvent(raw, signature, secret, TOLERANCE_SECONDS);
          break;
        } catch (error) {
          // A signed body that is not JSON is the sender's mistake, not a bad signature.
          if (error instanceof SyntaxError) throw badRequest('errors.notify_bad_body');
        }
      }
      if (!event) throw badSignature();
      const object = (event.data?.object ?? {}) as StripeObject;
      if (event.type === 'refund.updated' || event.type === 'refund.created' || event.type === 'refund.failed') {
        return { id: event.id, notice: refundNotice(object) };
      }
      if (event.type === 'charge.refunded') {
        // The refund this charge event is about: the newest, first in Stripe's list, when the API version includes the list.
        const newest = object.refunds?.data[0];
        return { id: event.id, notice: newest ? refundNotice(newest) : null };
      }
      // checkout.session.expired is not read: a session is one attempt, and the order's own
      // expireTime (often days, where a session lasts at most one) decides when the order ends.
      const kind = PAYMENT_EVENTS[event.type];
      const tradeNo = object.client_reference_id || object.metadata?.tradeNo;
      // A completed Checkout paid by a delayed method is not paid yet: its async_payment event will say.
      if (!kind || !tradeNo || (event.type === 'checkout.session.completed' && object.payment_status === 'unpaid')) {
        return { id: event.id, notice: null };
      }
      const minor = kind.amount(object);
      const currency = String(object.currency ?? '').toUpperCase();
      if (typeof minor !== 'number' || !currency) throw badRequest('errors.notify_bad_body');
      return {
        id: event.id,
        notice: {
          // Stryker disable next-line StringLiteral: the union's tag, for the type checker (which refuses any other); at run time all but 'refund' is a payment
          kind: 'payment',
          tradeNo, to: kind.to, amount: fromMinor(minor, currency), currency, reference: kind.reference(object),
          paidTime: event.created,
        },
      };
    },

    async checkout(order, ctx) {
      if (order.checkoutId && order.checkoutUrl && order.checkoutExpires > ctx.now + REUSE_MARGIN) return { url: order.checkoutUrl };
      if (!stripeCanCharge(order.amount, order.currency)) throw new AppError(409, 'errors.stripe_whole_units', { currency: order.currency });
      const params = sessionParams(order, ctx);
      // One key per order, attempt (the session it replaces) and parameters: a doubled or retried click gets
      // the same session from Stripe; an expired session can be replaced; an order corrected before any
      // session was made is not refused as "the same key with other parameters".
      const digest = createHash('sha256').update(JSON.stringify(params)).digest('base64url').slice(0, 22);
      const idempotencyKey = `paydesk-checkout-${order.tradeNo}-${order.checkoutId || 'first'}-${digest}`;
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe().checkout.sessions.create(params, { idempotencyKey });
      } catch (error) {
        throw providerError(error);
      }
      if (!session.url) throw new AppError(502, 'errors.provider_unavailable');
      return { url: session.url, created: { id: session.id, url: session.url, expiresAt: session.expires_at } };
    },

    async expireCheckout(order) {
      if (!order.checkoutId) return;
      try {
        await stripe().checkout.sessions.expire(order.checkoutId);
      } catch (error) {
        // Already expired or complete at Stripe: there is nothing left to close.
        if ((error as { type?: string }).type === 'StripeInvalidRequestError') return;
        throw providerError(error);
      }
    },

    async lookup(order) {
      if (!order.checkoutId) return null;
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe().checkout.sessions.retrieve(order.checkoutId);
      } catch (error) {
        throw providerError(error);
      }
      const currency = String(session.currency ?? order.currency).toUpperCase();
      const amount = fromMinor(session.amount_total ?? toMinor(order.amount, currency), currency);
      const base = { kind: 'payment' as const, tradeNo: order.tradeNo, amount, currency };
      // Only a complete session is paid: 'paid' already says it is complete.
      if (session.payment_status === 'paid') {
        return { ...base, to: 'completed', reference: paymentOf(session as unknown as StripeObject) };
      }
      if (session.status === 'expired') return { ...base, to: 'expired', reference: session.id };
      return null;
    },

    // A PaymentIntent is one payment: the session's events, the intent's own and a look-up all name it, so an
    // underpayment reported by two of them is counted once.
    paymentId: (notice) => `payment:${notice.reference}:${notice.to}`,

    async refund(request) {
      const { order } = request;
      try {
        const refund = await stripe().refunds.create({
          payment_intent: order.channelTradeNo,
          amount: toMinor(request.amount, request.currency),
          // An operator's reason is at most 256 characters (payments/inputs.ts): within Stripe's 500 for a metadata value.
          metadata: { refundKey: request.idempotencyKey, tradeNo: order.tradeNo, reason: request.reason },
        }, { idempotencyKey: request.idempotencyKey });
        return { state: refundState(refund.status), reference: refund.id, ...(refund.failure_reason && { failure: refund.failure_reason }) };
      } catch (error) {
        // A refund Stripe refused is failed, not retried, with Stripe's reason for the operator to read.
        const reason = refusalOf(error);
        if (reason !== undefined) return { state: 'failed', reference: '', failure: reason };
        throw providerError(error);
      }
    },
  };
}
