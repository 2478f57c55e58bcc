/**
 * Making a key and changing what it may do. "New API key" asks a name and the
 * key's rules (the merchant preset first), then shows the key the one time it
 * is ever shown, with a copy button. "Rules" on a row changes a live key's
 * rules; the server logs the change.
 */
import Key from '@mui/icons-material/Key';
import { Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useId, useState, type FormEvent } from 'react';
import { useNotify, useRefresh, useTranslate, type RaRecord } from 'react-admin';
import { ruleKey } from '../../../schema/rules';
import { call } from '../../api/http';
import { promptError } from '../../form/PromptDialog';
import { CodeBlock } from '../../layout/CodeBlock';
import { usePermission } from '../../permissions';
import { modeOf, presetRules, RulePicker, rulesOf, useChoices, type Picked } from './RulePicker';

const k = (key: string) => `admin.screens.api-keys.${key}`;
const NAME_MAX = 64;

/** The dialog both share: optional name, the picker, and a save that keeps the dialog open when the server refuses. */
function KeyForm({ title, withName, initialRules, onSave, onClose }: {
  title: string;
  withName: boolean;
  initialRules?: string[] | null;
  onSave: (name: string, rules: string[] | null) => Promise<void>;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const titleId = useId();
  const choices = useChoices();
  const [name, setName] = useState('');
  // The name's error shows once it was typed in and left, or on submit: not when the dialog's focus moves on before
  // a key is pressed (choosing the rules first, or the dialog taking the focus as it opens).
  const [typed, setTyped] = useState(false);
  const [touched, setTouched] = useState(false);
  const [picked, setPicked] = useState<Picked | null>(null);
  const [busy, setBusy] = useState(false);
  const current = picked ?? (choices && (initialRules === undefined ? { mode: 'merchant', rules: presetRules(choices) } : modeOf(initialRules, choices)));
  const nameError = withName ? promptError(name, { required: true, maxLength: NAME_MAX }) : undefined;
  const empty = current !== null && current.mode !== 'all' && current.rules.length === 0;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (nameError || !current || empty) return;
    setBusy(true);
    try {
      await onSave(name.trim(), rulesOf(current));
    } catch (error) {
      notify((error as Error).message || 'ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby={titleId} slotProps={{ paper: { component: 'form', onSubmit: submit, noValidate: true } as object }}>
      <DialogTitle id={titleId}>{translate(title)}</DialogTitle>
      <DialogContent>
        {withName && (
          <TextField
            autoFocus fullWidth margin="dense" required value={name} onChange={(e) => (setName(e.target.value), setTyped(true))} onBlur={() => typed && setTouched(true)}
            label={translate('resources.api-keys.fields.name')} slotProps={{ htmlInput: { maxLength: NAME_MAX } }}
            error={touched && Boolean(nameError)} helperText={translate(touched && nameError ? nameError : k('name_hint'))}
          />
        )}
        {current ? <RulePicker choices={choices!} value={current} onChange={setPicked} /> : <CircularProgress size={24} sx={{ m: 2 }} />}
        {touched && empty && <Alert severity="error" sx={{ mt: 1 }}>{translate('validation.key_rules_empty')}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button type="submit" variant="contained" disabled={busy || !current}>{translate(withName ? k('create') : 'ra.action.save')}</Button>
      </DialogActions>
    </Dialog>
  );
}

export function NewKey() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const can = usePermission();
  const [asking, setAsking] = useState(false);
  const [key, setKey] = useState<string | null>(null);
  if (!can(ruleKey('POST', 'api/api-keys/create'))) return null;

  async function create(name: string, rules: string[] | null) {
    const { data, msg } = await call<{ key: string }>('POST', 'api-keys/create', { body: { name, ...(rules && { rules }) } });
    notify(msg, { type: 'success' });
    setAsking(false);
    setKey(data.key);
    refresh();
  }

  return (
    <>
      <Button size="small" variant="outlined" startIcon={<Key />} onClick={() => setAsking(true)}>
        {translate(k('create'))}
      </Button>
      {asking && <KeyForm title={k('create')} withName onSave={create} onClose={() => setAsking(false)} />}
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

/** Changes a live key's rules; only its owner may (the server refuses others). */
export function EditRules({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const can = usePermission();
  const [open, setOpen] = useState(false);
  if (record.revokedTime || !can(ruleKey('PUT', 'api/api-keys/rules'))) return null;

  async function save(_name: string, rules: string[] | null) {
    const { msg } = await call('PUT', 'api-keys/rules', { body: { id: record.id, rules } });
    notify(msg, { type: 'success' });
    setOpen(false);
    refresh();
  }

  return (
    <>
      <Button size="small" onClick={() => setOpen(true)} aria-label={translate(k('rules_named'), { name: record.name })}>{translate(k('rules'))}</Button>
      {open && <KeyForm title={translate(k('rules_named'), { name: record.name })} withName={false} initialRules={(record.rules as string[] | null) ?? null} onSave={save} onClose={() => setOpen(false)} />}
    </>
  );
}
