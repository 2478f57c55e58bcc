/**
 * The table settings dialog: views (show/hide, drag to reorder, pin left or
 * right), sort (custom field and direction) and config (date display).
 */
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DragIndicator from '@mui/icons-material/DragIndicator';
import {
  Box, Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, List, ListItem, MenuItem,
  Radio, RadioGroup, FormControlLabel, Tab, Tabs, TextField, ToggleButton, ToggleButtonGroup,
} from '@mui/material';
import { useState } from 'react';
import { useListContext, useTranslate } from 'react-admin';
import type { Resource } from '../../schema/define';
import { fieldEntries, fieldLabel } from '../schema';
import { DATE_DISPLAYS, defaultSort, moveColumn, type Pin, type TableSettings } from './tableSettings';

interface Props {
  resource: Resource;
  settings: TableSettings;
  /** A column's header in the reader's language (schema fields and a screen's own columns). */
  columnLabel: (name: string) => string;
  onChange: (next: TableSettings) => void;
  onReset: () => void;
  onClose: () => void;
}

export function TableSettingsDialog({ resource, settings, columnLabel, onChange, onReset, onClose }: Props) {
  const translate = useTranslate();
  const { sort, setSort } = useListContext();
  const [tab, setTab] = useState(0);
  const [dragged, setDragged] = useState<number | null>(null);
  const sortable = fieldEntries(resource).filter(([, f]) => f.sortable).map(([name]) => name);
  const label = (name: string) => translate(fieldLabel(resource.name, name));

  const setColumn = (index: number, patch: Partial<TableSettings['columns'][number]>) =>
    onChange({ ...settings, columns: settings.columns.map((c, i) => (i === index ? { ...c, ...patch } : c)) });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{translate('admin.settings.title')}</DialogTitle>
      <Tabs value={tab} onChange={(_, t) => setTab(t)} variant="fullWidth">
        <Tab label={translate('admin.settings.views')} />
        <Tab label={translate('admin.settings.sort')} />
        <Tab label={translate('admin.settings.config')} />
      </Tabs>
      <DialogContent sx={{ minHeight: 280 }}>
        {tab === 0 && (
          <List dense aria-label={translate('admin.settings.views')}>
            {settings.columns.map((column, index) => (
              <ListItem
                key={column.name}
                data-column={column.name}
                draggable
                onDragStart={() => setDragged(index)}
                onDragOver={(e) => e.preventDefault()}
                onDrop={() => dragged !== null && dragged !== index && onChange({ ...settings, columns: moveColumn(settings.columns, dragged, index) })}
                sx={{ gap: 1, cursor: 'grab', opacity: dragged === index ? 0.5 : 1 }}
                onDragEnd={() => setDragged(null)}
              >
                <DragIndicator fontSize="small" color="action" />
                {/* Dragging needs a pointer: the same reordering, one step at a time, for the keyboard. */}
                <IconButton size="small" disabled={index === 0} aria-label={translate('admin.settings.move_up', { name: label(column.name) })} onClick={() => onChange({ ...settings, columns: moveColumn(settings.columns, index, index - 1) })}>
                  <ArrowUpward fontSize="inherit" />
                </IconButton>
                <IconButton size="small" disabled={index === settings.columns.length - 1} aria-label={translate('admin.settings.move_down', { name: label(column.name) })} onClick={() => onChange({ ...settings, columns: moveColumn(settings.columns, index, index + 1) })}>
                  <ArrowDownward fontSize="inherit" />
                </IconButton>
                <Checkbox
                  size="small"
                  checked={column.visible}
                  onChange={(e) => setColumn(index, { visible: e.target.checked })}
                  slotProps={{ input: { 'aria-label': columnLabel(column.name) } }}
                />
                <Box sx={{ flex: 1 }}>{columnLabel(column.name)}</Box>
                <ToggleButtonGroup size="small" exclusive aria-label={translate('admin.settings.pin_of', { name: columnLabel(column.name) })} value={column.pin ?? 'none'} onChange={(_, pin: Pin | 'none' | null) => pin && setColumn(index, { pin: pin === 'none' ? null : pin })}>
                  <ToggleButton value="left">{translate('admin.settings.pin_left')}</ToggleButton>
                  <ToggleButton value="none">{translate('admin.settings.pin_none')}</ToggleButton>
                  <ToggleButton value="right">{translate('admin.settings.pin_right')}</ToggleButton>
                </ToggleButtonGroup>
              </ListItem>
            ))}
          </List>
        )}
        {tab === 1 && (
          <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
            <TextField select size="small" label={translate('admin.settings.sort_field')} value={sort.field} onChange={(e) => setSort({ field: e.target.value, order: sort.order })}>
              {sortable.map((name) => <MenuItem key={name} value={name}>{label(name)}</MenuItem>)}
            </TextField>
            <RadioGroup row value={sort.order} onChange={(e) => setSort({ field: sort.field, order: e.target.value as 'ASC' | 'DESC' })}>
              <FormControlLabel value="ASC" control={<Radio />} label={translate('ra.sort.ASC')} />
              <FormControlLabel value="DESC" control={<Radio />} label={translate('ra.sort.DESC')} />
            </RadioGroup>
          </Box>
        )}
        {tab === 2 && (
          <RadioGroup value={settings.dateDisplay} onChange={(e) => onChange({ ...settings, dateDisplay: e.target.value as TableSettings['dateDisplay'] })}>
            {DATE_DISPLAYS.map((d) => <FormControlLabel key={d} value={d} control={<Radio />} label={translate(`admin.settings.date_${d}`)} />)}
          </RadioGroup>
        )}
      </DialogContent>
      <DialogActions>
        {/* 恢复默认 puts back every tab: columns, date display and the list's sort. */}
        <Button onClick={() => (onReset(), setSort(defaultSort(resource)))}>{translate('admin.settings.reset')}</Button>
        <Button variant="contained" onClick={onClose}>{translate('ra.action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
