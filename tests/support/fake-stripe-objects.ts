/**
 * The objects the fake Stripe makes (fake-stripe.ts): a Checkout Session and a
 * Refund, validated as Stripe validates their creation and shaped as Stripe
 * answers them. The method and currency rules here are written from Stripe's
 * own tables, not imported from Paydesk, so the two can disagree in a test.
 */
import { integer, invalid, obj, str, type Params } from './fake-stripe-protocol';

export interface FakeSession {
  id: string;
  object: 'checkout.session';
  url: string;
  mode: 'payment';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  amount_subtotal: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  expires_at: number;
  created: number;
  livemode: false;
  payment_intent: string | null;
  /** The methods the payer is offered. */
  payment_method_types: string[];
  /** The filter the creator sent (API versions from 2026-09-30.endive), or null. */
  allowed_payment_method_types: string[] | null;
  payment_method_options: Record<string, unknown>;
  success_url: string;
  cancel_url: string | null;
  /** Not in Stripe's Session: the line items as sent (Stripe keeps them behind an expansion). */
  line_items_sent: Params[];
}

export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  charge: string;
  payment_intent: string;
  status: 'pending' | 'succeeded' | 'failed';
  metadata: Record<string, string>;
  reason: string | null;
  created: number;
  failure_reason?: string;
}

/** Stripe's payment-method tables: the presentment currencies each Checkout method takes. */
const METHOD_CURRENCIES: Record<string, string[] | 'any'> = {
  card: 'any',
  alipay: ['aud', 'cad', 'cny', 'eur', 'gbp', 'hkd', 'jpy', 'myr', 'nzd', 'sgd', 'usd'],
  wechat_pay: ['aud', 'cad', 'chf', 'cny', 'dkk', 'eur', 'gbp', 'hkd', 'jpy', 'nok', 'sek', 'sgd', 'usd'],
  paynow: ['sgd'],
  fpx: ['myr'],
  promptpay: ['thb'],
  grabpay: ['sgd', 'myr'],
};
/** Stripe's zero-decimal currencies, and those it counts in hundredths that must still be whole units. */
const ZERO_DECIMAL = ['bif', 'clp', 'djf', 'gnf', 'jpy', 'kmf', 'krw', 'mga', 'pyg', 'rwf', 'ugx', 'vnd', 'vuv', 'xaf', 'xof', 'xpf'];
const WHOLE_HUNDREDS = ['huf', 'twd', 'isk'];

const metadataOf = (v: unknown): Record<string, string> => Object.fromEntries(Object.entries(obj(v) ?? {}).filter(([, x]) => typeof x === 'string')) as Record<string, string>;

export function createSession(p: Params, ctx: { id: string; now: number; base: string; version: string }): FakeSession {
  if (str(p.mode) !== 'payment') throw invalid(p.mode ? `Invalid mode: ${String(p.mode)}` : 'Missing required param: mode.', 'mode');
  const successUrl = str(p.success_url);
  if (!successUrl || !/^https?:\/\//.test(successUrl)) throw invalid('Missing required param: success_url.', 'success_url');
  const items = Array.isArray(p.line_items) ? (p.line_items as Params[]) : undefined;
  if (!items?.length) throw invalid('Missing required param: line_items.', 'line_items');
  let currency = '';
  let total = 0;
  items.forEach((item, i) => {
    const price = obj(item.price_data);
    if (!price) throw invalid(`Missing required param: line_items[${i}][price_data].`, `line_items[${i}][price_data]`);
    const c = str(price.currency);
    if (!c || c !== c.toLowerCase() || c.length !== 3) throw invalid(`Invalid currency: ${String(c)}`, `line_items[${i}][price_data][currency]`, 'parameter_invalid_string');
    if (currency && c !== currency) throw invalid('All line items must share one currency.', `line_items[${i}][price_data][currency]`);
    currency = c;
    if (!str(obj(price.product_data)?.name)) throw invalid(`Missing required param: line_items[${i}][price_data][product_data][name].`, `line_items[${i}][price_data][product_data][name]`);
    const unit = integer(price.unit_amount, `line_items[${i}][price_data][unit_amount]`);
    if (unit === undefined || unit < 1) throw invalid(`Missing required param: line_items[${i}][price_data][unit_amount].`, `line_items[${i}][price_data][unit_amount]`);
    if (WHOLE_HUNDREDS.includes(c) && unit % 100 !== 0) {
      throw invalid(`Amounts in ${c.toUpperCase()} must be whole units: unit_amount must be divisible by 100.`, `line_items[${i}][price_data][unit_amount]`, 'amount_invalid');
    }
    const quantity = integer(item.quantity, `line_items[${i}][quantity]`);
    if (!quantity || quantity < 1) throw invalid(`Missing required param: line_items[${i}][quantity].`, `line_items[${i}][quantity]`);
    total += unit * quantity;
  });
  // API versions from 2026-09-30.endive replaced the static `payment_method_types` with the filter `allowed_payment_method_types`.
  const param = ctx.version >= '2026-09-30' ? 'allowed_payment_method_types' : 'payment_method_types';
  const other = param === 'payment_method_types' ? 'allowed_payment_method_types' : 'payment_method_types';
  if (p[other] !== undefined) throw invalid(`Received unknown parameter: ${other}`, other, 'parameter_unknown');
  const sent = p[param];
  const types = sent === undefined ? ['card'] : sent;
  if (!Array.isArray(types) || !types.every((t) => typeof t === 'string')) throw invalid('Invalid array', param, 'parameter_invalid_string');
  const options = obj(p.payment_method_options) ?? {};
  for (const type of types as string[]) {
    const currencies = METHOD_CURRENCIES[type];
    if (!currencies) throw invalid(`Invalid ${param}[0]: must be one of ${Object.keys(METHOD_CURRENCIES).join(', ')}`, param, 'parameter_invalid_string');
    if (currencies !== 'any' && !currencies.includes(currency)) {
      throw invalid(`The currency provided (${currency}) is invalid for one or more payment method types. ${type} supports: ${currencies.join(', ')}.`, param);
    }
    if (type === 'wechat_pay' && !['web', 'android', 'ios'].includes(str(obj(options.wechat_pay)?.client) ?? '')) {
      throw invalid('Missing required param: payment_method_options[wechat_pay][client].', 'payment_method_options[wechat_pay][client]');
    }
  }
  const expiresAt = integer(p.expires_at, 'expires_at') ?? ctx.now + 24 * 3600;
  // Stripe: at least 30 minutes and at most 24 hours from the session's creation.
  if (expiresAt < ctx.now + 30 * 60 || expiresAt > ctx.now + 24 * 3600) {
    throw invalid('The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.', 'expires_at', 'parameter_invalid_integer');
  }
  return {
    id: ctx.id, object: 'checkout.session', url: `${ctx.base}/pay/${ctx.id}`, mode: 'payment', status: 'open', payment_status: 'unpaid',
    amount_total: total, amount_subtotal: total, currency, client_reference_id: str(p.client_reference_id) ?? null,
    metadata: metadataOf(p.metadata), expires_at: expiresAt, created: ctx.now, livemode: false, payment_intent: null,
    payment_method_types: types as string[], allowed_payment_method_types: sent === undefined ? null : (types as string[]), payment_method_options: options, success_url: successUrl, cancel_url: str(p.cancel_url) ?? null,
    line_items_sent: items,
  };
}

export function createRefund(p: Params, ctx: { id: string; now: number; state: FakeRefund['status']; sessions: FakeSession[]; refunds: FakeRefund[] }): FakeRefund {
  const pi = str(p.payment_intent);
  if (!pi && !str(p.charge)) throw invalid('One of the following params should be provided for this request: payment_intent or charge.', 'payment_intent');
  const paid = ctx.sessions.find((s) => s.payment_intent === pi && s.payment_status === 'paid');
  if (!paid) throw invalid(`No such payment_intent: '${pi}'`, 'payment_intent', 'resource_missing');
  const refunded = ctx.refunds.filter((r) => r.payment_intent === pi && r.status !== 'failed').reduce((sum, r) => sum + r.amount, 0);
  const amount = integer(p.amount, 'amount') ?? paid.amount_total - refunded;
  if (amount < 1) throw invalid('Invalid positive integer', 'amount', 'parameter_invalid_integer');
  if (refunded + amount > paid.amount_total) {
    throw invalid(`Refund amount (${amount}) is greater than unrefunded amount on charge (${paid.amount_total - refunded})`, 'amount', 'amount_too_large');
  }
  const reason = str(p.reason) ?? null;
  if (reason && !['duplicate', 'fraudulent', 'requested_by_customer'].includes(reason)) throw invalid(`Invalid reason: ${reason}`, 'reason', 'parameter_invalid_string');
  return {
    id: ctx.id, object: 'refund', amount, currency: paid.currency, charge: `ch_${pi!.slice(3)}`, payment_intent: pi!, status: ctx.state,
    metadata: metadataOf(p.metadata), reason, created: ctx.now, ...(ctx.state === 'failed' && { failure_reason: 'expired_or_canceled_card' }),
  };
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const major = (s: FakeSession) => (ZERO_DECIMAL.includes(s.currency) ? s.amount_total : s.amount_total / 100);

/** Stripe's hosted page, reduced to what a payer does on it: pay, or go back. */
export function checkoutPage(s: FakeSession): string {
  const name = String(obj(s.line_items_sent[0]?.price_data)?.product_data ? obj(obj(s.line_items_sent[0]!.price_data)!.product_data)!.name : '');
  return `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Fake Stripe Checkout</title></head>
<body><h1>${escape(name)}</h1><p id="amount">${major(s)} ${s.currency.toUpperCase()}</p><p id="status">${s.status}</p>
${s.status === 'open'
    ? `<form method="post" action="/pay/${s.id}/confirm"><button type="submit" id="pay">Pay</button></form>${s.cancel_url ? `<a href="${escape(s.cancel_url)}" id="back">Back</a>` : ''}`
    : '<p>This Checkout Session is no longer active.</p>'}
</body></html>`;
}
