/**
 * The search panel, generated from the
 * fields' declared filter operators: reset, an auto-search toggle (debounced
 * 300 ms) and a search button. The schema's common filters (`filters`)
 * come first; the others wait under "More filters" (issue 31 item 6), open
 * at once when one of them is in use. Filter names are the API's (`nickname_like`,
 * `createTime_gte`, `q`), so the data provider passes them through.
 */
import { Box, Button, FormControlLabel, MenuItem, Switch, TextField } from '@mui/material';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useListContext, useTranslate } from 'react-admin';
import { isNumericColumn, type Field, type FilterOp, type Resource } from '../../schema/define';
import { fieldLabel, filterableFields, hasSearch, optionKey } from '../schema';
import { DateFilterInput } from './DateFilterInput';

export const SEARCH_DEBOUNCE_MS = 300;
/** List state that is not a search filter (the recycle-bin switch). */
export const NOT_A_FILTER = ['onlyTrashed'];

type Draft = Record<string, string>;

export const activeFilterCount = (filters: Record<string, unknown>) =>
  Object.entries(filters).filter(([k, v]) => !NOT_A_FILTER.includes(k) && v !== undefined && v !== '').length;

const paramName = (name: string, op: FilterOp) => (op === 'eq' ? name : `${name}_${op}`);

/** The operators a panel offers per field: a text box searches by `like` when it can, a range by gte/lte. */
function panelOps(field: Field): FilterOp[] {
  if (field.filter.includes('like')) return ['like'];
  if (field.filter.includes('eq') && (field.widget !== 'number' || !field.filter.includes('gte'))) return ['eq'];
  return field.filter.filter((op) => op === 'gte' || op === 'lte');
}

const GRID = { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', gap: 1.5 } as const;

export function FilterPanel({ resource }: { resource: Resource }) {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  const [draft, setDraft] = useState<Draft>(() => Object.fromEntries(Object.entries(filterValues).map(([k, v]) => [k, String(v)])));
  const [auto, setAuto] = useState(false);
  const common = new Set(resource.filters);
  const others = filterableFields(resource).filter(([name]) => !common.has(name));
  const [more, setMore] = useState(() => others.some(([name]) => Object.keys(draft).some((k) => k === name || k.startsWith(`${name}_`))));
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const apply = (next: Draft) => {
    const kept = Object.fromEntries(Object.entries(filterValues).filter(([k]) => NOT_A_FILTER.includes(k)));
    const given = Object.fromEntries(Object.entries(next).filter(([, v]) => v !== ''));
    setFilters({ ...kept, ...given }, {});
  };

  const change = (key: string, value: string) => {
    const next = { ...draft, [key]: value };
    setDraft(next);
    if (!auto) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => apply(next), SEARCH_DEBOUNCE_MS);
  };
  useEffect(() => () => clearTimeout(timer.current), []);

  const inputs: ReactNode[] = [];
  const extra: ReactNode[] = [];
  if (hasSearch(resource)) {
    inputs.push(<TextField key="q" size="small" label={translate('admin.list.keyword')} value={draft.q ?? ''} onChange={(e) => change('q', e.target.value)} />);
  }
  const byName = new Map(filterableFields(resource));
  const ordered = [...resource.filters.map((name) => [name, byName.get(name)!] as const), ...others];
  for (const [name, field] of ordered) {
    const inputs_ = common.has(name) ? inputs : extra;
    for (const op of panelOps(field)) {
      const key = paramName(name, op);
      const field_ = translate(fieldLabel(resource.name, name));
      const label = op === 'gte' ? translate('admin.list.range_from', { field: field_ }) : op === 'lte' ? translate('admin.list.range_to', { field: field_ }) : field_;
      const common = { key, size: 'small' as const, label };
      if (field.widget === 'select' || field.widget === 'switch') {
        const choices = field.widget === 'switch' ? ['1', '0'] : (field.options ?? []);
        inputs_.push(
          <TextField select {...common} value={draft[key] ?? ''} onChange={(e) => change(key, e.target.value)}>
            <MenuItem value="">{translate('admin.list.any')}</MenuItem>
            {choices.map((value) => (
              <MenuItem key={value} value={value}>
                {field.widget === 'switch' ? translate(value === '1' ? 'ra.boolean.true' : 'ra.boolean.false') : translate(optionKey(name, field, value), { _: value })}
              </MenuItem>
            ))}
          </TextField>,
        );
      } else if (field.widget === 'date' || field.system === 'createTime' || field.system === 'updateTime' || field.system === 'deleteTime') {
        inputs_.push(<DateFilterInput key={key} label={label} value={draft[key]} end={op === 'lte'} onChange={(epoch) => change(key, epoch)} />);
      } else {
        inputs_.push(<TextField {...common} type={isNumericColumn(field) ? 'number' : 'text'} value={draft[key] ?? ''} onChange={(e) => change(key, e.target.value)} />);
      }
    }
  }

  return (
    <Box component="form" role="search" onSubmit={(e) => (e.preventDefault(), apply(draft))} sx={{ p: 2 }}>
      {/* Columns as wide as a label needs, as many as fit: 19 filters take a few rows, not 19. */}
      <Box sx={GRID}>{inputs}</Box>
      {more && extra.length > 0 && <Box sx={{ ...GRID, mt: 1.5 }} data-testid="more-filters">{extra}</Box>}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mt: 1.5 }}>
        <Button type="submit" variant="contained" size="small">{translate('ra.action.search')}</Button>
        <Button size="small" onClick={() => (setDraft({}), apply({}))}>{translate('ra.action.reset')}</Button>
        {extra.length > 0 && (
          <Button size="small" aria-expanded={more} onClick={() => setMore((open) => !open)}>
            {translate(more ? 'admin.view.fewer_filters' : 'admin.view.more_filters')}
          </Button>
        )}
        <FormControlLabel control={<Switch size="small" checked={auto} onChange={(e) => setAuto(e.target.checked)} />} label={translate('admin.list.auto_search')} />
      </Box>
    </Box>
  );
}
