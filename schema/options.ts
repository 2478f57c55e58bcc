/**
 * Option sets and constants of SPEC §3 and §9 that screens, pages and the
 * server share. Labels are i18n keys `options.<set>.<value>`.
 */
export const CURRENCY_SYMBOLS = {
  USD: '$', EUR: '€', JPY: '¥', GBP: '£', AUD: 'A$', CAD: 'C$', CHF: 'CHF', CNY: '¥', HKD: 'HK$',
  NZD: 'NZ$', KRW: '₩', SGD: 'S$', NOK: 'kr', MXN: '$', INR: '₹', RUB: '₽', ZAR: 'R', TRY: '₺',
  BRL: 'R$', TWD: 'NT$', DKK: 'kr', PLN: 'zł', THB: '฿', IDR: 'Rp', HUF: 'Ft', CZK: 'Kč', ILS: '₪',
  CLP: 'CLP$', PHP: '₱', AED: 'د.إ', COP: 'COL$', SAR: '﷼', MYR: 'RM', RON: 'lei',
} as const;
export type Currency = keyof typeof CURRENCY_SYMBOLS;
export const CURRENCIES = Object.keys(CURRENCY_SYMBOLS) as Currency[];

/** Payment channels per currency (SPEC §3): the order form's payType choices follow the currency. */
export const PAY_CHANNELS: Partial<Record<Currency, readonly string[]>> = {
  HKD: ['wechat', 'alipay'],
  TWD: ['card', 'atm'],
  SGD: ['paynow', 'card'],
  MYR: ['fpx', 'card'],
  THB: ['promptpay', 'card'],
  IDR: ['qris', 'va'],
};
export const PAY_TYPES = [...new Set(Object.values(PAY_CHANNELS).flat())] as string[];

export const ORDER_STATUSES = ['pending', 'completed', 'failed'] as const;
export const USER_STATUSES = ['normal', 'banned'] as const;
export const GENDERS = ['unknown', 'boy', 'girl'] as const;
export const USER_SOURCES = ['default', 'install', 'qq', 'phone', 'email'] as const;
export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;

/** Payment windows of the confirmation pages (SPEC §9). */
export const PAY_WINDOW_SECONDS = { index: 15 * 60, emit: 3 * 24 * 3600 } as const;
export const PAGE_SIZES = [10, 20, 30, 40, 50, 100, 200] as const;
export const DEFAULT_PAGE_SIZE = 10;

/** The pay link a payer opens (SPEC §2). */
export const payLink = (origin: string, tradeNo: string) => `${origin}/#/pay/emit?tradeNo=${encodeURIComponent(tradeNo)}`;
