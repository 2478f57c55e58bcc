/**
 * Epoch seconds as the lists show them (the table setting "date display":
 * simple, detailed, or year-month-day), in the reader's time zone: the
 * console formats in the browser's, the CSV export in the one the console
 * sends, so a file reads like the list it came from.
 */
export const DATE_DISPLAYS = ['simple', 'detailed', 'ymd'] as const;
export type DateDisplay = (typeof DATE_DISPLAYS)[number];

const formats = new Map<string, Intl.DateTimeFormat>();

/** Whether Intl knows the IANA zone (`Asia/Shanghai`). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The zone's offset from UTC at `seconds`, in seconds, by Intl (slow: a list or an export asks once per day, below). */
function offsetAt(seconds: number, timeZone: string | undefined): number {
  const key = timeZone ?? '';
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
    });
    formats.set(key, format);
  }
  const part = Object.fromEntries(format.formatToParts(new Date(seconds * 1000)).map((p) => [p.type, Number(p.value)]));
  return Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!) / 1000 - seconds;
}

const DAY = 86_400;
/** Per zone and UTC day: the offset when it holds all day, or null on a day the zone changes its clocks. */
const dayOffsets = new Map<string, Map<number, number | null>>();

function offsetOf(seconds: number, timeZone: string | undefined): number {
  const key = timeZone ?? '';
  let days = dayOffsets.get(key);
  if (!days) dayOffsets.set(key, (days = new Map()));
  if (days.size > 10_000) days.clear();
  const day = Math.floor(seconds / DAY);
  let offset = days.get(day);
  if (offset === undefined) {
    const start = offsetAt(day * DAY, timeZone);
    offset = start === offsetAt(day * DAY + DAY - 1, timeZone) ? start : null;
    days.set(day, offset);
  }
  return offset ?? offsetAt(seconds, timeZone);
}

const two = (n: number) => String(n).padStart(2, '0');

/** `2026-11-23 05:30:08` (detailed), `2026-11-23 05:30` (simple), `2026-11-23` (ymd); blank for 0. */
export function formatEpoch(seconds: number, display: DateDisplay, timeZone?: string): string {
  if (!seconds) return '';
  // Intl only for the zone's offset (once per day); the wall clock is then plain arithmetic, as a long export needs.
  const local = new Date((seconds + offsetOf(seconds, timeZone)) * 1000);
  const ymd = `${local.getUTCFullYear()}-${two(local.getUTCMonth() + 1)}-${two(local.getUTCDate())}`;
  if (display === 'ymd') return ymd;
  const hm = `${two(local.getUTCHours())}:${two(local.getUTCMinutes())}`;
  return display === 'simple' ? `${ymd} ${hm}` : `${ymd} ${hm}:${two(local.getUTCSeconds())}`;
}
