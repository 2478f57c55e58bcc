/**
 * What an export cell says: what a person reads in the list, typed so a
 * spreadsheet can work with it. Choices by their labels in the caller's
 * language (a field the list shows by its code, like the currency, keeps
 * the code), flags as yes/no, amounts as plain numbers (the currency is its
 * own column), dates as instants in the caller's time zone: real date cells
 * in XLSX, ISO 8601 with the offset in CSV. Every fact comes from the field's
 * schema; the labels are the console's own catalog entries.
 */
import { isTimeZone, zoneOffset } from '../../schema/dates';
import type { Field, Resource } from '../../schema/define';
import { optionLabelKey, type Lang } from '../../schema/i18n';
import { minorDigits } from '../../schema/money';
import { EXPORT_FORMATS, type ExportFormat } from '../../schema/options';
import { t } from '../i18n';
import { namedInExport } from './export-titles';
import { refuse } from './params';

/** An instant as the caller's clock shows it: `offset` seconds east of UTC. */
export interface LocalTime { seconds: number; offset: number }
/** An amount and its currency's minor digits (USD 2, JPY 0), so both files show it as that currency is written. */
export interface MoneyCell { amount: number; digits: number }
export type ExportCell = string | number | LocalTime | MoneyCell | null;
export type CellKind = 'text' | 'number' | 'money' | 'date';

export type { ExportFormat };

export interface ExportView {
  format: ExportFormat;
  timeZone: string;
  /** The table's name in the caller's language (the XLSX tab). */
  title: string;
  header(field: string): string;
  kind(field: string): CellKind;
  value(field: string, row: Record<string, unknown>): ExportCell;
}

const isDate = (f: Field) => f.widget === 'date' || f.system === 'createTime' || f.system === 'updateTime' || f.system === 'deleteTime';

/** The time zone and format options an export or report takes beside its own query; a bad one is a 400 naming it. */
export function exportOptions(query: Record<string, unknown>): { timeZone: string; format: ExportFormat } {
  const { tz, format } = query;
  if (tz !== undefined && (typeof tz !== 'string' || !isTimeZone(tz))) refuse('tz', 'validation.choice');
  if (format !== undefined && !EXPORT_FORMATS.includes(format as ExportFormat)) refuse('format', 'validation.choice');
  return { timeZone: (tz as string | undefined) ?? 'UTC', format: (format as ExportFormat | undefined) ?? 'csv' };
}

/** `seconds` on the clock of `timeZone`; null for 0 (never set). */
export const localTime = (seconds: number, timeZone: string): LocalTime | null => (seconds ? { seconds, offset: zoneOffset(seconds, timeZone) } : null);

/** An option's label in `lang`, the way the console shows it; the bare value when the catalog has none. */
export function optionLabel(lang: Lang, set: string, value: string): string {
  const label = t(lang, optionLabelKey(set, value));
  return label.startsWith('options.') ? value : label;
}

/**
 * The view of an export for `lang`, with the options the console sends
 * beside the list's query (`tz`: IANA time zone, `format`: csv or xlsx), and
 * the list's query without them.
 */
export function exportView(r: Resource, lang: Lang, query: Record<string, unknown>): { view: ExportView; listQuery: Record<string, unknown> } {
  const { tz: _tz, format: _format, ...listQuery } = query;
  const { timeZone, format } = exportOptions(query);
  const yes = t(lang, 'messages.yes');
  const no = t(lang, 'messages.no');
  const view: ExportView = {
    format,
    timeZone,
    title: t(lang, `resources.${r.name}.name`),
    header: (field) => t(lang, `resources.${r.name}.fields.${field}`),
    kind(field) {
      const f = r.fields[field];
      if (!f || namedInExport(f)) return 'text';
      if (isDate(f)) return 'date';
      if (f.money) return 'money';
      if (f.widget === 'select' || f.widget === 'switch') return 'text';
      return ['increments', 'integer', 'bigint', 'decimal'].includes(f.column.type) ? 'number' : 'text';
    },
    value(field, row) {
      const f = r.fields[field];
      const v = row[field];
      if (!f || v === null || v === undefined) return null;
      // Owners, references and attachments come named (export-titles.ts).
      if (namedInExport(f)) return String(v);
      if (isDate(f)) return localTime(Number(v), timeZone);
      if (f.widget === 'select') return f.listValue ? String(v) : optionLabel(lang, f.optionSet ?? field, String(v));
      if (f.widget === 'switch') return Number(v) ? yes : no;
      if (typeof v === 'object') return JSON.stringify(v);
      // An amount whose currency is blank is no money at all (an order with no open exception): an empty cell, never "0" beside "None".
      if (f.money && !row[f.money]) return null;
      if (f.money && Number.isFinite(Number(v))) return { amount: Number(v), digits: minorDigits(String(row[f.money] ?? '')) };
      if (f.widget === 'number' || typeof v === 'number' || typeof v === 'bigint') {
        const n = Number(v);
        return Number.isFinite(n) ? n : String(v);
      }
      return String(v);
    },
  };
  return { view, listQuery };
}
