/**
 * The signed-in merchant's own callback signing secret, above his keys: the
 * callbacks of his orders are signed with it, so only he can verify them.
 * Made on demand and shown in full that once (with a copy button), then only
 * by its prefix; rolled with a 24-hour overlap in which old and new both sign,
 * which he can end at once. Each step asks first, saying what it changes.
 */
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Paper, Stack, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { formatEpoch } from '../../../schema/dates';
import { ruleKey } from '../../../schema/rules';
import { call } from '../../api/http';
import { CodeBlock } from '../../layout/CodeBlock';
import { usePermission } from '../../permissions';

const k = (key: string) => `admin.screens.api-keys.secret.${key}`;

interface SecretRow { prefix: string; previousUntil: number; updateTime: number }
type Asking = 'make' | 'roll' | 'end' | null;

export function CallbackSecretPanel() {
  const translate = useTranslate();
  const notify = useNotify();
  const can = usePermission();
  const [row, setRow] = useState<SecretRow | null | undefined>(undefined);
  const [asking, setAsking] = useState<Asking>(null);
  const [shown, setShown] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const allowed = can(ruleKey('POST', 'api/callbacks/secret'));

  const load = useCallback(async () => {
    const { data } = await call<{ rows: SecretRow[] }>('GET', 'callback-secrets/rows');
    setRow(data.rows[0] ?? null);
  }, []);
  useEffect(() => {
    if (allowed) void load().catch(() => setRow(null));
  }, [allowed, load]);
  if (!allowed || row === undefined) return null;

  const now = Math.floor(Date.now() / 1000);
  const overlapping = row !== null && row.previousUntil > now;
  const when = (seconds: number) => formatEpoch(seconds, 'simple');

  async function act() {
    const step = asking;
    setBusy(true);
    try {
      if (step === 'end') {
        const { msg } = await call('POST', 'callbacks/secret/end-overlap', { body: {} });
        notify(msg, { type: 'success' });
      } else {
        const { data, msg } = await call<{ secret: string }>('POST', 'callbacks/secret', { body: {} });
        notify(msg, { type: 'success' });
        setShown(data.secret);
      }
      setAsking(null);
      await load();
    } catch (error) {
      notify((error as Error).message || 'ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Paper variant="outlined" component="section" aria-labelledby="callback-secret-title" sx={{ p: 2, mb: 2 }}>
      <Typography id="callback-secret-title" variant="subtitle1" component="h2">{translate(k('title'))}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>{translate(row ? k('own_text') : k('site_text'))}</Typography>
      {row && (
        <Typography variant="body2" sx={{ mb: 1 }}>
          {translate(k('current'))} <Box component="code" sx={{ fontFamily: 'monospace', bgcolor: 'action.hover', px: 0.5, borderRadius: 0.5 }}>{row.prefix}…</Box>
          {' · '}{translate(k('since'), { time: when(row.updateTime) })}
        </Typography>
      )}
      {overlapping && <Alert severity="info" sx={{ mb: 1 }}>{translate(k('overlap'), { time: when(row.previousUntil) })}</Alert>}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {row ? (
          <Button size="small" variant="outlined" onClick={() => setAsking('roll')}>{translate(k('roll'))}</Button>
        ) : (
          <Button size="small" variant="contained" onClick={() => setAsking('make')}>{translate(k('make'))}</Button>
        )}
        {overlapping && <Button size="small" color="warning" onClick={() => setAsking('end')}>{translate(k('end'))}</Button>}
      </Stack>

      <Dialog open={asking !== null} onClose={() => setAsking(null)} maxWidth="xs" fullWidth>
        <DialogTitle>{asking && translate(k(`${asking}_title`))}</DialogTitle>
        <DialogContent>
          <DialogContentText>{asking && translate(k(`${asking}_confirm`))}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(null)}>{translate('ra.action.cancel')}</Button>
          <Button variant="contained" color={asking === 'make' ? 'primary' : 'warning'} disabled={busy} onClick={act}>{asking && translate(k(asking))}</Button>
        </DialogActions>
      </Dialog>

      <Dialog open={shown !== null} onClose={() => setShown(null)} maxWidth="sm" fullWidth>
        <DialogTitle>{translate(k('shown_title'))}</DialogTitle>
        <DialogContent>
          <Alert severity="warning" sx={{ mb: 2 }}>{translate(k('shown_once'))}</Alert>
          {shown && <CodeBlock text={shown} label={translate(k('title'))} wrap />}
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={() => setShown(null)}>{translate('admin.screens.api-keys.done')}</Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
