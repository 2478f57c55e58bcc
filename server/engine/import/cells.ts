/**
 * What an imported cell means for a field: the inverse of an export's cell
 * (export-view.ts), so an export re-imports as it is. Headers match a
 * field by its key or its label in any of the five languages; a choice by
 * its value or its label in any language; a switch by 1/0 or yes/no in any
 * language; a date as ISO 8601 (with its offset, or on the plan's clock),
 * an XLSX date cell, or epoch seconds. Whatever does not convert is passed
 * on as it is, for the field's own validator to refuse in its own words.
 * A text is only ever stored as text: a cell that starts with `=`, `+`,
 * `-` or `@` is never evaluated (an export's leading `'` guard is taken off).
 */
import { zoneOffset } from '../../../schema/dates';
import { isWritable, type Field, type Resource } from '../../../schema/define';
import { LANGS, optionLabelKey } from '../../../schema/i18n';
import { t } from '../../i18n';
import type { Cell } from './read';

const norm = (text: string) => text.normalize('NFC').trim().toLowerCase();

/** Fields an import may fill: the writable ones, and on created rows the schema's `history` fields. */
export function importable(r: Resource): Set<string> {
  const out = new Set(Object.entries(r.fields).filter(([, f]) => isWritable(f) && !f.hidden).map(([k]) => k));
  for (const k of r.history?.fields ?? []) out.add(k);
  return out;
}

/** Every name a column may carry for each importable field: its key and its label in each language. */
function names(r: Resource): Map<string, string> {
  const out = new Map<string, string>();
  for (const k of importable(r)) {
    out.set(norm(k), k);
    for (const lang of LANGS) {
      const label = t(lang, `resources.${r.name}.fields.${k}`);
      if (!label.startsWith('resources.') && !out.has(norm(label))) out.set(norm(label), k);
    }
  }
  return out;
}

/** The field each header names (null: not imported); a field named twice is taken from its first column. */
export function suggestMapping(r: Resource, headers: readonly string[]): Array<string | null> {
  const known = names(r);
  const seen = new Set<string>();
  return headers.map((h) => {
    const k = known.get(norm(h));
    if (!k || seen.has(k)) return null;
    seen.add(k);
    return k;
  });
}

const YES = new Set(['1', 'true', 'yes', 'y', ...LANGS.map((l) => norm(t(l, 'messages.yes')))]);
const NO = new Set(['0', 'false', 'no', 'n', ...LANGS.map((l) => norm(t(l, 'messages.no')))]);

/** A choice by its value, else by its label in any language. */
function choice(r: Resource, key: string, f: Field, text: string): string {
  const options = f.options ?? [];
  if (options.includes(text)) return text;
  const wanted = norm(text);
  for (const value of options) {
    for (const lang of LANGS) if (norm(t(lang, optionLabelKey(f.optionSet ?? key, value))) === wanted) return value;
  }
  return text;
}

const isDateField = (f: Field) => f.widget === 'date' || f.system === 'createTime';
/** Excel's day 0 is 1899-12-30: serial 25569 is 1970-01-01. */
const EXCEL_EPOCH_DAYS = 25569;
const WALL_CLOCK = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

/** Wall-clock seconds (as if UTC) on the clock of `timeZone`, as epoch seconds. */
function onClock(wall: number, timeZone: string): number {
  // The offset at the instant itself: try the wall time as UTC, then correct once more across a DST change.
  const first = wall - zoneOffset(wall, timeZone);
  return wall - zoneOffset(first, timeZone);
}

/** Epoch seconds from a date cell, or the text as it was when it is no date. */
function dateValue(cell: Cell, timeZone: string): unknown {
  // An XLSX date holds the sheet's wall clock (exceljs reads it as UTC); a bare serial number likewise.
  if (cell instanceof Date) return onClock(Math.round(cell.getTime() / 1000), timeZone);
  if (typeof cell === 'number') return cell > 1e8 ? cell : onClock(Math.round((cell - EXCEL_EPOCH_DAYS) * 86400), timeZone);
  const text = String(cell).trim();
  if (/^\d{9,11}$/.test(text)) return Number(text);
  const wall = WALL_CLOCK.exec(text);
  if (wall) {
    const [, y, mo, d, h = '0', mi = '0', s = '0'] = wall;
    return onClock(Date.UTC(+y!, +mo! - 1, +d!, +h, +mi, +s) / 1000, timeZone);
  }
  const ms = Date.parse(text);
  return Number.isFinite(ms) ? Math.round(ms / 1000) : text;
}

/** A text as stored: an export's `'` before a formula-like text is its guard, not its content. */
const plainText = (cell: Cell) => {
  const text = cell instanceof Date ? cell.toISOString() : String(cell);
  return /^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text;
};

/**
 * The value a field is sent for a cell (the body of a create or an update).
 * References are resolved apart (refs.ts): here they stay as given.
 */
export function cellValue(r: Resource, key: string, f: Field, cell: Cell, timeZone: string): unknown {
  if (cell === null || cell === undefined || (typeof cell === 'string' && cell.trim() === '')) return '';
  if (isDateField(f)) return dateValue(cell, timeZone);
  switch (f.widget) {
    case 'select': return choice(r, key, f, String(cell).trim());
    case 'switch': {
      if (typeof cell === 'boolean') return cell ? 1 : 0;
      const v = norm(String(cell));
      return YES.has(v) ? 1 : NO.has(v) ? 0 : cell;
    }
    case 'number': {
      if (typeof cell === 'number') return cell;
      const text = String(cell).trim().replace(/,/g, '');
      const n = Number(text);
      return text !== '' && Number.isFinite(n) ? n : cell;
    }
    case 'json': {
      if (typeof cell !== 'string') return cell;
      try { return JSON.parse(cell); } catch { return cell; }
    }
    // Attachments as an export writes them (`/storage/a.png, /storage/b.pdf`), or as a JSON list.
    case 'files': {
      if (typeof cell !== 'string') return cell;
      try { return JSON.parse(cell); } catch { return cell.split(',').map((path) => path.trim()).filter(Boolean); }
    }
    default: return plainText(cell);
  }
}
