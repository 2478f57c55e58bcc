/**
 * The signed-in merchant's own callback signing secret, above his keys: the
 * callbacks of his orders are signed with it, so only he can verify them.
 * Made on demand and shown in full that once (with a copy button), then only
 * by its prefix; rolled with a 24-hour overlap in which old and new both sign,
 * which he can end at once. Each step asks first, saying what it changes.
 * The panel, the question and the shown-once dialog also serve the site's
 * own callback secret in the Payments settings.
 */
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Paper, Stack, Typography } from '@mui/material';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
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
    <SecretPanel id="callback-secret-title" title={translate(k('title'))} text={translate(row ? k('own_text') : k('site_text'))}>
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
      <AskFirst
        open={asking !== null}
        title={asking ? translate(k(`${asking}_title`)) : ''}
        text={asking ? translate(k(`${asking}_confirm`)) : ''}
        action={asking ? translate(k(asking)) : ''}
        color={asking === 'make' ? 'primary' : 'warning'}
        busy={busy}
        onConfirm={act}
        onClose={() => setAsking(null)}
      />
      <ShownOnce secret={shown} title={translate(k('shown_title'))} label={translate(k('title'))} onClose={() => setShown(null)} />
    </SecretPanel>
  );
}

/** A secret's outlined section: its title, what it is for, then its state and buttons. */
export function SecretPanel({ id, title, text, children }: { id: string; title: string; text: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: 2, mb: 2 }}>
      <Typography id={id} variant="subtitle1" component="h2">{title}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>{text}</Typography>
      {children}
    </Paper>
  );
}

/** Asks before a secret changes, saying what the change does to those who verify with it. */
export function AskFirst({ open, title, text, action, color, busy, onConfirm, onClose }: {
  open: boolean; title: string; text: string; action: string; color: 'primary' | 'warning'; busy: boolean; onConfirm: () => void; onClose: () => void;
}) {
  const translate = useTranslate();
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" color={color} disabled={busy} onClick={onConfirm}>{action}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** A new secret, shown in full this once with a copy button. */
export function ShownOnce({ secret, title, label, note, onClose }: { secret: string | null; title: string; label: string; note?: string; onClose: () => void }) {
  const translate = useTranslate();
  return (
    <Dialog open={secret !== null} onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>{note ?? translate(k('shown_once'))}</Alert>
        {secret && <CodeBlock text={secret} label={label} wrap />}
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>{translate('admin.screens.api-keys.done')}</Button>
      </DialogActions>
    </Dialog>
  );
}
