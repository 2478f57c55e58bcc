/** How the dashboard writes durations and shares, in the console's language (Intl, no strings of our own). */
const UNITS: Array<[unit: 'second' | 'minute' | 'hour' | 'day', seconds: number]> = [['day', 86400], ['hour', 3600], ['minute', 60], ['second', 1]];

/** `90` -> "1.5 min" in the locale's words. */
export function duration(seconds: number, locale: string): string {
  const [unit, size] = UNITS.find(([, s]) => seconds >= s) ?? UNITS[UNITS.length - 1]!;
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }).format(seconds / size);
}

export const percent = (share: number, locale: string) => new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(share);

export const whole = (n: number, locale: string) => new Intl.NumberFormat(locale).format(n);
