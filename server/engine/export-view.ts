/**
 * What a CSV export cell says (issue 11 item 10): what the list shows, in the
 * caller's language: dates in the list's date display and the caller's time
 * zone, choices by their labels, flags as yes/no, money with its currency's
 * symbol and minor units. Every fact comes from the field's schema.
 */
import { DATE_DISPLAYS, formatEpoch, isTimeZone, type DateDisplay } from '../../schema/dates';
import type { Field, Resource } from '../../schema/define';
import { optionLabelKey, type Lang } from '../../schema/i18n';
import { formatMoney } from '../../schema/money';
import { t } from '../i18n';
import { refuse } from './params';

export interface ExportView {
  header(field: string): string;
  value(field: string, row: Record<string, unknown>): unknown;
}

const isDate = (f: Field) => f.widget === 'date' || f.system === 'createTime' || f.system === 'updateTime' || f.system === 'deleteTime';

/**
 * The view of an export for `lang`, with the display options the console
 * sends beside the list's query (`tz`: IANA time zone, `dates`: date display),
 * and the list's query without them. A bad option is a 400 naming it.
 */
export function exportView(r: Resource, lang: Lang, query: Record<string, unknown>): { view: ExportView; listQuery: Record<string, unknown> } {
  const { tz, dates, ...listQuery } = query;
  if (tz !== undefined && (typeof tz !== 'string' || !isTimeZone(tz))) refuse('tz', 'validation.choice');
  if (dates !== undefined && !DATE_DISPLAYS.includes(dates as DateDisplay)) refuse('dates', 'validation.choice');
  const timeZone = (tz as string | undefined) ?? 'UTC';
  const display = (dates as DateDisplay | undefined) ?? 'detailed';
  const yes = t(lang, 'messages.yes');
  const no = t(lang, 'messages.no');
  const view: ExportView = {
    header: (field) => t(lang, `resources.${r.name}.fields.${field}`),
    value(field, row) {
      const f = r.fields[field];
      const v = row[field];
      if (!f || v === null || v === undefined) return v;
      if (isDate(f)) return formatEpoch(Number(v), display, timeZone);
      if (f.money) return formatMoney(Number(v), String(row[f.money] ?? ''), lang);
      if (f.widget === 'select') {
        const label = t(lang, optionLabelKey(f.optionSet ?? field, String(v)));
        return label.startsWith('options.') ? v : label;
      }
      if (f.widget === 'switch') return Number(v) ? yes : no;
      return v;
    },
  };
  return { view, listQuery };
}
