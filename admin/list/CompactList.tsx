/**
 * A list on a phone (issue 31 item 5): below 600 px every generated list is
 * compact rows, react-admin's SimpleList model, from the schema's `compact`
 * (primary text, secondary facts, tertiary at the right: a status), so the
 * money and the state are read without scrolling sideways. Selection and the
 * row's own buttons stay reachable: a checkbox leads each row, the selection's
 * actions show above the rows, the row's buttons end it.
 */
import { Box, Checkbox, List, ListItem, Stack, Typography } from '@mui/material';
import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';
import { RecordContextProvider, useListContext, useLocale, useTranslate, type Identifier, type RaRecord } from 'react-admin';
import type { Resource } from '../../schema/define';
import type { ScreenSlots } from '../screens/index';
import { renderCell } from './cells';
import type { DateDisplay } from './tableSettings';

interface Props {
  resource: Resource;
  dateDisplay: DateDisplay;
  cells?: ScreenSlots['cells'];
  /** A screen's own columns (the API keys' rules): a compact row draws them as the table does. */
  columns?: ScreenSlots['columns'];
  /** What a row's click or Enter does; null when rows open nothing. */
  onOpen: ((id: Identifier) => void) | null;
  /** The row's buttons (edit, a screen's own), or nothing. */
  buttons?: (record: RaRecord) => ReactNode;
  /** The selection's buttons, shown above the rows while some are selected. */
  bulkActions: ReactNode;
  selectable: boolean;
}

const ACTS_ITSELF = 'a, button, input, label, [role=button], [role=checkbox], [role=switch], [role=menuitem]';

export function CompactList({ resource, dateDisplay, cells, columns, onOpen, buttons, bulkActions, selectable }: Props) {
  const translate = useTranslate();
  const locale = useLocale();
  const { data = [], selectedIds, onToggleItem, onSelect, isPending } = useListContext();
  const { primary, secondary, tertiary } = resource.compact;
  const value = (name: string, record: RaRecord) => {
    const column = columns?.find((c) => c.key === name);
    if (column) return column.render(record);
    const Cell = cells?.[name];
    const field = resource.fields[name]!;
    return Cell ? <Cell record={record} /> : renderCell(name, field, record[name], translate, dateDisplay, { record, locale });
  };
  const text = (record: RaRecord) => {
    const v = record[primary];
    return v === undefined || v === null || v === '' ? `#${record.id}` : String(v);
  };
  const allSelected = data.length > 0 && data.every((r) => selectedIds.includes(r.id));
  if (isPending) return null;
  return (
    <Box data-testid="compact-list">
      {selectable && data.length > 0 && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', px: 1, minHeight: 40, flexWrap: 'wrap' }}>
          <Checkbox
            size="small"
            checked={allSelected}
            indeterminate={selectedIds.length > 0 && !allSelected}
            onChange={() => onSelect(allSelected ? [] : data.map((r) => r.id))}
            slotProps={{ input: { 'aria-label': translate('ra.action.select_all') } }}
          />
          {selectedIds.length > 0 && (
            <>
              <Typography variant="body2">{translate('ra.action.bulk_actions', { smart_count: selectedIds.length })}</Typography>
              {bulkActions}
            </>
          )}
        </Stack>
      )}
      <List disablePadding>
        {data.map((record) => {
          const opens = (e: MouseEvent<HTMLElement>) => {
            if (!onOpen || (e.target as Element).closest(ACTS_ITSELF) || getSelection()?.toString()) return;
            onOpen(record.id);
          };
          const enter = (e: KeyboardEvent<HTMLElement>) => onOpen && e.key === 'Enter' && e.target === e.currentTarget && onOpen(record.id);
          const title = text(record);
          return (
            <RecordContextProvider key={record.id} value={record}>
              <ListItem
                divider
                disablePadding
                data-testid="compact-row"
                tabIndex={onOpen ? 0 : undefined}
                onClick={opens}
                onKeyDown={enter}
                sx={{ alignItems: 'flex-start', px: 1, py: 0.75, gap: 0.5, cursor: onOpen ? 'pointer' : undefined, '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 } }}
              >
                {selectable && (
                  <Checkbox
                    size="small"
                    checked={selectedIds.includes(record.id)}
                    onChange={() => onToggleItem(record.id)}
                    slotProps={{ input: { 'aria-label': translate('admin.view.select_row', { name: title }) } }}
                    sx={{ mt: -0.5 }}
                  />
                )}
                <Box sx={{ minWidth: 0, flex: 1 }}>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
                    <Typography variant="body1" noWrap sx={{ minWidth: 0 }}>{title}</Typography>
                    {tertiary && <Box sx={{ flexShrink: 0 }} data-testid="compact-tertiary">{value(tertiary, record)}</Box>}
                  </Stack>
                  <Typography component="div" variant="body2" color="text.secondary" sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1.5 }} data-testid="compact-secondary">
                    {secondary.map((name) => <span key={name}>{value(name, record)}</span>)}
                  </Typography>
                </Box>
                {buttons && <Box sx={{ flexShrink: 0, display: 'flex' }}>{buttons(record)}</Box>}
              </ListItem>
            </RecordContextProvider>
          );
        })}
      </List>
    </Box>
  );
}
