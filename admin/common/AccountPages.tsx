/**
 * Account pages under `/common` (SPEC §2 "Common layout", issue 6 item 4):
 * sign-in by account and password or by phone/email code, sign-up, and the
 * forgotten password, linked to one another. Password sign-in and sign-up land
 * on `/admin`, code sign-in on `/`; a visitor who already holds a token is
 * sent to `/`.
 */
import { Box, Button, Card, CardContent, CssBaseline, Link, Tab, Tabs, TextField, Typography } from '@mui/material';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Notification, useLogin, useNotify, useTranslate } from 'react-admin';
import { Navigate, Route, Routes, useNavigate } from 'react-router';
import { getToken } from '../api/session';
import { DocumentTitle } from '../layout/chrome';
import { NotFound } from '../layout/NotFound';
import { firstWarning, requestCode, RESEND_SECONDS, submitSignForm, type SignForm, type SignValues } from './signForms';

type Field = keyof SignValues;
const FIELD_TYPE: Partial<Record<Field, string>> = { password: 'password', AgainPassword: 'password' };
const AUTOCOMPLETE: Partial<Record<Field, string>> = { account: 'username', password: 'current-password', AgainPassword: 'new-password', code: 'one-time-code' };

function useSignForm() {
  const translate = useTranslate();
  const [values, setValues] = useState<SignValues>({});
  const input = (name: Field) => (
    <TextField
      key={name}
      name={name}
      type={FIELD_TYPE[name] ?? 'text'}
      autoComplete={AUTOCOMPLETE[name]}
      label={translate(`admin.sign.fields.${name}`)}
      value={values[name] ?? ''}
      onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
    />
  );
  return { values, input };
}

/** Sends a code; after a 201 it stays disabled for 60 s, counting down. */
function SendCodeButton({ form, values }: { form: Exclude<SignForm, 'password'>; values: SignValues }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const tick = setTimeout(() => setLeft(left - 1), 1000);
    return () => clearTimeout(tick);
  }, [left]);

  async function send() {
    const missing = form === 'forget' ? (values.social || values.account ? null : 'admin.sign.need_social_or_account') : values.social ? null : 'admin.sign.need_social';
    if (missing) return notify(missing, { type: 'warning' });
    try {
      await requestCode(form, values);
      notify('admin.sign.code_sent', { type: 'success' });
      setLeft(RESEND_SECONDS);
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  }
  return (
    <Button variant="outlined" onClick={send} disabled={left > 0} sx={{ whiteSpace: 'nowrap' }}>
      {left > 0 ? translate('admin.sign.resend_in', { seconds: left }) : translate('admin.sign.send_code')}
    </Button>
  );
}

function CodeRow({ form, values, input }: { form: Exclude<SignForm, 'password'>; values: SignValues; input: (n: Field) => ReactNode }) {
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', '& > :first-of-type': { flex: 1 } }}>
      {input('code')}
      <SendCodeButton form={form} values={values} />
    </Box>
  );
}

function Page({ title, children, onSubmit, submit, links }: { title: string; children: ReactNode; onSubmit: () => void; submit: string; links: Array<[string, string]> }) {
  const translate = useTranslate();
  const [busy, setBusy] = useState(false);
  const handle = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    await Promise.resolve(onSubmit()).finally(() => setBusy(false));
  };
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'grey.100', p: 2 }}>
      <DocumentTitle titleKey={title} />
      <Card component="form" noValidate onSubmit={handle} sx={{ width: '100%', maxWidth: 400 }}>
        <CardContent sx={{ display: 'grid', gap: 2 }}>
          <Typography variant="h5" component="h1">{translate(title)}</Typography>
          {children}
          <Button type="submit" variant="contained" size="large" disabled={busy}>{translate(submit)}</Button>
          <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
            {links.map(([href, key]) => <Link key={href} href={`#/common/${href}`}>{translate(key)}</Link>)}
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}

/** Runs a form's checks, then its call; warnings and server messages become toasts. */
function useSubmit() {
  const notify = useNotify();
  return async (form: SignForm, values: SignValues, send: () => Promise<void>) => {
    const warning = firstWarning(form, values);
    if (warning) return notify(warning, { type: 'warning' });
    try {
      await send();
    } catch (error) {
      notify((error as Error).message || 'ra.auth.sign_in_error', { type: 'error' });
    }
  };
}

function SignIn() {
  const [mode, setMode] = useState<'password' | 'code'>('password');
  const translate = useTranslate();
  const login = useLogin();
  const navigate = useNavigate();
  const submit = useSubmit();
  const { values, input } = useSignForm();
  const onSubmit = () =>
    mode === 'password'
      ? submit('password', values, () => login({ account: values.account!.trim(), password: values.password! }, '/admin'))
      : submit('code', values, async () => (await submitSignForm('code', values), navigate('/')));
  return (
    <Page title="admin.titles.sign_in" submit="admin.sign.submit_sign_in" onSubmit={onSubmit} links={[['sign-up', 'admin.titles.sign_up'], ['sign-forget', 'admin.titles.sign_forget']]}>
      <Tabs value={mode} onChange={(_, m) => setMode(m)} variant="fullWidth">
        <Tab value="password" label={translate('admin.sign.by_password')} />
        <Tab value="code" label={translate('admin.sign.by_code')} />
      </Tabs>
      {mode === 'password' ? [input('account'), input('password')] : [input('social'), <CodeRow key="code" form="code" values={values} input={input} />]}
    </Page>
  );
}

function SignUp() {
  const navigate = useNavigate();
  const submit = useSubmit();
  const { values, input } = useSignForm();
  return (
    <Page title="admin.titles.sign_up" submit="admin.sign.submit_sign_up" onSubmit={() => submit('sign-up', values, async () => (await submitSignForm('sign-up', values), navigate('/admin')))} links={[['sign-in', 'admin.titles.sign_in'], ['sign-forget', 'admin.titles.sign_forget']]}>
      {input('social')}
      {input('account')}
      {input('password')}
      {input('AgainPassword')}
      <CodeRow form="sign-up" values={values} input={input} />
      {input('invite')}
    </Page>
  );
}

function Forget() {
  const navigate = useNavigate();
  const notify = useNotify();
  const submit = useSubmit();
  const { values, input } = useSignForm();
  const reset = async () => {
    await submitSignForm('forget', values);
    notify('admin.sign.reset_done', { type: 'success' });
    navigate('/common/sign-in');
  };
  // SPEC §2: the forgotten-password submit button is labelled as register.
  return (
    <Page title="admin.titles.sign_forget" submit="admin.sign.submit_sign_up" onSubmit={() => submit('forget', values, reset)} links={[['sign-in', 'admin.titles.sign_in'], ['sign-up', 'admin.titles.sign_up']]}>
      {input('social')}
      {input('account')}
      {input('password')}
      {input('AgainPassword')}
      <CodeRow form="forget" values={values} input={input} />
    </Page>
  );
}

const signedOutOnly = (page: ReactNode) => (getToken() ? <Navigate to="/" replace /> : page);

export default function AccountPages() {
  return (
    <>
      <CssBaseline />
      <Routes>
        <Route path="sign-in" element={signedOutOnly(<SignIn />)} />
        <Route path="sign-up" element={signedOutOnly(<SignUp />)} />
        <Route path="sign-forget" element={signedOutOnly(<Forget />)} />
        <Route path="*" element={<NotFound />} />
      </Routes>
      <Notification />
    </>
  );
}
