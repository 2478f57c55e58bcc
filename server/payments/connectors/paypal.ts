/**
 * PayPal Checkout through Orders v2 (REST, see paypal-api.ts for why not the
 * SDK). On the pay click an order with intent CAPTURE is made at PayPal and
 * the payer is sent to approve it; an approved order is not paid until
 * Paydesk captures it (`complete`), which happens on whichever comes first:
 * the payer's return (the result page's look-up), the CHECKOUT.ORDER.APPROVED
 * webhook, or the look-up job, always with the same `PayPal-Request-Id`, so
 * PayPal captures once. Webhooks are verified by asking PayPal
 * (verify-webhook-signature, with the webhook id of pay.toml `[paypal]`).
 * Refunds go to the capture with the refund's own idempotency key.
 *
 * PayPal has no call that ends an order it made; an order Paydesk has ended
 * is simply never captured, so a payer's approval for it moves no money.
 */
import { createHash } from 'node:crypto';
import { paypalDecimals } from '../../../schema/providers/paypal';
import { AMOUNT_LIMIT } from '../../../schema/money';
import { AppError, badRequest } from '../../http';
import type { ApprovalNotice, Connector, PaymentNotice, RefundNotice, RefundResult, Verified } from './connector';
import { paypalApi, PayPalError, providerError, refusalOf } from './paypal-api';
import { badSignature, header, TOLERANCE_SECONDS } from './verify';

export interface PayPalSettings {
  client_id: string;
  client_secret: string;
  webhook_id: string;
  mode: 'sandbox' | 'live';
  /** The account's country (ISO 3166 alpha-2), for the currencies PayPal takes in-country only (MYR: MY). */
  country: string;
}

export interface PayPalOptions {
  /** Another PayPal API (PAYPAL_API_BASE: a local fake); PayPal's own for the mode when absent. */
  apiBase?: string;
  /** Epoch milliseconds (the app's clock). */
  now?: () => number;
  timeoutMs?: number;
}

const HOSTS = { live: 'https://api-m.paypal.com', sandbox: 'https://api-m.sandbox.paypal.com' } as const;
/** PayPal keeps an order nobody approved for three hours; a checkout is made to end by then, or with the order. */
const ORDER_LIFE = 3 * 3600;
const REUSE_MARGIN = 60;

type Money = { currency_code?: string; value?: string };
type Capture = { id: string; status?: string; amount?: Money; custom_id?: string; create_time?: string };
type PayPalOrder = {
  id: string;
  status?: string;
  links?: Array<{ href: string; rel: string }>;
  purchase_units?: Array<{ custom_id?: string; payments?: { captures?: Capture[] } }>;
};
type PayPalRefund = {
  id: string; status?: string; custom_id?: string; status_details?: { reason?: string }; amount?: Money; links?: Array<{ href: string; rel: string }>;
};

/** An amount as PayPal takes it: a string with the currency's own decimals (HKD "12.50", JPY "1288"). */
export const paypalValue = (amount: number, decimals: number) => amount.toFixed(decimals);

/** PayPal's refund statuses in Paydesk's terms. */
const refundState = (status: string | undefined): RefundResult['state'] =>
  status === 'COMPLETED' ? 'succeeded' : status === 'FAILED' || status === 'CANCELLED' ? 'failed' : 'pending';

/** A capture as a payment notice, or null while PayPal still holds it (PENDING). */
function captureNotice(tradeNo: string, capture: Capture): PaymentNotice | null {
  const to = capture.status === 'COMPLETED' ? 'completed' : capture.status === 'DECLINED' || capture.status === 'FAILED' ? 'failed' : undefined;
  if (!to) return null;
  const amount = Number(capture.amount?.value);
  const currency = String(capture.amount?.currency_code ?? '').toUpperCase();
  if (!Number.isFinite(amount) || amount < 0 || amount >= AMOUNT_LIMIT || !currency || currency.length > 16) throw badRequest('errors.notify_bad_body');
  const paid = capture.create_time ? Math.floor(Date.parse(capture.create_time) / 1000) : NaN;
  return {
    kind: 'payment', tradeNo, to, amount, currency, reference: capture.id.slice(0, 128),
    ...(Number.isFinite(paid) && { paidTime: paid }),
  };
}

/** What a PayPal order says now: its capture's outcome, an approval waiting for capture, or nothing yet. */
function orderNotice(tradeNo: string, order: PayPalOrder): PaymentNotice | ApprovalNotice | null {
  if (order.status === 'APPROVED') return { kind: 'approval', tradeNo };
  const capture = order.purchase_units?.[0]?.payments?.captures?.[0];
  if (order.status === 'COMPLETED' && capture) return captureNotice(tradeNo, capture);
  return null;
}

const refundNotice = (refund: PayPalRefund): RefundNotice => ({
  kind: 'refund', refundKey: refund.custom_id || undefined, reference: refund.id, state: refundState(refund.status),
  ...(refund.status_details?.reason && { failure: refund.status_details.reason }),
});

/**
 * PayPal's reversal of a capture (a chargeback, a payment the payer's bank took back): a refund resource of
 * PayPal's own, its amount negative, linked `up` to the capture; an older form sends the capture itself, REVERSED.
 */
function reversalNotice(resource: PayPalRefund & Capture): RefundNotice | null {
  const up = resource.links?.find((link) => link.rel === 'up')?.href;
  const payment = up ? decodeURIComponent(up.split('/').pop()!) : resource.status === 'REVERSED' ? resource.id : '';
  const amount = Math.abs(Number(resource.amount?.value));
  const currency = String(resource.amount?.currency_code ?? '').toUpperCase();
  if (!payment || !Number.isFinite(amount) || amount >= AMOUNT_LIMIT || !currency || currency.length > 16) throw badRequest('errors.notify_bad_body');
  return { kind: 'refund', reference: `reversal:${resource.id}`.slice(0, 128), state: 'succeeded', taken: { payment: payment.slice(0, 128), amount, currency } };
}

/** A request id PayPal accepts (at most 108 characters) that stands for `parts`. */
const requestId = (prefix: string, ...parts: string[]) =>
  `${prefix}-${createHash('sha256').update(parts.join('\n')).digest('base64url').slice(0, 43)}`;

export function paypalConnector(settings: () => PayPalSettings, options: PayPalOptions = {}): Connector {
  const api = paypalApi({
    base: () => options.apiBase ?? HOSTS[settings().mode === 'live' ? 'live' : 'sandbox'],
    credentials: () => settings(),
    now: options.now,
    timeoutMs: options.timeoutMs,
  });
  const call = async <T>(...args: Parameters<typeof api.call>): Promise<T> => {
    try {
      return await api.call<T>(...args);
    } catch (error) {
      throw providerError(error);
    }
  };
  const decimals = (currency: string) => paypalDecimals(currency, settings().country);

  return {
    notifyPath: 'paypal',
    ready: () => Boolean(settings().client_id && settings().client_secret),
    testMode: () => settings().mode !== 'live',
    decimals,
    canCharge: (amount, currency) => {
      const places = decimals(currency);
      return places !== undefined && Math.abs(Math.round(amount * 10 ** places) - amount * 10 ** places) < 1e-6;
    },

    async verify(raw, headers): Promise<Verified> {
      const webhookId = settings().webhook_id;
      if (!webhookId) throw new AppError(401, 'errors.notify_not_configured');
      const h = (name: string) => header(headers, `paypal-${name}`) ?? '';
      const signed = {
        auth_algo: h('auth-algo'), cert_url: h('cert-url'), transmission_id: h('transmission-id'),
        transmission_sig: h('transmission-sig'), transmission_time: h('transmission-time'),
      };
      if (Object.values(signed).some((v) => !v)) throw badSignature();
      const sent = Date.parse(signed.transmission_time);
      // The real time, as for Stripe's and Standard Webhooks' signatures: PayPal stamps the transmission by its own clock.
      if (!Number.isFinite(sent) || Math.abs(Date.now() - sent) / 1000 > TOLERANCE_SECONDS) throw badSignature();
      let event: { id?: string; event_type?: string; resource?: Record<string, any> };
      try {
        event = JSON.parse(raw.toString('utf8'));
      } catch {
        throw badRequest('errors.notify_bad_body');
      }
      // The event goes back byte for byte: PayPal checks its signature over the body it sent, and a re-encoded copy may differ.
      const check = `{${Object.entries({ ...signed, webhook_id: webhookId }).map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`).join(',')},"webhook_event":${raw.toString('utf8')}}`;
      const answer = await call<{ verification_status?: string }>('POST', '/v1/notifications/verify-webhook-signature', check);
      if (answer.verification_status !== 'SUCCESS') throw badSignature();
      const id = String(event.id ?? '');
      const resource = event.resource ?? {};
      if (!id || typeof resource !== 'object') throw badRequest('errors.notify_bad_body');
      switch (event.event_type) {
        case 'CHECKOUT.ORDER.APPROVED': {
          const tradeNo = (resource as PayPalOrder).purchase_units?.[0]?.custom_id;
          return { id, notice: tradeNo ? { kind: 'approval', tradeNo } : null };
        }
        case 'PAYMENT.CAPTURE.COMPLETED':
        case 'PAYMENT.CAPTURE.DENIED': {
          const capture = resource as Capture;
          return { id, notice: capture.custom_id && capture.id ? captureNotice(capture.custom_id, capture) : null };
        }
        // A refund made through Paydesk (custom_id: its key); a refund made in PayPal's dashboard matches none of ours.
        case 'PAYMENT.CAPTURE.REFUNDED':
          return { id, notice: resource.id ? refundNotice(resource as PayPalRefund) : null };
        case 'PAYMENT.CAPTURE.REVERSED':
          return { id, notice: resource.id ? reversalNotice(resource as PayPalRefund & Capture) : null };
        default:
          return { id, notice: null };
      }
    },

    async checkout(order, ctx) {
      if (order.checkoutId && order.checkoutUrl && order.checkoutExpires > ctx.now + REUSE_MARGIN) return { url: order.checkoutUrl };
      const places = decimals(order.currency);
      // The order was taken before the account's country changed (the create route refuses what it cannot take).
      if (places === undefined) throw new AppError(409, 'errors.paypal_currency', { currency: order.currency, country: settings().country || '-' });
      const trade = encodeURIComponent(order.tradeNo);
      const body = {
        intent: 'CAPTURE',
        purchase_units: [{
          custom_id: order.tradeNo, invoice_id: order.tradeNo, description: order.title.slice(0, 127),
          amount: { currency_code: order.currency, value: paypalValue(order.amount, places) },
        }],
        payment_source: {
          paypal: {
            experience_context: {
              user_action: 'PAY_NOW', shipping_preference: 'NO_SHIPPING',
              return_url: `${ctx.origin}/#/pay/order?tradeNo=${trade}`, cancel_url: `${ctx.origin}/#/pay/emit?tradeNo=${trade}`,
            },
          },
        },
      };
      // The same click (doubled, retried) for the same order, attempt and parameters gets PayPal's first order back.
      const made = await call<PayPalOrder>('POST', '/v2/checkout/orders', body, requestId('checkout', order.tradeNo, order.checkoutId, JSON.stringify(body)));
      const url = made.links?.find((l) => l.rel === 'payer-action' || l.rel === 'approve')?.href;
      if (!made.id || !url) throw new AppError(502, 'errors.provider_unavailable');
      const expiresAt = Math.min(order.expireTime > 0 ? order.expireTime : Infinity, ctx.now + ORDER_LIFE);
      return { url, created: { id: made.id, url, expiresAt } };
    },

    async lookup(order) {
      if (!order.checkoutId) return null;
      try {
        const found = await api.call<PayPalOrder>('GET', `/v2/checkout/orders/${encodeURIComponent(order.checkoutId)}`);
        if (found.status === 'VOIDED') return { kind: 'payment', to: 'expired', tradeNo: order.tradeNo, amount: order.amount, currency: order.currency, reference: order.checkoutId };
        return orderNotice(order.tradeNo, found);
      } catch (error) {
        // An order PayPal no longer knows ended there unapproved (three hours): the checkout is over.
        if (error instanceof PayPalError && error.status === 404) {
          return { kind: 'payment', to: 'expired', tradeNo: order.tradeNo, amount: order.amount, currency: order.currency, reference: order.checkoutId };
        }
        throw providerError(error);
      }
    },

    async complete(order) {
      const path = `/v2/checkout/orders/${encodeURIComponent(order.checkoutId)}`;
      let captured: PayPalOrder;
      try {
        // One id per PayPal order: the return, the webhook and the job all capture it once.
        captured = await api.call<PayPalOrder>('POST', `${path}/capture`, {}, requestId('capture', order.checkoutId));
      } catch (error) {
        if (!(error instanceof PayPalError) || error.status !== 422) throw providerError(error);
        // Captured before under another id, or not approved after all: what the order says now decides.
        if (error.issue !== 'ORDER_ALREADY_CAPTURED') return null;
        captured = await call<PayPalOrder>('GET', path);
      }
      const notice = orderNotice(order.tradeNo, captured);
      return notice?.kind === 'payment' ? notice : null;
    },

    // A capture is one payment: its webhook, the capture's own answer and a look-up all name it.
    paymentId: (notice) => `capture:${notice.reference}:${notice.to}`,

    async refund(request) {
      const { order } = request;
      const places = decimals(request.currency) ?? 2;
      const body = {
        amount: { currency_code: request.currency, value: paypalValue(request.amount, places) },
        // Echoed back in the refund's webhook, so it is matched by its key (PayPal keeps 127 characters).
        ...(request.idempotencyKey.length <= 127 && { custom_id: request.idempotencyKey }),
        ...(request.reason && { note_to_payer: request.reason.slice(0, 255) }),
      };
      try {
        const refund = await api.call<PayPalRefund>('POST', `/v2/payments/captures/${encodeURIComponent(order.channelTradeNo)}/refund`, body, requestId('refund', request.idempotencyKey));
        return { state: refundState(refund.status), reference: refund.id, ...(refund.status_details?.reason && { failure: refund.status_details.reason }) };
      } catch (error) {
        // A refund PayPal refused is failed, not retried, with PayPal's reason for the operator to read.
        const reason = refusalOf(error);
        if (reason !== undefined) return { state: 'failed', reference: '', failure: reason };
        throw providerError(error);
      }
    },
  };
}

