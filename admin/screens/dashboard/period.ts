/**
 * The dashboard's period in the operator's time zone (the browser's): the
 * presets as `from`/`to` days, and a day as the orders list's filter range.
 * The server cuts the days with the same zone, so a bar's day and the list
 * it opens agree (exactly for whole-hour zones; a half-hour zone's dashboard
 * day starts at the whole hour before its midnight).
 */
export type Preset = 'today' | 'days7' | 'days30' | 'month' | 'custom';
export const PRESETS: readonly Preset[] = ['today', 'days7', 'days30', 'month', 'custom'];

export interface PeriodQuery {
  zone: string;
  from: string;
  to: string;
}

export const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

const pad = (n: number) => String(n).padStart(2, '0');
/** `YYYY-MM-DD` of a local date. */
export const ymd = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** The days a preset covers, ending today (`now` in the browser's zone). */
export function presetRange(preset: Exclude<Preset, 'custom'>, now = new Date()): { from: string; to: string } {
  const to = ymd(now);
  const back = (days: number) => ymd(new Date(now.getFullYear(), now.getMonth(), now.getDate() - days));
  switch (preset) {
    case 'today': return { from: to, to };
    case 'days7': return { from: back(6), to };
    case 'days30': return { from: back(29), to };
    case 'month': return { from: ymd(new Date(now.getFullYear(), now.getMonth(), 1)), to };
  }
}

/** The orders list's filter for orders made on `day` (local) with `status`: the same epoch-second range its date boxes make. */
export function ordersOfDay(day: string, status: string) {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const start = Math.floor(new Date(y, m - 1, d).getTime() / 1000);
  const end = Math.floor(new Date(y, m - 1, d + 1).getTime() / 1000) - 1;
  return { status, createTime_gte: String(start), createTime_lte: String(end) };
}

/** The orders list (`/admin/receive-money`) opened on `filter`, in the list's own URL form. */
export const ordersListPath = (filter: Record<string, string>) =>
  `/admin/receive-money?filter=${encodeURIComponent(JSON.stringify(filter))}&page=1`;
