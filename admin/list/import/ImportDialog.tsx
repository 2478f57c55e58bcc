/**
 * The list toolbar's Import: choose a CSV or XLSX file, confirm or change
 * which field each column fills (with the first rows as they will be
 * stored), run the dry run (errors by row and column, in the reader's
 * language, and what would be created, updated and skipped), then import
 * with a progress bar and the time left; the failed rows download as a CSV
 * to fix and import again.
 */
import UploadFile from '@mui/icons-material/UploadFile';
import {
  Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress, MenuItem, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography,
  useMediaQuery, type Theme,
} from '@mui/material';
import { useRef, useState } from 'react';
import { useNotify, useRefresh, useTranslate } from 'react-admin';
import { isWritable, type Resource } from '../../../schema/define';
import { forgetCachedReads } from '../../api/dataProvider';
import { fieldLabel } from '../../schema';
import { cancelImport, failedRowsCsv, importFile, type ImportCounts, type ImportResult } from './api';

type Step = 'choose' | 'map' | 'checked' | 'running' | 'done';
/** Enough of a CSV for the preview's first rows. */
const PREVIEW_BYTES = 256 * 1024;

/** Fields a column may fill: the writable ones and the schema's `history` ones. */
const importableFields = (r: Resource) => Object.entries(r.fields).filter(([k, f]) => (isWritable(f) && !f.hidden) || r.history?.fields.includes(k)).map(([k]) => k);
const uniqueFields = (r: Resource) => Object.entries(r.fields).filter(([, f]) => isWritable(f) && !f.hidden && (f.column.unique || f.uniquePerOwner)).map(([k]) => k);

/** Loaded on first use (admin/list/import/buttons.tsx): the console's first load does not carry it. */
export default function ImportDialog({ resource, onClose }: { resource: Resource; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const t = (key: string, options?: Record<string, unknown>) => translate(`admin.import.${key}`, options);
  const [step, setStep] = useState<Step>('choose');
  const [file, setFile] = useState<File | null>(null);
  const [mapping, setMapping] = useState<Array<string | null>>([]);
  const [upsert, setUpsert] = useState('');
  const [result, setResult] = useState<ImportResult | null>(null);
  const [progress, setProgress] = useState<ImportCounts | null>(null);
  const [busy, setBusy] = useState(false);
  const started = useRef(0);
  const runId = useRef('');
  const fields = importableFields(resource);
  const keys = uniqueFields(resource);
  const plan = () => ({ mapping, ...(upsert && { upsert }) });

  const attempt = async (work: () => Promise<void>) => {
    setBusy(true);
    try { await work(); } catch (error) { notify((error as Error).message || 'ra.notification.http_error', { type: 'error' }); } finally { setBusy(false); }
  };
  const choose = (chosen: File | undefined) => chosen && attempt(async () => {
    setFile(chosen);
    setProgress(null);
    const preview = await importFile(resource.name, chosen, { mode: 'preview' });
    setResult(preview);
    setMapping(preview.mapping);
    setStep('map');
  });
  // A changed mapping shows its own preview: the first rows of the file again (of a large CSV, only its head is sent).
  const remap = (next: Array<string | null>) => {
    setMapping(next);
    setStep('map');
    void attempt(async () => {
      const head = file!.size > PREVIEW_BYTES && !/\.xlsx$/i.test(file!.name) ? new File([file!.slice(0, PREVIEW_BYTES)], file!.name) : file!;
      const preview = (await importFile(resource.name, head, { mode: 'preview', mapping: next })).preview;
      setResult((shown) => shown && { ...shown, preview });
    });
  };
  const dryRun = () => attempt(async () => {
    setResult({ ...(await importFile(resource.name, file!, { mode: 'dry', ...plan() })), preview: result?.preview });
    setStep('checked');
  });
  const run = () => attempt(async () => {
    runId.current = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    started.current = Date.now();
    setProgress({ rows: 0, created: 0, updated: 0, skipped: 0, failed: 0 });
    setStep('running');
    try {
      setResult(await importFile(resource.name, file!, { mode: 'run', runId: runId.current, ...plan() }, setProgress));
    } finally {
      setStep('done');
      forgetCachedReads(resource.name);
      refresh();
    }
  });
  const total = step === 'running' || step === 'done' ? Math.max(1, (result?.rows ?? 0)) : 1;
  const done = progress?.rows ?? 0;
  const secondsLeft = done > 0 ? Math.round(((Date.now() - started.current) / done) * Math.max(0, total - done) / 1000) : null;
  const download = () => {
    const url = URL.createObjectURL(failedRowsCsv(result!, t('reason')));
    Object.assign(document.createElement('a'), { href: url, download: `${resource.name}-failed.csv` }).click();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };

  // A phone gets the whole screen: the mapping is a row of pickers, one per column.
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  /** The file picker: first thing in the dialog, then "choose another file" to import a corrected one. */
  const picker = (label: string, variant: 'outlined' | 'text') => (
    <Button component="label" variant={variant} startIcon={<UploadFile />} disabled={busy}>
      {label}
      <input hidden type="file" accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" data-testid="import-file"
        onChange={(e) => { void choose(e.target.files?.[0]); e.target.value = ''; }} />
    </Button>
  );

  return (
    <Dialog open onClose={step === 'running' ? undefined : onClose} fullWidth maxWidth="md" fullScreen={phone} aria-labelledby="import-title">
      <DialogTitle id="import-title">{t('title', { name: translate(`resources.${resource.name}.name`) })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {step === 'choose' && picker(t('choose'), 'outlined')}
          {busy && step !== 'running' && <LinearProgress aria-label={t('reading')} />}
          {result && (step === 'map' || step === 'checked') && (
            <>
              <Typography variant="body2">{t('mapping_hint')}</Typography>
              <Box sx={{ overflowX: 'auto' }}>
              <Table size="small">
                <TableHead>
                  <TableRow>
                    {result.headers.map((h, i) => (
                      <TableCell key={i}>
                        <TextField select size="small" label={h} value={mapping[i] ?? ''} fullWidth sx={{ minWidth: 120 }}
                          onChange={(e) => remap(mapping.map((m, j) => (j === i ? e.target.value || null : m)))}>
                          <MenuItem value="">{t('skip')}</MenuItem>
                          {fields.map((k) => <MenuItem key={k} value={k}>{translate(fieldLabel(resource.name, k))}</MenuItem>)}
                        </TextField>
                      </TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {(result.preview ?? []).map((row, r) => (
                    <TableRow key={r}>{mapping.map((k, i) => <TableCell key={i}>{k ? String(row[k] ?? '') : ''}</TableCell>)}</TableRow>
                  ))}
                </TableBody>
              </Table>
              </Box>
              {keys.length > 0 && (
                <TextField select size="small" label={t('upsert')} value={upsert} slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }} onChange={(e) => { setUpsert(e.target.value); setStep('map'); }} sx={{ maxWidth: 360 }}>
                  <MenuItem value="">{t('create_only')}</MenuItem>
                  {keys.filter((k) => mapping.includes(k)).map((k) => <MenuItem key={k} value={k}>{translate(fieldLabel(resource.name, k))}</MenuItem>)}
                </TextField>
              )}
            </>
          )}
          {result && (step === 'checked' || step === 'done') && (
            <Alert severity={result.failed || result.stopped ? 'warning' : 'success'} data-testid="import-summary">
              {t(step === 'checked' ? 'would' : 'did', { rows: result.rows, created: result.created, updated: result.updated, skipped: result.skipped, failed: result.failed })}
              {result.stopped && <div>{t('stopped', { row: result.stopped.row, reason: result.stopped.reason })}</div>}
              {result.cancelled && <div>{t('cancelled')}</div>}
            </Alert>
          )}
          {result && result.errors.length > 0 && (step === 'checked' || step === 'done') && (
            <Table size="small" aria-label={t('errors')}>
              <TableHead><TableRow><TableCell>{t('row')}</TableCell><TableCell>{t('column')}</TableCell><TableCell>{t('reason')}</TableCell></TableRow></TableHead>
              <TableBody>
                {result.errors.slice(0, 100).map((e, i) => <TableRow key={i}><TableCell>{e.row}</TableCell><TableCell>{e.column}</TableCell><TableCell>{e.message}</TableCell></TableRow>)}
              </TableBody>
            </Table>
          )}
          {step === 'running' && (
            <Stack spacing={1}>
              <LinearProgress variant="determinate" value={Math.min(100, (done / total) * 100)} aria-label={t('progress')} />
              <Typography variant="body2" data-testid="import-progress">
                {t('progress_text', { done, total, seconds: secondsLeft ?? '…' })}
              </Typography>
            </Stack>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {step !== 'choose' && step !== 'running' && picker(t('choose_again'), 'text')}
        {step === 'running' && <Button onClick={() => cancelImport(resource.name, runId.current)}>{t('cancel')}</Button>}
        {step === 'done' && result && result.failedRows.length > 0 && <Button onClick={download}>{t('download_failed')}</Button>}
        {step !== 'running' && <Button onClick={onClose}>{translate(step === 'done' ? 'ra.action.close' : 'ra.action.cancel')}</Button>}
        {step === 'map' && <Button variant="contained" disabled={busy} onClick={dryRun}>{t('dry_run')}</Button>}
        {step === 'checked' && <Button variant="contained" disabled={busy || result!.created + result!.updated === 0} onClick={run}>{t('confirm')}</Button>}
      </DialogActions>
    </Dialog>
  );
}
