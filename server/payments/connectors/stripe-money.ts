/**
 * Amounts as Stripe counts them. Stripe takes every amount as an integer in
 * the currency's minor unit: cents for most, the unit itself for its
 * zero-decimal currencies (JPY 1288 is 1288). HUF and TWD are special cases:
 * Stripe counts them in hundredths but pays them out in whole units, so a
 * charge must be a whole number of forints or dollars, times 100.
 */

/** Stripe's zero-decimal currencies. */
export const ZERO_DECIMAL = new Set(['BIF', 'CLP', 'DJF', 'GNF', 'JPY', 'KMF', 'KRW', 'MGA', 'PYG', 'RWF', 'UGX', 'VND', 'VUV', 'XAF', 'XOF', 'XPF']);
/** Counted in hundredths, charged in whole units only (Stripe's special cases). */
export const WHOLE_UNITS = new Set(['HUF', 'TWD', 'ISK']);

/** Whether Stripe can charge this amount at all (12.5 TWD it cannot). */
export const stripeCanCharge = (amount: number, currency: string) => !WHOLE_UNITS.has(currency) || Number.isInteger(amount);

/** Major units -> Stripe's integer (HKD 12.5 -> 1250, JPY 1288 -> 1288, TWD 300 -> 30000). */
export function toMinor(amount: number, currency: string): number {
  return ZERO_DECIMAL.has(currency) ? Math.round(amount) : Math.round(amount * 100);
}

/** Stripe's integer -> major units, the way Paydesk stores amounts. */
export function fromMinor(minor: number, currency: string): number {
  return ZERO_DECIMAL.has(currency) ? minor : minor / 100;
}
