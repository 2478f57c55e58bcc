/**
 * Stripe (the official `stripe` package): Checkout Sessions on the payer's
 * click, webhooks at `/api/receive-money/notify/stripe` signed with a secret
 * of pay.toml `[stripe]`, refunds through the Refunds API.
 */
import Stripe from 'stripe';
import { AppError, badRequest } from '../../http';
import type { Connector, PaymentNotice, Verified } from './connector';
import { badSignature, header, requireSecrets, TOLERANCE_SECONDS } from './verify';

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

const EVENTS: Record<string, { to: PaymentNotice['to']; amount: (o: StripeObject) => number | null | undefined; reference: (o: StripeObject) => string }> = {
  'checkout.session.completed': {
    to: 'completed', amount: (o) => o.amount_total,
    reference: (o) => (typeof o.payment_intent === 'string' ? o.payment_intent : o.payment_intent?.id) ?? o.id,
  },
  'checkout.session.expired': { to: 'expired', amount: (o) => o.amount_total, reference: (o) => o.id },
  'payment_intent.succeeded': { to: 'completed', amount: (o) => o.amount_received ?? o.amount, reference: (o) => o.id },
  'payment_intent.payment_failed': { to: 'failed', amount: (o) => o.amount, reference: (o) => o.id },
};

export interface StripeSettings {
  secret_key: string;
  secrets: string;
}

export function stripeConnector(settings: () => StripeSettings): Connector {
  return {
    name: 'stripe',
    notifyPath: 'stripe',
    ready: () => Boolean(settings().secret_key),

    verify(raw, headers): Verified {
      const secrets = requireSecrets(settings().secrets);
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
      const kind = EVENTS[event.type];
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
          kind: 'payment', tradeNo, to: kind.to, amount: fromMinor(minor, currency), currency, reference: kind.reference(object),
          paidTime: event.created,
        },
      };
    },

    async checkout() {
      throw new AppError(503, 'errors.provider_unavailable');
    },

    async refund() {
      throw new AppError(503, 'errors.provider_unavailable');
    },
  };
}
