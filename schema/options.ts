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

/**
 * An order's states. `closed` is an operator's close (its own callback,
 * `order.closed`), apart from `expired` (the expiry job). A paid order refunded
 * in part is `partially_refunded` (stored, so that the status filter, the
 * dashboard's counts and the merchant's callback read it like any state);
 * the rest of its refunds make it `refunded`.
 */
export const ORDER_STATUSES = ['pending', 'completed', 'failed', 'expired', 'refunded', 'closed', 'partially_refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** A status no payment moves: only `pending` is paid, failed, expired or closed; a paid order is refunded. */
export const FINAL_STATUSES: readonly OrderStatus[] = ['completed', 'failed', 'expired', 'refunded', 'closed', 'partially_refunded'];
/** Statuses of an order that was paid and may still be refunded (what is left of it). */
export const REFUNDABLE_STATUSES: readonly OrderStatus[] = ['completed', 'partially_refunded'];
/** Statuses of an order whose payment counts as collected (a refund is counted apart, when it is made). */
export const PAID_STATUSES: readonly OrderStatus[] = ['completed', 'partially_refunded', 'refunded'];
/** Statuses of an order that ended unpaid: no payment fits it any more. */
export const UNPAID_END_STATUSES: readonly OrderStatus[] = ['failed', 'expired', 'closed'];
/** What may move an order (order-events `source`): a notification, the provider looked up, expiry, an operator, a refund. */
export const TRANSITION_SOURCES = ['notify', 'lookup', 'expiry', 'operator', 'refund'] as const;
/**
 * Money that arrived where it does not fit the order (BTCPay's model): paid
 * after the order ended, less or more than asked, or in another currency. The
 * order keeps the flag until an operator accepts or refunds it.
 */
export const ORDER_EXCEPTIONS = ['paid_late', 'underpaid', 'overpaid', 'wrong_currency'] as const;
export type OrderException = (typeof ORDER_EXCEPTIONS)[number];
/** Where one exception (order-exceptions `state`) stands: waiting for an operator, or resolved by accepting or refunding it. */
export const EXCEPTION_STATES = ['open', 'accepted', 'refunded'] as const;
export type ExceptionState = (typeof EXCEPTION_STATES)[number];
export const EXCEPTION_STATE_COLORS: Readonly<Record<string, string>> = { open: '#bf3989', accepted: '#1a7f37', refunded: '#6639ba' };
/** A refund's state at its provider (refunds `state`); a manual refund is recorded `succeeded`. */
export const REFUND_STATES = ['pending', 'succeeded', 'failed'] as const;
export type RefundState = (typeof REFUND_STATES)[number];
/** How a received payment notification ended (pay-notifications `outcome`). */
export const NOTIFY_OUTCOMES = ['applied', 'flagged', 'finished', 'rejected'] as const;
/** A merchant callback's delivery state (callbacks `state`). */
export const CALLBACK_STATES = ['pending', 'delivered', 'failed', 'gone'] as const;
export const USER_STATUSES = ['normal', 'banned'] as const;
export const GENDERS = ['unknown', 'boy', 'girl'] as const;
export const USER_SOURCES = ['default', 'install', 'qq', 'phone', 'email'] as const;
export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** Payment windows of the confirmation pages. */
export const PAY_WINDOW_SECONDS = { index: 15 * 60, emit: 3 * 24 * 3600 } as const;
/** An order expires at most this long after its creation (the emit window); its creator may choose sooner. */
export const ORDER_LIFETIME_SECONDS = PAY_WINDOW_SECONDS.emit;
export const PAGE_SIZES = [10, 20, 30, 40, 50, 100, 200] as const;
export const DEFAULT_PAGE_SIZE = 10;

/** The pay link a payer opens. */
export const payLink = (origin: string, tradeNo: string) => `${origin}/#/pay/emit?tradeNo=${encodeURIComponent(tradeNo)}`;

/**
 * The largest page a list may ask for: `SYSTEM_SAFETY_API.paging.limit` while
 * paging is on, else the largest page size. The server clamps to it and the
 * console offers no larger size, so the two always agree.
 */
export const pageLimit = (paging: { enable: boolean; limit?: number }): number =>
  paging.enable && paging.limit ? paging.limit : PAGE_SIZES[PAGE_SIZES.length - 1]!;

/** The page sizes a list offers under that limit: the usual ones below it, and the limit itself. */
export const pageSizesUpTo = (limit: number): number[] => [...PAGE_SIZES.filter((size) => size < limit), limit];

/**
 * Colours of the order statuses (completed green, pending orange,
 * failed red, anything else grey): the pay result page and the console's
 * status chips both read them here.
 */
export const ORDER_STATUS_COLORS: Readonly<Record<string, string>> = {
  completed: '#1a7f37',
  pending: '#a65200',
  failed: '#cf222e',
  refunded: '#6639ba',
  partially_refunded: '#8250df',
};
export const REFUND_STATE_COLORS: Readonly<Record<string, string>> = { pending: '#a65200', succeeded: '#1a7f37', failed: '#cf222e' };
/** An order exception is a warning an operator must act on. */
export const EXCEPTION_COLORS: Readonly<Record<string, string>> = Object.fromEntries(
  ['paid_late', 'underpaid', 'overpaid', 'wrong_currency'].map((k) => [k, '#bf3989']),
);
export const UNKNOWN_STATUS_COLOR = '#6e7781';
export const orderStatusColor = (status: string): string => ORDER_STATUS_COLORS[status] ?? UNKNOWN_STATUS_COLOR;

/** The files a list's export and the reports come as: CSV (the default) or XLSX. */
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
