import { CURRENCY_SYMBOLS, type Currency } from '../schema/options';

/** The currency's usual minor digits (JPY 0, USD 2), per the browser's Intl data. */
function minorDigits(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/**
 * `HK$1,234.50`: the symbol of SPEC §3 and the exact amount, padded to the
 * currency's minor digits but never rounded (a payer must see what they owe).
 */
export function formatMoney(amount: number | string | undefined, currency: string | undefined, locale: string): string {
  if (amount === undefined || amount === '' || !Number.isFinite(Number(amount))) return '';
  const code = currency ?? '';
  const symbol = CURRENCY_SYMBOLS[code as Currency] ?? code;
  const value = Number(amount);
  // The shortest decimal that round-trips (12.34, not 12.339999…) decides the digits shown.
  const ownDigits = String(value).split('.')[1]?.length ?? 0;
  const digits = Math.max(minorDigits(code), ownDigits);
  const number = new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
  return `${symbol}${number}`;
}
