/**
 * Turning on two-factor sign-in, shared by the user menu's dialog and the
 * sign-in page (for a member of a group that requires it): the QR code and
 * the same key as text (for an app on the very phone that shows the page),
 * one code from the app to prove it was saved, then the recovery codes,
 * shown once.
 */
import { Alert, Box, Button, CircularProgress, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useState, type FormEvent } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { mfaEnable, mfaSetup, type MfaSetup } from '../api/mfa';
import { CodeBlock } from '../layout/CodeBlock';

/** Groups of four, as authenticator apps print keys: easier to type and to compare. */
const spaced = (key: string) => key.match(/.{1,4}/g)?.join(' ') ?? key;

export function MfaEnrol({ mfaToken, onEnabled }: { mfaToken?: string; onEnabled: (recoveryCodes: string[]) => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [setup, setSetup] = useState<MfaSetup | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    mfaSetup(mfaToken).then((s) => live && setSetup(s), (error: Error) => live && setFailed(error.message));
    return () => void (live = false);
  }, [mfaToken]);

  async function confirm(event: FormEvent) {
    event.preventDefault();
    if (!mfaToken && !password) return notify('admin.sign.need_password', { type: 'warning' });
    if (!/^\d{6}$/.test(code.trim())) return notify('admin.mfa.need_code', { type: 'warning' });
    setBusy(true);
    try {
      onEnabled(await mfaEnable(code, mfaToken ? { mfaToken } : { password }));
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  }

  if (failed) return <Alert severity="error">{failed}</Alert>;
  if (!setup) return <CircularProgress aria-label={translate('ra.page.loading')} sx={{ justifySelf: 'center' }} />;
  return (
    <Box component="form" noValidate onSubmit={confirm} sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="body2">{translate('admin.mfa.scan')}</Typography>
      <Box component="img" src={setup.qr} alt={translate('admin.mfa.qr_alt', { account: setup.account })} sx={{ width: 200, height: 200, justifySelf: 'center' }} />
      <Typography variant="body2">{translate('admin.mfa.type_key')}</Typography>
      <CodeBlock text={spaced(setup.secret)} label={translate('admin.mfa.key')} wrap />
      <TextField
        name="code"
        label={translate('admin.mfa.code')}
        autoComplete="one-time-code"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
      />
      {/* From a session, the password again: whoever holds only a stolen session cannot bind his own phone. */}
      {!mfaToken && (
        <TextField name="password" type="password" autoComplete="current-password" label={translate('admin.mfa.password')} value={password} onChange={(e) => setPassword(e.target.value)} />
      )}
      <Button type="submit" variant="contained" disabled={busy}>{translate('admin.mfa.turn_on')}</Button>
    </Box>
  );
}

/** The recovery codes, once: the person must say they kept them before going on. */
export function RecoveryCodes({ codes, onDone, done }: { codes: string[]; onDone: () => void; done: string }) {
  const translate = useTranslate();
  return (
    <Stack spacing={2}>
      <Alert severity="success">{translate('admin.mfa.enabled')}</Alert>
      <Typography variant="body2">{translate('admin.mfa.recovery_intro')}</Typography>
      <CodeBlock text={codes.join('\n')} label={translate('admin.mfa.recovery_label')} />
      <Button variant="contained" onClick={onDone}>{translate(done)}</Button>
    </Stack>
  );
}
