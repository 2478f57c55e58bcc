/**
 * The dashboard's period: whole days, `from` to `to` inclusive, in the
 * operator's time zone (the browser's, sent as an IANA name), turned into
 * the UTC hours the totals are kept by. Days are cut where the zone's
 * midnight falls; a day around a daylight-saving change is 23 or 25 hours
 * long and is read on its own (see `segments`).
 */
import { z } from 'zod';
import { parseBody } from '../payments/inputs';
import type { QueryParam } from '../types';

/** The longest period one request may read: a year, leap day included. */
export const MAX_DAYS = 366;
const DAY = 86400;

export interface Day {
  /** `YYYY-MM-DD` in the zone. */
  date: string;
  /** Epoch seconds of the zone's midnight that starts it. */
  start: number;
}

/**
 * Days read the same way: consecutive ordinary days of one UTC offset
 * (`offset` seconds; a bucket's day is found in SQL from it), or a single
 * day of another length (`day`: every bucket in it is that day).
 */
export interface Segment {
  from: number;
  to: number;
  offset?: number;
  day?: number;
}

export interface Period {
  zone: string;
  from: string;
  to: string;
  days: Day[];
  /** Epoch seconds: the first day's start and the end of the last. */
  start: number;
  end: number;
  segments: Segment[];
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(zone: string) {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    formatters.set(zone, f);
  }
  return f;
}

/** Whether the runtime knows `zone` (Intl refuses an unknown one with a RangeError). */
export function knownZone(zone: string) {
  try {
    formatter(zone);
    return true;
  } catch {
    return false;
  }
}

/** Seconds the zone's wall clock is ahead of UTC at `epochSeconds`. */
export function offsetAt(zone: string, epochSeconds: number) {
  const parts = Object.fromEntries(formatter(zone).formatToParts(new Date(epochSeconds * 1000)).map((p) => [p.type, p.value]));
  const wall = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second)) / 1000;
  return wall - epochSeconds;
}

/** Epoch seconds of the zone's midnight starting `date` (a midnight that a clock change skipped: the first instant after it). */
export function midnight(zone: string, date: string) {
  const wall = Date.parse(`${date}T00:00:00Z`) / 1000;
  const first = wall - offsetAt(zone, wall);
  return wall - offsetAt(zone, first);
}

const dateText = (epochSeconds: number) => new Date(epochSeconds * 1000).toISOString().slice(0, 10);
/** `YYYY-MM-DD` that names a real day (no 30 February). */
const realDate = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text) && dateText(Date.parse(`${text}T00:00:00Z`) / 1000) === text;

const input = z.strictObject({
  zone: z.string({ error: 'validation.time_zone' }).min(1, { error: 'validation.time_zone' }).max(64, { error: 'validation.time_zone' })
    .refine(knownZone, { error: 'validation.time_zone' }),
  from: z.string({ error: 'validation.period_date' }).refine(realDate, { error: 'validation.period_date' }),
  to: z.string({ error: 'validation.period_date' }).refine(realDate, { error: 'validation.period_date' }),
}).refine((q) => q.from <= q.to, { error: 'validation.period_order', path: ['to'] })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 1000 / DAY < MAX_DAYS, { error: 'validation.period_too_long', path: ['to'], params: { days: MAX_DAYS } });

const EXAMPLES: Record<keyof typeof input.shape, string> = { zone: 'Asia/Shanghai', from: '2026-11-01', to: '2026-11-28' };
/** The dashboard's query parameters for the API document: each required unless its validator takes none. */
export const PERIOD_PARAMS: QueryParam[] = Object.entries(input.shape).map(([name, schema]) => ({
  name, required: !schema.safeParse(undefined).success, example: EXAMPLES[name as keyof typeof EXAMPLES],
}));

/** The period of a dashboard query string, or a 400 naming what is wrong with it. */
export function parsePeriod(query: unknown): Period {
  const { zone, from, to } = parseBody(input, query);
  const dates: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`) / 1000; dateText(t) <= to; t += DAY) dates.push(dateText(t));
  const days = dates.map((date) => ({ date, start: midnight(zone, date) }));
  const end = midnight(zone, dateText(Date.parse(`${to}T00:00:00Z`) / 1000 + DAY));
  return { zone, from, to, days, start: days[0]!.start, end, segments: segments(days, end) };
}

/** Runs of ordinary days of one offset, and each day of another length alone. */
function segments(days: Day[], end: number): Segment[] {
  const out: Segment[] = [];
  days.forEach((day, i) => {
    const next = days[i + 1]?.start ?? end;
    if (next - day.start !== DAY) return void out.push({ from: day.start, to: next, day: day.start });
    const offset = Date.parse(`${day.date}T00:00:00Z`) / 1000 - day.start;
    const last = out[out.length - 1];
    if (last && last.offset === offset && last.to === day.start) last.to = next;
    else out.push({ from: day.start, to: next, offset });
  });
  return out;
}
