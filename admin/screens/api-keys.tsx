/**
 * One's own API keys (issue 13 item 5) and callback secret. "New API key"
 * asks a name and what the key may do, and shows the key the one time it is
 * ever shown; each live key's rules can be changed and the key revoked. Above
 * the list, the merchant's callback signing secret. The list, its filters and
 * delete are the generated screen's, scoped by the server to the caller.
 */
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useState } from 'react';
import { useNotify, useRefresh, useTranslate, type RaRecord } from 'react-admin';
import { ruleKey } from '../../schema/rules';
import { call } from '../api/http';
import { usePermission } from '../permissions';
import { CallbackSecretPanel } from './api-keys/CallbackSecret';
import { EditRules, NewKey } from './api-keys/KeyDialogs';
import { RulesCell } from './api-keys/RulesCell';
import { TestCallbackButton } from './callbacks/TestCallback';
import type { ScreenSlots } from './index';

const k = (key: string) => `admin.screens.api-keys.${key}`;

function Revoke({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const can = usePermission();
  const [confirming, setConfirming] = useState(false);
  if (record.revokedTime || !can(ruleKey('PUT', 'api/api-keys/revoke'))) return null;

  async function revoke() {
    try {
      const { msg } = await call('PUT', 'api-keys/revoke', { body: { id: record.id } });
      notify(msg, { type: 'success' });
      refresh();
    } catch (error) {
      notify((error as Error).message || 'ra.notification.http_error', { type: 'error' });
    }
    setConfirming(false);
  }

  return (
    <>
      <Button size="small" color="error" onClick={() => setConfirming(true)} aria-label={translate(k('revoke_named'), { name: record.name })}>
        {translate(k('revoke'))}
      </Button>
      <Dialog open={confirming} onClose={() => setConfirming(false)} maxWidth="xs" fullWidth>
        <DialogTitle>{translate(k('revoke_named'), { name: record.name })}</DialogTitle>
        <DialogContent>{translate(k('revoke_text'))}</DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{translate('ra.action.cancel')}</Button>
          <Button variant="contained" color="error" onClick={revoke}>{translate(k('revoke'))}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

function RowActions({ record }: { record: RaRecord }) {
  return (
    <>
      <EditRules record={record} />
      <Revoke record={record} />
    </>
  );
}

/** A key's holder usually also runs the endpoint its orders call back: it can be tried from here. */
function Toolbar() {
  return (
    <>
      <NewKey />
      <TestCallbackButton />
    </>
  );
}

const slots: ScreenSlots = {
  ToolbarActions: Toolbar,
  RowActions,
  columns: [{ key: 'rules', label: 'resources.api-keys.fields.rules', render: (record) => <RulesCell record={record} /> }],
  Banner: CallbackSecretPanel,
};
export default slots;
