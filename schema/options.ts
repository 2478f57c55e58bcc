/**
 * Option sets and constants that screens, pages and the
 * server share. Labels are i18n keys `options.<set>.<value>`.
 */
import { PAY_PROVIDER_DECLARATIONS, type ProviderDeclaration } from './providers';
export const CURRENCY_SYMBOLS = {
  USD: '$', EUR: '€', JPY: '¥', GBP: '£', AUD: 'A$', CAD: 'C$', CHF: 'CHF', CNY: '¥', HKD: 'HK$',
  NZD: 'NZ$', KRW: '₩', SGD: 'S$', NOK: 'kr', MXN: '$', INR: '₹', RUB: '₽', ZAR: 'R', TRY: '₺',
  BRL: 'R$', TWD: 'NT$', DKK: 'kr', PLN: 'zł', THB: '฿', IDR: 'Rp', HUF: 'Ft', CZK: 'Kč', ILS: '₪',
  CLP: 'CLP$', PHP: '₱', AED: 'د.إ', COP: 'COL$', SAR: '﷼', MYR: 'RM', RON: 'lei',
} as const;
export type Currency = keyof typeof CURRENCY_SYMBOLS;
export const CURRENCIES = Object.keys(CURRENCY_SYMBOLS) as Currency[];

/** Payment channels per currency: the order form's payType choices follow the currency. */
export const PAY_CHANNELS: Partial<Record<Currency, readonly string[]>> = {
  HKD: ['wechat', 'alipay'],
  TWD: ['card', 'atm'],
  SGD: ['paynow', 'card'],
  MYR: ['fpx', 'card'],
  THB: ['promptpay', 'card'],
  IDR: ['qris', 'va'],
};

/**
 * The payment providers an order can be taken through (its `channel`): one
 * declaration each in schema/providers/ and one connector each in
 * server/payments/connectors/. `manual`: the creator gives the payUrl and the
 * gateway notifies by Standard Webhooks.
 */
export const PAY_PROVIDERS = Object.keys(PAY_PROVIDER_DECLARATIONS) as Array<keyof typeof PAY_PROVIDER_DECLARATIONS>;
export type PayProvider = keyof typeof PAY_PROVIDER_DECLARATIONS;
export { STRIPE_METHODS } from './providers/stripe';
/** The notify URLs' last segments, one per provider (its pay.toml section): a payment notification's `channel`. */
export const NOTIFY_CHANNELS = Object.values(PAY_PROVIDER_DECLARATIONS).map((d) => d.section);

const declarationOf = (channel: string): ProviderDeclaration | undefined =>
  Object.hasOwn(PAY_PROVIDER_DECLARATIONS, channel) ? PAY_PROVIDER_DECLARATIONS[channel as PayProvider] : undefined;

/** The payTypes an order of this channel and currency may name (blank is always allowed: the provider's default). */
export function payTypesFor(channel: string, currency: string): string[] {
  const methods = declarationOf(channel)?.methods;
  if (methods) return Object.entries(methods).filter(([, m]) => m.currencies === 'any' || m.currencies.includes(currency)).map(([k]) => k);
  return [...(PAY_CHANNELS[currency as Currency] ?? [])];
}
export const PAY_TYPES = [...new Set([
  ...Object.values(PAY_CHANNELS).flat(), ...Object.values(PAY_PROVIDER_DECLARATIONS).flatMap((d: ProviderDeclaration) => Object.keys(d.methods ?? {})),
])] as string[];

/** Whether the order's creator gives the payer's link on this channel (manual), rather than the connector making a checkout. */
export const takesPayLink = (channel: string) => Boolean(declarationOf(channel)?.payLink);

export * from './order-options';
