/**
 * Money as every screen shows it (issue 11 item 7): the pay pages, the
 * console list and the CSV export all call `formatMoney`. Minor units come
 * from Intl's ISO 4217 data (JPY and KRW have none, most currencies two), the
 * currency's own symbol, the grouping from the reader's locale.
 */
import { CURRENCY_SYMBOLS, type Currency } from './options';

const digitsCache = new Map<string, number>();

/** Digits after the point of `currency` (JPY 0, USD 2); 2 for a code Intl does not know. */
/** Money columns are DECIMAL(14, 2): an amount must stay below this to be stored at all. */
export const AMOUNT_LIMIT = 1e12;

export function minorDigits(currency: string): number {
  let digits = digitsCache.get(currency);
  if (digits === undefined) {
    try {
      digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      digits = 2;
    }
    digitsCache.set(currency, digits);
  }
  return digits;
}

/** Digits after the point of a number as written (12.34 -> 2), from its shortest round-tripping form. */
export function decimalsOf(value: number): number {
  const [mantissa = '', exponent = '0'] = String(value).split('e');
  const written = mantissa.split('.')[1]?.length ?? 0;
  return Math.max(0, written - Number(exponent));
}

/**
 * `HK$1,234.50`, `¥1,235`: the currency's symbol and the amount grouped in
 * `locale`, with the currency's minor digits. An amount stored with more
 * digits than its currency allows (before amounts were checked) keeps them:
 * a payer must see exactly what is owed. Blank for a missing amount.
 */
export function formatMoney(amount: number | string | null | undefined, currency: string | null | undefined, locale: string): string {
  if (amount === undefined || amount === null || amount === '' || !Number.isFinite(Number(amount))) return '';
  const code = currency ?? '';
  const symbol = CURRENCY_SYMBOLS[code as Currency] ?? code;
  const value = Number(amount);
  const digits = Math.max(minorDigits(code), decimalsOf(value));
  const number = new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
  return `${symbol}${number}`;
}
