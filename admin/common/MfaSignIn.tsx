/**
 * The sign-in page after a right password, when two-factor sign-in stands in
 * the way: the code from the app (or a recovery code), or, for a member of a
 * group that requires it, enrolment and its recovery codes. Each ends in the
 * session the page's `enter` takes to the console.
 */
import { Alert, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { codeStep } from '../api/mfa';
import { Page } from './AccountPage';
import { MfaEnrol, RecoveryCodes } from './MfaEnrol';

export type MfaStep = { kind: 'code' | 'enrol'; mfaToken: string } | { kind: 'codes'; codes: string[] };

/** After the password: the code from the app, or (a group requires it) enrolment and its recovery codes. */
export function MfaSignIn({ step, setStep, enter, restart }: { step: MfaStep; setStep: (s: MfaStep) => void; enter: () => Promise<unknown>; restart: () => void }) {
  const translate = useTranslate();
  // Another account, or a mistyped one: back to the password step (the challenge is left to expire).
  const back = { label: 'admin.mfa.back', onClick: restart };
  const notify = useNotify();
  const [code, setCode] = useState('');
  if (step.kind === 'codes') {
    return <Page title="admin.mfa.title" links={[]} form={false}><RecoveryCodes codes={step.codes} onDone={() => void enter()} done="admin.mfa.continue" /></Page>;
  }
  if (step.kind === 'enrol') {
    return (
      <Page title="admin.mfa.enrol_title" links={[]} form={false} back={back}>
        <Alert severity="info">{translate('admin.mfa.group_requires')}</Alert>
        <MfaEnrol mfaToken={step.mfaToken} onEnabled={(codes) => setStep({ kind: 'codes', codes })} />
      </Page>
    );
  }
  const verify = async () => {
    if (!code.trim()) return notify('admin.mfa.need_code', { type: 'warning' });
    try {
      await codeStep(step.mfaToken, code);
      await enter();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };
  return (
    <Page title="admin.mfa.title" submit="admin.mfa.verify" onSubmit={verify} links={[['sign-forget', 'admin.titles.sign_forget']]} back={back}>
      <Typography variant="body2">{translate('admin.mfa.enter_code')}</Typography>
      <TextField name="code" label={translate('admin.mfa.code_or_recovery')} autoComplete="one-time-code" autoFocus value={code} onChange={(e) => setCode(e.target.value)} />
    </Page>
  );
}

