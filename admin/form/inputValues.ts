/**
 * How stored values read in the dialog's inputs and back (react-admin
 * `format`/`parse` pairs). A cleared input parses to a blank (`null`, `''`),
 * which the data provider turns into the field's empty value (schema/define.ts
 * `emptyValue`), so none of these decides what "empty" is.
 */

const pad = (n: number) => String(n).padStart(2, '0');

const DATE_TIME_LOCAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/**
 * Epoch seconds -> `yyyy-MM-ddThh:mm` in local time, what `<input type="datetime-local">` shows; 0 is "not set".
 * Idempotent: react-admin's DateTimeInput formats the already formatted value once more for its first render.
 */
export function epochToDateTimeLocal(value: unknown): string {
  if (typeof value === 'string' && DATE_TIME_LOCAL.test(value)) return value;
  const seconds = Number(value);
  if (value === null || value === undefined || value === '' || !Number.isFinite(seconds) || seconds <= 0) return '';
  const d = new Date(seconds * 1000);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** `yyyy-MM-ddThh:mm` (local time) -> epoch seconds; a cleared or unreadable input is blank. */
export function dateTimeLocalToEpoch(value: unknown): number | null {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string' || !value.trim()) return null;
  const ms = new Date(value).getTime();
  return Number.isFinite(ms) ? Math.floor(ms / 1000) : null;
}

/** JSON shown as text; a text that is not JSON stays text so the validator can say so. */
export const jsonFormat = (value: unknown) => (typeof value === 'string' ? value : value === null || value === undefined ? '' : JSON.stringify(value, null, 2));
export function jsonParse(text: string): unknown {
  try {
    return text.trim() ? JSON.parse(text) : null;
  } catch {
    return text;
  }
}
