/**
 * "Edit selected": the fields the schema lets change on many rows at once
 * (`bulk`), applied to the selected rows or to every row matching the
 * list's filter, with a summary of what changed and what was refused.
 */
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, MenuItem, Radio, RadioGroup, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useListContext, useNotify, useRefresh, useTranslate, useUnselectAll } from 'react-admin';
import type { Resource } from '../../../schema/define';
import { forgetCachedReads } from '../../api/dataProvider';
import { fieldLabel, optionKey } from '../../schema';
import { updateMany, type BulkResult } from './api';

/** Loaded on first use (admin/list/import/buttons.tsx): the console's first load does not carry it. */
export default function BulkEditDialog({ resource, onClose }: { resource: Resource; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const unselectAll = useUnselectAll(resource.name);
  const { selectedIds, filterValues, total } = useListContext();
  const t = (key: string, options?: Record<string, unknown>) => translate(`admin.bulk.${key}`, options);
  const [target, setTarget] = useState<'selected' | 'filter'>('selected');
  const [data, setData] = useState<Record<string, unknown>>({});
  const [result, setResult] = useState<BulkResult | null>(null);
  const [busy, setBusy] = useState(false);
  const apply = async () => {
    setBusy(true);
    try {
      setResult(await updateMany(resource.name, target === 'selected' ? { ids: selectedIds } : { filter: filterValues }, data));
    } catch (error) {
      notify((error as Error).message || 'ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(false);
      forgetCachedReads(resource.name);
      refresh();
    }
  };
  // The selection is let go once the summary has been read: this dialog lives in the selection's toolbar, which goes with it.
  const close = () => {
    if (result) unselectAll();
    onClose();
  };
  const set = (k: string, v: unknown) => setData((d) => {
    const next = { ...d };
    if (v === undefined) delete next[k];
    else next[k] = v;
    return next;
  });

  return (
    <Dialog open onClose={close} fullWidth maxWidth="sm" aria-labelledby="bulk-title">
      <DialogTitle id="bulk-title">{t('title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <RadioGroup row value={target} onChange={(e) => setTarget(e.target.value as 'selected' | 'filter')}>
            <FormControlLabel value="selected" control={<Radio />} label={t('selected', { smart_count: selectedIds.length })} />
            <FormControlLabel value="filter" control={<Radio />} label={t('filtered', { smart_count: total ?? 0 })} />
          </RadioGroup>
          {resource.bulk.map((k) => {
            const f = resource.fields[k]!;
            const label = translate(fieldLabel(resource.name, k));
            const value = data[k];
            if (f.options) {
              return (
                <TextField key={k} select size="small" label={label} value={value ?? '\u0000'} onChange={(e) => set(k, e.target.value === '\u0000' ? undefined : e.target.value)}>
                  <MenuItem value={'\u0000'}>{t('unchanged')}</MenuItem>
                  {f.options.map((o) => <MenuItem key={o} value={o}>{translate(optionKey(k, f, o))}</MenuItem>)}
                </TextField>
              );
            }
            const numeric = f.widget === 'number' || f.widget === 'date';
            return (
              <TextField key={k} size="small" label={label} placeholder={t('unchanged')} type={f.widget === 'date' ? 'datetime-local' : numeric ? 'number' : 'text'}
                slotProps={{ inputLabel: { shrink: true } }}
                onChange={(e) => {
                  const raw = e.target.value;
                  if (raw === '') return set(k, undefined);
                  set(k, f.widget === 'date' ? Math.floor(new Date(raw).getTime() / 1000) : numeric ? Number(raw) : raw);
                }} />
            );
          })}
          {result && (
            <Alert severity={result.refusedCount ? 'warning' : 'success'} data-testid="bulk-summary">
              {t('summary', { matched: result.matched, changed: result.changed, unchanged: result.unchanged, refused: result.refusedCount })}
              {result.refused.slice(0, 5).map((r) => <div key={r.id}>#{r.id}: {r.reason}</div>)}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{translate(result ? 'ra.action.close' : 'ra.action.cancel')}</Button>
        {!result && <Button variant="contained" disabled={busy || !Object.keys(data).length || (target === 'selected' && !selectedIds.length)} onClick={apply}>{t('apply')}</Button>}
      </DialogActions>
    </Dialog>
  );
}
