/**
 * Invitation codes (issue 11 item 17): a "generate codes" button beside
 * "add" asks how many, and the server makes them with SIGN_IN_UP's length and
 * format (`POST /api/invite/generate`); the new codes are listed once to copy.
 */
import ConfirmationNumber from '@mui/icons-material/ConfirmationNumber';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useNotify, useRefresh, useTranslate } from 'react-admin';
import { MAX_INVITE_BATCH } from '../../schema/invite-codes';
import { ruleKey } from '../../schema/rules';
import { forgetCachedReads } from '../api/dataProvider';
import { call } from '../api/http';
import { usePermission } from '../permissions';
import type { ScreenSlots } from './index';

const GENERATE_RULE = ruleKey('POST', 'api/invite/generate');

function GenerateCodes() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const can = usePermission();
  const [open, setOpen] = useState(false);
  const [count, setCount] = useState('10');
  const [busy, setBusy] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const n = Number(count);
  const valid = Number.isInteger(n) && n >= 1 && n <= MAX_INVITE_BATCH;
  if (!can(GENERATE_RULE)) return null;

  async function generate() {
    setBusy(true);
    try {
      const { data, msg } = await call<{ codes: string[] }>('POST', 'invite/generate', { body: { count: n } });
      notify(msg, { type: 'success' });
      setCodes(data.codes);
    } catch (error) {
      notify((error as Error).message || 'ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(false);
      forgetCachedReads('invite');
      refresh();
    }
  }
  const close = () => (setOpen(false), setCodes(null));

  return (
    <>
      <Button size="small" variant="outlined" startIcon={<ConfirmationNumber />} onClick={() => setOpen(true)}>
        {translate('admin.screens.invite.generate')}
      </Button>
      <Dialog open={open} onClose={close} maxWidth="xs" fullWidth>
        <DialogTitle>{translate('admin.screens.invite.generate')}</DialogTitle>
        <DialogContent>
          {codes ? (
            <Typography component="pre" data-testid="generated-codes" sx={{ fontFamily: 'monospace', m: 0, userSelect: 'all' }}>{codes.join('\n')}</Typography>
          ) : (
            <TextField
              autoFocus
              fullWidth
              margin="dense"
              type="number"
              label={translate('admin.screens.invite.count')}
              value={count}
              onChange={(e) => setCount(e.target.value)}
              error={!valid}
              helperText={translate('admin.screens.invite.count_hint', { max: MAX_INVITE_BATCH })}
              slotProps={{ htmlInput: { min: 1, max: MAX_INVITE_BATCH, step: 1 } }}
            />
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{translate(codes ? 'ra.action.close' : 'ra.action.cancel')}</Button>
          {!codes && <Button variant="contained" disabled={!valid || busy} onClick={generate}>{translate('admin.screens.invite.generate')}</Button>}
        </DialogActions>
      </Dialog>
    </>
  );
}

const slots: ScreenSlots = { ToolbarActions: GenerateCodes };
export default slots;
