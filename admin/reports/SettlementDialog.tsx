/**
 * The settlement report's dialog: a period (this month so far unless the
 * opener presets one, e.g. the dashboard's period), a format, and a download
 * of `GET /api/receive-money/settlement` in this browser's time zone.
 * Reusable: the orders list's toolbar opens it, and any screen may mount it.
 */
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, FormLabel, Radio, RadioGroup, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { EXPORT_FORMATS, type ExportFormat } from '../../schema/options';
import { download } from '../api/http';
import { DateFilterInput, epochToYmd, ymdToEpoch } from '../list/DateFilterInput';

/** Calendar days, `YYYY-MM-DD`, both included. */
export interface ReportPeriod { from: string; to: string }

/** From the first of this month to today, on this browser's calendar. */
export function thisMonth(now = new Date()): ReportPeriod {
  const today = epochToYmd(Math.floor(now.getTime() / 1000));
  return { from: `${today.slice(0, 8)}01`, to: today };
}

interface Props {
  open: boolean;
  onClose: () => void;
  period?: ReportPeriod;
}

export function SettlementDialog({ open, onClose, period }: Props) {
  const translate = useTranslate();
  const notify = useNotify();
  const t = (key: string, options?: Record<string, unknown>) => translate(`admin.settlement.${key}`, options);
  const [{ from, to }, setPeriod] = useState<ReportPeriod>(() => period ?? thisMonth());
  const [format, setFormat] = useState<ExportFormat>('xlsx');
  const [busy, setBusy] = useState(false);
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const day = (epoch: string) => (epoch ? epochToYmd(epoch) : '');

  async function save() {
    setBusy(true);
    try {
      await download('receive-money/settlement', { from, to, tz: timeZone, format }, `settlement-${from}-${to}.${format}`);
      onClose();
    } catch (error) {
      notify((error as Error).message || 'ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="settlement-title">
      <DialogTitle id="settlement-title">{t('title')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>{t('hint', { zone: timeZone })}</Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
          <DateFilterInput label={t('from')} value={ymdToEpoch(from, false) ?? ''} end={false} onChange={(epoch) => setPeriod((p) => ({ ...p, from: day(epoch) }))} />
          <DateFilterInput label={t('to')} value={ymdToEpoch(to, true) ?? ''} end onChange={(epoch) => setPeriod((p) => ({ ...p, to: day(epoch) }))} />
        </Stack>
        <FormLabel id="settlement-format">{t('format')}</FormLabel>
        <RadioGroup row aria-labelledby="settlement-format" value={format} onChange={(event) => setFormat(event.target.value as ExportFormat)}>
          {[...EXPORT_FORMATS].reverse().map((f) => (
            <FormControlLabel key={f} value={f} control={<Radio size="small" />} label={translate(`admin.export_format.${f}`)} />
          ))}
        </RadioGroup>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('cancel')}</Button>
        <Button variant="contained" onClick={save} disabled={busy || !from || !to}>{t('download')}</Button>
      </DialogActions>
    </Dialog>
  );
}
