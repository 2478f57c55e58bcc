/**
 * Money as every screen shows it (issue 11 item 7, issue 31 item 4): the pay
 * pages, the console (lists, the order, the dashboard) and the reports all
 * call `formatMoney`. Minor units come from Intl's ISO 4217 data (JPY and KRW
 * have none, most currencies two), the symbol and the grouping from Intl in
 * the reader's locale.
 */

const digitsCache = new Map<string, number>();

/** Money columns are DECIMAL(14, 2): an amount must stay below this to be stored at all. */
export const AMOUNT_LIMIT = 1e12;

/** Digits after the point of `currency` (JPY 0, USD 2); 2 for a code Intl does not know. */
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
 * An amount with its currency, unambiguous in the reader's language: Intl's
 * own symbols, which tell currencies sharing a sign apart where the reader
 * could mistake them (zh-cn: JPY "JP¥1,235" beside CNY "¥1,234.50"; en-us:
 * JPY "¥1,235" beside CNY "CN¥1,234.50"; USD in zh-cn is "US$"), placed and
 * grouped as the locale writes money. The currency's minor digits (JPY 0,
 * USD 2); an amount stored with more digits than its currency allows (before
 * amounts were checked) keeps them: a payer must see exactly what is owed.
 * Blank for a missing amount; a code Intl does not take is written out.
 */
export function formatMoney(amount: number | string | null | undefined, currency: string | null | undefined, locale: string): string {
  if (amount === undefined || amount === null || amount === '' || !Number.isFinite(Number(amount))) return '';
  const code = currency ?? '';
  const value = Number(amount);
  const digits = Math.min(20, Math.max(minorDigits(code), decimalsOf(value)));
  const key = `${locale}|${code}|${digits}`;
  let format = formats.get(key);
  if (format === undefined) {
    try {
      format = new Intl.NumberFormat(locale, { style: 'currency', currency: code, currencyDisplay: 'symbol', minimumFractionDigits: digits, maximumFractionDigits: digits });
    } catch {
      format = null;
    }
    formats.set(key, format);
  }
  if (format) return format.format(value);
  const number = new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
  return code ? `${code} ${number}` : number;
}

/** Formatters by locale, currency and digits: a list of a hundred amounts builds a handful. */
const formats = new Map<string, Intl.NumberFormat | null>();
