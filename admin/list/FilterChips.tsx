/**
 * The list's active filters as removable chips above the rows (issue 31
 * item 6), whatever set them: the search panel, a dashboard bar, a saved
 * view, a link. Each reads "field: value" with the choice's label and the
 * date in the reader's language; its × takes that one filter off.
 */
import { Box, Button, Chip } from '@mui/material';
import { useListContext, useLocale, useTranslate } from 'react-admin';
import type { Field, Resource } from '../../schema/define';
import { fieldLabel, optionKey } from '../schema';
import { NOT_A_FILTER } from './FilterPanel';

type Translate = (key: string, options?: object) => string;

const OPS = ['like', 'gte', 'lte'] as const;

/** `createTime_gte` -> the field and its operator; a plain name is equality. */
export function splitFilterKey(resource: Resource, key: string): { name: string; op: 'eq' | (typeof OPS)[number] } {
  for (const op of OPS) {
    const name = key.slice(0, -(op.length + 1));
    if (key.endsWith(`_${op}`) && resource.fields[name]) return { name, op };
  }
  return { name: key, op: 'eq' };
}

const isDateField = (field: Field) => field.widget === 'date' || field.system === 'createTime' || field.system === 'updateTime' || field.system === 'deleteTime';

/** A filter's value as the reader says it: choices by their labels, dates by the calendar of his language. */
export function filterValueText(name: string, field: Field | undefined, value: unknown, translate: Translate, locale: string): string {
  const text = String(value);
  if (!field) return text;
  if (field.widget === 'switch') return translate(Number(value) ? 'ra.boolean.true' : 'ra.boolean.false');
  if (field.widget === 'select') return text.split(',').map((v) => translate(optionKey(name, field, v), { _: v })).join(', ');
  if (isDateField(field) && Number(value) > 0) return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(Number(value) * 1000);
  return text;
}

export function filterChipLabel(resource: Resource, key: string, value: unknown, translate: Translate, locale: string): string {
  if (key === 'q') return `${translate('admin.list.keyword')}: ${String(value)}`;
  const { name, op } = splitFilterKey(resource, key);
  const field = resource.fields[name];
  const label = translate(fieldLabel(resource.name, name), { _: name });
  const title = op === 'gte' ? translate('admin.list.range_from', { field: label }) : op === 'lte' ? translate('admin.list.range_to', { field: label }) : label;
  return `${title}: ${filterValueText(name, field, value, translate, locale)}`;
}

export function FilterChips({ resource }: { resource: Resource }) {
  const translate = useTranslate();
  const locale = useLocale();
  const { filterValues, setFilters } = useListContext();
  const active = Object.entries(filterValues).filter(([k, v]) => !NOT_A_FILTER.includes(k) && v !== undefined && v !== '');
  if (active.length === 0) return null;
  const without = (keys: string[]) => Object.fromEntries(Object.entries(filterValues).filter(([k]) => !keys.includes(k)));
  return (
    <Box
      component="ul"
      aria-label={translate('admin.view.active_filters')}
      data-testid="filter-chips"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', listStyle: 'none', m: 0, px: 1, py: 1 }}
    >
      {active.map(([key, value]) => {
        const label = filterChipLabel(resource, key, value, translate, locale);
        const remove = () => setFilters(without([key]), {});
        // The chip is one button (a click, Delete or Backspace takes the filter off), named for what it does.
        return (
          <li key={key}>
            <Chip
              size="small"
              color="primary"
              variant="outlined"
              label={label}
              onClick={remove}
              onDelete={remove}
              aria-label={translate('admin.view.remove_filter', { filter: label })}
              data-filter={key}
              sx={{ maxWidth: '100%' }}
            />
          </li>
        );
      })}
      {active.length > 1 && (
        <li><Button size="small" onClick={() => setFilters(without(active.map(([k]) => k)), {})}>{translate('admin.view.clear_filters')}</Button></li>
      )}
    </Box>
  );
}
