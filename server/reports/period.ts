/**
 * A report's period: calendar days `from` to `to` (both included, `YYYY-MM-DD`)
 * on the clocks of a time zone, as the instants [start, end) that bound it.
 */
import { zoneOffset } from '../../schema/dates';
import { refuse } from '../engine/params';

export interface Period { from: string; to: string; start: number; end: number }

const DAY = 86_400;

/** The day `YYYY-MM-DD` as seconds at its UTC midnight; null for anything that is not a real day. */
function utcDay(value: unknown): number | null {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const ms = Date.parse(`${value}T00:00:00Z`);
  // Date.parse rolls 2026-02-30 over to March: a day that reads back differently does not exist.
  return Number.isFinite(ms) && new Date(ms).toISOString().slice(0, 10) === value ? ms / 1000 : null;
}

/** The instant the zone's clocks read midnight of the UTC-midnight day `day` (the offset checked at that instant). */
function midnight(day: number, timeZone: string): number {
  const guess = day - zoneOffset(day, timeZone);
  return day - zoneOffset(guess, timeZone);
}

export function parsePeriod(query: Record<string, unknown>, timeZone: string): Period {
  const from = utcDay(query.from);
  if (from === null) refuse('from', 'validation.report_date');
  const to = utcDay(query.to);
  if (to === null) refuse('to', 'validation.report_date');
  if (to < from) refuse('to', 'validation.report_period');
  return { from: String(query.from), to: String(query.to), start: midnight(from, timeZone), end: midnight(to + DAY, timeZone) };
}
