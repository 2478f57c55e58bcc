/**
 * What each payment channel sends and how it is verified, over the raw bytes
 * of the request. A channel answers the notification's own id and what it
 * says about which order, or `null` for an event that is about no order
 * (Stripe sends many kinds). A bad signature, a stale timestamp or a missing
 * header is 401; a verified body that makes no sense is 400.
 */
import Stripe from 'stripe';
import { Webhook } from 'standardwebhooks';
import { z } from 'zod';
import { AppError, badRequest } from '../http';
import type { Change } from './transitions';

export interface Notice {
  tradeNo: string;
  to: Change['to'];
  amount: number;
  currency: string;
  reference: string;
  paidTime?: number;
}

export interface Verified {
  /** The notification's id at its channel: applied at most once. */
  id: string;
  notice: Notice | null;
}

/** Refused before anything is read: the same answer whatever was wrong, so nothing is learnt from it. */
const badSignature = () => new AppError(401, 'errors.notify_signature');
export const TOLERANCE_SECONDS = 300;

const header = (headers: Record<string, unknown>, name: string) => {
  const value = headers[name];
  return typeof value === 'string' ? value : undefined;
};

// ---- Standard Webhooks ------------------------------------------------------

const standardBody = z.object({
  tradeNo: z.string().min(1).max(64),
  status: z.enum(['paid', 'failed']),
  amount: z.number().finite().nonnegative(),
  currency: z.string().min(3).max(16),
  channelTradeNo: z.string().max(128).optional(),
  paidTime: z.number().int().nonnegative().optional(),
});

function verifyStandard(raw: Buffer, headers: Record<string, unknown>, secrets: string[]): Verified {
  const signed = {
    'webhook-id': header(headers, 'webhook-id') ?? '',
    'webhook-timestamp': header(headers, 'webhook-timestamp') ?? '',
    'webhook-signature': header(headers, 'webhook-signature') ?? '',
  };
  if (!signed['webhook-id'] || !signed['webhook-timestamp'] || !signed['webhook-signature']) throw badSignature();
  let payload: unknown;
  const verified = secrets.some((secret) => {
    try {
      payload = new Webhook(secret).verify(raw, signed, { jsonParse: false });
      return true;
    } catch {
      return false;
    }
  });
  if (!verified) throw badSignature();
  try {
    payload = JSON.parse(raw.toString('utf8'));
  } catch {
    throw badRequest('errors.notify_bad_body');
  }
  const body = standardBody.safeParse(payload);
  if (!body.success) throw badRequest('errors.notify_bad_body');
  const b = body.data;
  return {
    id: signed['webhook-id'],
    notice: {
      tradeNo: b.tradeNo, to: b.status === 'paid' ? 'completed' : 'failed', amount: b.amount,
      currency: b.currency.toUpperCase(), reference: b.channelTradeNo ?? '', paidTime: b.paidTime,
    },
  };
}

// ---- Stripe -------------------------------------------------------------------

/** Stripe amounts are in the currency's smallest unit; these have none below the unit (of the currencies orders use). */
const ZERO_DECIMAL = new Set(['JPY', 'KRW', 'CLP', 'VND', 'XAF', 'XOF', 'PYG', 'UGX', 'RWF', 'BIF', 'DJF', 'GNF', 'KMF', 'MGA', 'VUV', 'XPF']);
const fromMinor = (minor: number, currency: string) => (ZERO_DECIMAL.has(currency) ? minor : minor / 100);

type StripeObject = {
  id: string;
  client_reference_id?: string | null;
  metadata?: Record<string, string> | null;
  amount_total?: number | null;
  amount_received?: number;
  amount?: number;
  currency?: string | null;
  payment_intent?: string | { id: string } | null;
  payment_status?: string;
  created?: number;
};

const STRIPE_EVENTS: Record<string, { to: Change['to']; amount: (o: StripeObject) => number | null | undefined; reference: (o: StripeObject) => string }> = {
  'checkout.session.completed': {
    to: 'completed', amount: (o) => o.amount_total,
    reference: (o) => (typeof o.payment_intent === 'string' ? o.payment_intent : o.payment_intent?.id) ?? o.id,
  },
  'checkout.session.expired': { to: 'expired', amount: (o) => o.amount_total, reference: (o) => o.id },
  'payment_intent.succeeded': { to: 'completed', amount: (o) => o.amount_received ?? o.amount, reference: (o) => o.id },
  'payment_intent.payment_failed': { to: 'failed', amount: (o) => o.amount, reference: (o) => o.id },
};

function verifyStripe(raw: Buffer, headers: Record<string, unknown>, secrets: string[]): Verified {
  const signature = header(headers, 'stripe-signature');
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
  const kind = STRIPE_EVENTS[event.type];
  const object = (event.data?.object ?? {}) as StripeObject;
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
      tradeNo, to: kind.to, amount: fromMinor(minor, currency), currency, reference: kind.reference(object),
      paidTime: event.created,
    },
  };
}

export const CHANNELS = {
  standard: verifyStandard,
  stripe: verifyStripe,
} as const;
export type Channel = keyof typeof CHANNELS;

/** Secrets of a channel from pay.toml: several, separated by spaces, any of which may have signed. */
export const secretsOf = (value: string) => value.split(/\s+/).filter(Boolean);
