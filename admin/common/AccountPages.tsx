/**
 * Account pages under `/common` (issue 6 item 4):
 * sign-in by account and password or by phone/email code, sign-up, and the
 * forgotten password, linked to one another. Password sign-in and sign-up land
 * on `/admin`, code sign-in on `/`; a visitor who already holds a token is
 * sent to `/`.
 */
import { Box, Button, CssBaseline, LinearProgress, Tab, Tabs, TextField, Typography } from '@mui/material';
import { useEffect, useState, type ReactNode } from 'react';
import { useLogin, useNotify, useTranslate } from 'react-admin';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { authProvider } from '../api/authProvider';
import { passwordStep } from '../api/mfa';
import { apiInit, type AccountPolicy } from '../api/http';
import { sessionToken } from '../api/session';
import { NavigationProgress } from '../layout/chrome';
import { NotFound } from '../layout/NotFound';
import { ConsoleNotification } from '../layout/notification';
import { Page } from './AccountPage';
import { MfaSignIn, type MfaStep } from './MfaSignIn';
import { firstWarning, requestCode, RESEND_SECONDS, submitSignForm, type SignForm, type SignValues } from './signForms';

type Field = keyof SignValues;
const FIELD_TYPE: Partial<Record<Field, string>> = { password: 'password', AgainPassword: 'password' };
const AUTOCOMPLETE: Partial<Record<Field, string>> = { account: 'username', password: 'current-password', AgainPassword: 'new-password', code: 'one-time-code' };

function useSignForm() {
  const translate = useTranslate();
  const [values, setValues] = useState<SignValues>({});
  // Once a password has done its work it leaves the page's memory: nothing shows it again.
  const forgetPasswords = () => setValues(({ password: _p, AgainPassword: _a, ...kept }) => kept);
  const input = (name: Field, o: { label?: string; required?: boolean } = {}) => (
    <TextField
      key={name}
      name={name}
      type={FIELD_TYPE[name] ?? 'text'}
      autoComplete={AUTOCOMPLETE[name]}
      label={translate(o.label ?? `admin.sign.fields.${name}`)}
      required={o.required}
      value={values[name] ?? ''}
      onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
    />
  );
  return { values, input, forgetPasswords };
}

/**
 * SIGN_IN_UP as the server tells it (comm/init): `undefined` while it loads,
 * `null` when the server could not say (the forms then take the defaults).
 */
function useAccountPolicy(): AccountPolicy | null | undefined {
  const [policy, setPolicy] = useState<AccountPolicy | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    apiInit().then((init) => live && setPolicy(init.account ?? null), () => live && setPolicy(null));
    return () => void (live = false);
  }, []);
  return policy;
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

/** Until SIGN_IN_UP is known, a form would show fields (or a way in) the site may not offer. */
function PolicyLoading({ title, links }: { title: string; links: Array<[string, string]> }) {
  const translate = useTranslate();
  return (
    <Page title={title} links={links}>
      <LinearProgress aria-label={translate('ra.page.loading')} />
    </Page>
  );
}

/** Runs a form's checks, then its call; warnings and server messages become toasts. */
function useSubmit() {
  const notify = useNotify();
  return async (form: SignForm, values: SignValues, send: () => Promise<void>, options?: Parameters<typeof firstWarning>[2]) => {
    const warning = firstWarning(form, values, options);
    if (warning) return notify(warning, { type: 'warning' });
    try {
      await send();
    } catch (error) {
      notify((error as Error).message || 'ra.auth.sign_in_error', { type: 'error' });
    }
  };
}

function SignIn() {
  const [chosen, setMode] = useState<'password' | 'code'>('password');
  const [step, setStep] = useState<MfaStep | null>(null);
  const translate = useTranslate();
  // SIGN_IN_UP strict: a code to the phone or email is the only way in.
  const policy = useAccountPolicy();
  const codeOnly = policy?.signIn === 'strict';
  const mode = codeOnly ? 'code' : chosen;
  const login = useLogin();
  const navigate = useNavigate();
  const submit = useSubmit();
  const { values, input, forgetPasswords } = useSignForm();
  // The session is saved by the password or two-factor step; `login` then lands on /admin as react-admin does.
  const enter = () => login({ started: true }, '/admin');
  const byPassword = async () => {
    const outcome = await passwordStep(values.account!.trim(), values.password!);
    forgetPasswords();
    return outcome.next === 'done' ? enter() : setStep({ kind: outcome.next, mfaToken: outcome.mfaToken });
  };
  // A code proves the phone or mailbox only: with 2FA on, the app's code follows, as after a password.
  const byCode = async () => {
    const next = await submitSignForm('code', values);
    return next ? setStep({ kind: next.next, mfaToken: next.mfaToken }) : navigate('/');
  };
  const onSubmit = () =>
    mode === 'password'
      ? submit('password', values, byPassword)
      : submit('code', values, byCode);
  const links: Array<[string, string]> = [['sign-up', 'admin.titles.sign_up'], ['sign-forget', 'admin.titles.sign_forget']];
  if (step) return <MfaSignIn step={step} setStep={setStep} enter={enter} restart={() => setStep(null)} />;
  if (policy === undefined) return <PolicyLoading title="admin.titles.sign_in" links={links} />;
  return (
    <Page title="admin.titles.sign_in" submit="admin.sign.submit_sign_in" onSubmit={onSubmit} links={links}>
      {codeOnly ? (
        <Typography variant="body2" color="text.secondary">{translate('admin.sign.code_only')}</Typography>
      ) : (
        <Tabs value={mode} onChange={(_, m) => setMode(m)} variant="fullWidth">
          <Tab value="password" label={translate('admin.sign.by_password')} />
          <Tab value="code" label={translate('admin.sign.by_code')} />
        </Tabs>
      )}
      {mode === 'password' ? [input('account'), input('password')] : [input('social'), <CodeRow key="code" form="code" values={values} input={input} />]}
    </Page>
  );
}

function SignUp() {
  const navigate = useNavigate();
  const translate = useTranslate();
  const submit = useSubmit();
  const { values, input } = useSignForm();
  const policy = useAccountPolicy();
  const links: Array<[string, string]> = [['sign-in', 'admin.titles.sign_in'], ['sign-forget', 'admin.titles.sign_forget']];
  if (policy === undefined) return <PolicyLoading title="admin.titles.sign_up" links={links} />;
  if (policy?.signUp === false) {
    return (
      <Page title="admin.sign.sign_up_closed" links={links}>
        <Typography role="status">{translate('admin.sign.sign_up_closed_text')}</Typography>
      </Page>
    );
  }
  // SIGN_IN_UP invite mode: no field when closed, optional when open, required when forced.
  const invite = policy?.invite ?? 'open';
  const send = () => submit('sign-up', values, async () => (await submitSignForm('sign-up', invite === 'close' ? { ...values, invite: undefined } : values), navigate('/admin')), { inviteRequired: invite === 'force' });
  return (
    <Page title="admin.titles.sign_up" submit="admin.sign.submit_sign_up" onSubmit={send} links={links}>
      {input('social')}
      {input('account')}
      {input('password')}
      {input('AgainPassword')}
      <CodeRow form="sign-up" values={values} input={input} />
      {invite === 'force' && input('invite', { label: 'admin.sign.invite_required', required: true })}
      {invite === 'open' && input('invite')}
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
    void navigate('/common/sign-in');
  };
  // The forgotten-password submit button keeps the sign-up label, as the page has always had it.
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

/** Each location the router moved to, numbered: a visit to a page, even to the same address again. */
const openings = new WeakMap<object, number>();
let openingsSeen = 0;
const openingOf = (location: object) => openings.get(location) ?? (openings.set(location, ++openingsSeen), openingsSeen);

/**
 * A signed-in visitor, one whose stored token the server still
 * accepts, is sent to `/`. A garbage or refused token is forgotten and the
 * page shows; nothing is drawn while the server is asked.
 *
 * Asked again on every opening of the page, not once per mounting: a visitor
 * who opens sign-in again right after signing in, before the console has
 * drawn its first screen, moves the router away and back within one render,
 * so React kept the signed-out page (its form still filled) as it was. A
 * move the router makes gives a new location object; a move the browser
 * makes (an address typed or set by script) is also heard as a hash change,
 * which the router alone was seen to miss in that race.
 */
function SignedOutOnly({ children }: { children: ReactNode }) {
  // And on every hash change the browser reports while the page is up: an address set by hand or by script
  // reaches the router as a move that React may fold into the one before it.
  const [reopened, setReopened] = useState(0);
  useEffect(() => {
    const again = () => setReopened((n) => n + 1);
    addEventListener('hashchange', again);
    return () => removeEventListener('hashchange', again);
  }, []);
  return <AskedOnOpening key={`${openingOf(useLocation())}.${reopened}`}>{children}</AskedOnOpening>;
}

function AskedOnOpening({ children }: { children: ReactNode }) {
  const [state, setState] = useState<'asking' | 'in' | 'out'>(() => (sessionToken() ? 'asking' : 'out'));
  // A page the browser restores from its back-forward cache comes back as it was left, form and all: ask again.
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => event.persisted && sessionToken() && setState('asking');
    addEventListener('pageshow', restored);
    return () => removeEventListener('pageshow', restored);
  }, []);
  useEffect(() => {
    if (state !== 'asking') return;
    authProvider.checkAuth({}).then(
      () => setState(sessionToken() ? 'in' : 'out'),
      () => setState('out'),
    );
  }, [state]);
  if (state === 'in') return <Navigate to="/" replace />;
  return state === 'out' ? children : null;
}
const signedOutOnly = (page: ReactNode) => <SignedOutOnly>{page}</SignedOutOnly>;

export default function AccountPages() {
  return (
    <>
      <CssBaseline />
      <NavigationProgress />
      <Routes>
        <Route path="sign-in" element={signedOutOnly(<SignIn />)} />
        <Route path="sign-up" element={signedOutOnly(<SignUp />)} />
        <Route path="sign-forget" element={signedOutOnly(<Forget />)} />
        <Route path="*" element={<NotFound />} />
      </Routes>
      <ConsoleNotification />
    </>
  );
}
