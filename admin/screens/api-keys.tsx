/**
 * One's own API keys (issue 13 item 5): "new key" asks a name, the server
 * makes the key and this dialog shows it the one time it is ever shown, with
 * a copy button; each live key can be revoked. The list, its filters and
 * delete are the generated screen's, scoped by the server to the caller.
 */
import Key from '@mui/icons-material/Key';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useState } from 'react';
import { useNotify, useRefresh, useTranslate, type RaRecord } from 'react-admin';
import { ruleKey } from '../../schema/rules';
import { call } from '../api/http';
import { PromptDialog } from '../form/PromptDialog';
import { CodeBlock } from '../layout/CodeBlock';
import { usePermission } from '../permissions';
import { TestCallbackButton } from './callbacks/TestCallback';
import type { ScreenSlots } from './index';

const k = (key: string) => `admin.screens.api-keys.${key}`;
const NAME_MAX = 64;

function NewKey() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const can = usePermission();
  const [asking, setAsking] = useState(false);
  const [key, setKey] = useState<string | null>(null);
  if (!can(ruleKey('POST', 'api/api-keys/create'))) return null;

  async function create(name: string) {
    try {
      const { data, msg } = await call<{ key: string }>('POST', 'api-keys/create', { body: { name } });
      notify(msg, { type: 'success' });
      setKey(data.key);
      refresh();
    } catch (error) {
      notify((error as Error).message || 'ra.notification.http_error', { type: 'error' });
      throw error;
    }
  }

  return (
    <>
      <Button size="small" variant="outlined" startIcon={<Key />} onClick={() => setAsking(true)}>
        {translate(k('create'))}
      </Button>
      <PromptDialog open={asking} title={k('create')} label="resources.api-keys.fields.name" description={k('name_hint')} required maxLength={NAME_MAX} onConfirm={create} onClose={() => setAsking(false)} />
      <Dialog open={key !== null} onClose={() => setKey(null)} maxWidth="sm" fullWidth>
        <DialogTitle>{translate(k('created_title'))}</DialogTitle>
        <DialogContent>
          <Alert severity="warning" sx={{ mb: 2 }}>{translate(k('shown_once'))}</Alert>
          {key && <CodeBlock text={key} label={translate(k('key'))} wrap />}
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={() => setKey(null)}>{translate(k('done'))}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

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

/** A key's holder usually also runs the endpoint its orders call back: it can be tried from here. */
function Toolbar() {
  return (
    <>
      <NewKey />
      <TestCallbackButton />
    </>
  );
}

const slots: ScreenSlots = { ToolbarActions: Toolbar, RowActions: Revoke };
export default slots;
