/**
 * The account forms' own checks before anything is sent (sign-in, sign-up,
 * forgotten password; a warning in the form rather than a refusal from the
 * server), and their calls. Account and
 * passwords travel RSA-encrypted, like at sign-in.
 */
import { encryptorFor } from '../api/signInCrypto';
import { apiInit, call } from '../api/http';
import { saveSession, type SessionUser } from '../api/session';

export type SignForm = 'password' | 'code' | 'sign-up' | 'forget';
export type SignValues = Partial<Record<'social' | 'account' | 'password' | 'AgainPassword' | 'code' | 'invite', string>>;

export const MIN_NEW_PASSWORD = 8;
export const RESEND_SECONDS = 60;

const blank = (v?: string) => !v || !v.trim();

/** The first warning (an i18n key) a form's values earn, or null when they may be sent. */
export function firstWarning(form: SignForm, v: SignValues, options: { inviteRequired?: boolean } = {}): string | null {
  const newPassword = () =>
    blank(v.password) ? 'admin.sign.need_password'
    : blank(v.AgainPassword) ? 'admin.sign.need_again'
    : v.password !== v.AgainPassword ? 'admin.sign.passwords_differ'
    : v.password!.length < MIN_NEW_PASSWORD ? 'admin.sign.password_short'
    : null;
  switch (form) {
    case 'password':
      return blank(v.account) ? 'admin.sign.need_account' : blank(v.password) ? 'admin.sign.need_password' : null;
    case 'code':
      return blank(v.social) ? 'admin.sign.need_social' : blank(v.code) ? 'admin.sign.need_code' : null;
    case 'sign-up':
      return blank(v.social) ? 'admin.sign.need_social'
        : blank(v.account) ? 'admin.sign.need_account'
        : newPassword() ?? (blank(v.code) ? 'admin.sign.need_code' : options.inviteRequired && blank(v.invite) ? 'admin.sign.need_invite' : null);
    case 'forget':
      return blank(v.social) && blank(v.account) ? 'admin.sign.need_social_or_account'
        : newPassword() ?? (blank(v.code) ? 'admin.sign.need_code' : null);
  }
}

/** Which call a form's code request and submission go to. */
const ROUTE: Record<Exclude<SignForm, 'password'>, string> = { code: 'comm/sign-code', 'sign-up': 'comm/sign-up', forget: 'comm/reset-password' };

async function sealed(values: SignValues): Promise<Record<string, string>> {
  const encrypt = await encryptorFor(await apiInit());
  const body: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    if (blank(value)) continue;
    body[key] = key === 'account' || key === 'password' || key === 'AgainPassword' ? await encrypt(value!) : value!.trim();
  }
  return body;
}

/** Asks the server to send a code (it answers 201). */
export async function requestCode(form: Exclude<SignForm, 'password'>, values: SignValues): Promise<void> {
  const { social, account } = values;
  await call('POST', ROUTE[form], { body: await sealed(form === 'forget' ? { social, account } : { social }) });
}

/**
 * Completes a code sign-in, sign-up or reset; the first two start a session,
 * unless (as after a password) the second factor or its enrolment must come first.
 */
export async function submitSignForm(form: Exclude<SignForm, 'password'>, values: SignValues): Promise<{ next: 'code' | 'enrol'; mfaToken: string } | null> {
  type Answer = { user: SessionUser; token: { no: string } } | { mfa: 'code' | 'enrol'; mfaToken: string } | null;
  const { data } = await call<Answer>('POST', ROUTE[form], { body: await sealed(values) });
  if (data && 'mfa' in data) return { next: data.mfa, mfaToken: data.mfaToken };
  if (form !== 'forget' && data) saveSession(data.token.no, data.user);
  return null;
}
