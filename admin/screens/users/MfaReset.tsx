/**
 * A row's "Reset two-factor sign-in", for a user who has it on, shown to
 * whoever holds the rule (the server still asks for a super-admin within the
 * ceiling, and says so when the caller is not one). Confirmed first: it ends
 * the user's sessions.
 */
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useState } from 'react';
import { useNotify, useRefresh, useTranslate, type RaRecord } from 'react-admin';
import { forgetCachedReads } from '../../api/dataProvider';
import { call } from '../../api/http';
import { usePermission } from '../../permissions';
import { ruleKey } from '../../../schema/rules';

export function MfaReset({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const can = usePermission();
  const [confirming, setConfirming] = useState(false);
  if (record.mfa !== 1 || record.deleteTime || !can(ruleKey('POST', 'api/users/mfa-reset'))) return null;
  const account = String(record.account ?? record.id);

  async function reset() {
    try {
      const { msg } = await call('POST', 'users/mfa-reset', { body: { id: record.id } });
      notify(msg || 'admin.mfa.reset_done', { type: 'success' });
      forgetCachedReads('users');
      refresh();
    } catch (error) {
      notify((error as Error).message || 'ra.notification.http_error', { type: 'error' });
    }
    setConfirming(false);
  }

  return (
    <>
      <Button size="small" color="warning" onClick={() => setConfirming(true)} aria-label={`${translate('admin.mfa.reset')}: ${account}`}>
        {translate('admin.mfa.reset')}
      </Button>
      <Dialog open={confirming} onClose={() => setConfirming(false)} maxWidth="xs" fullWidth>
        <DialogTitle>{translate('admin.mfa.reset')}</DialogTitle>
        <DialogContent>{translate('admin.mfa.reset_confirm', { account })}</DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{translate('ra.action.cancel')}</Button>
          <Button variant="contained" color="warning" onClick={reset}>{translate('admin.mfa.reset')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
