/**
 * What PayPal takes, as its connector (server/payments/connectors/paypal.ts)
 * and the screens read it: browser-safe, so it lives here and not beside the
 * server code. PayPal's currency table (developer.paypal.com, "Currency
 * codes"): IDR, KRW, INR and others are not taken; HUF, JPY and TWD take no
 * decimals; a few are taken only by an account of their own country.
 */
import type { ProviderDeclaration } from './declare';

/** Currencies PayPal takes through Orders v2, with the decimals it accepts in an amount. */
export const PAYPAL_CURRENCIES: Readonly<Record<string, number>> = {
  AUD: 2, BRL: 2, CAD: 2, CNY: 2, CZK: 2, DKK: 2, EUR: 2, HKD: 2, HUF: 0, ILS: 2, JPY: 0, MYR: 2, MXN: 2, TWD: 0,
  NZD: 2, NOK: 2, PHP: 2, PLN: 2, GBP: 2, SGD: 2, SEK: 2, CHF: 2, THB: 2, USD: 2,
};

/** Currencies PayPal takes only for an account registered in this country (pay.toml `[paypal] country`). */
export const PAYPAL_IN_COUNTRY: Readonly<Record<string, string>> = { MYR: 'MY', BRL: 'BR', CNY: 'CN' };

/** The decimals PayPal takes `currency` in for an account of `country`; undefined when it does not take it there. */
export function paypalDecimals(currency: string, country: string): number | undefined {
  const only = PAYPAL_IN_COUNTRY[currency];
  if (only && only !== country.toUpperCase()) return undefined;
  return PAYPAL_CURRENCIES[currency];
}

/** The webhook events the connector reads, to subscribe to in PayPal's developer dashboard. */
export const PAYPAL_EVENTS = [
  'CHECKOUT.ORDER.APPROVED', 'PAYMENT.CAPTURE.COMPLETED', 'PAYMENT.CAPTURE.DENIED', 'PAYMENT.CAPTURE.REFUNDED', 'PAYMENT.CAPTURE.REVERSED',
] as const;

export const PAYPAL_MODES = ['sandbox', 'live'] as const;

export const PAYPAL = {
  section: 'paypal',
  events: PAYPAL_EVENTS,
  dashboard: 'https://developer.paypal.com/dashboard/applications',
  testMode: (values: Record<string, unknown>) => values.mode !== 'live',
  // PayPal's page offers what the payer's account holds: no method is chosen beforehand.
  methods: {},
} as const satisfies ProviderDeclaration;
