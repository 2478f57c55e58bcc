/**
 * The console's side of two-factor sign-in: the password step (which may
 * answer with a challenge instead of a session), the code step, and
 * enrolment, either from a session (the user menu) or with the challenge of a
 * group that requires it.
 */
import { clearCache } from './cache';
import { apiInit, call } from './http';
import { saveSession, type SessionUser } from './session';
import { encryptorFor } from './signInCrypto';

interface Session {
  user: SessionUser;
  token: { no: string; expired: number };
}

/** What a right password leads to: a session, or the step that must come first. */
export type PasswordOutcome = { next: 'done' } | { next: 'code' | 'enrol'; mfaToken: string };

export interface MfaSetup {
  secret: string;
  uri: string;
  /** The otpauth URI as an SVG data URL. */
  qr: string;
  account: string;
  issuer: string;
}

function startSession(data: Session) {
  clearCache();
  saveSession(data.token.no, data.user);
}

export async function passwordStep(account: string, password: string): Promise<PasswordOutcome> {
  const encrypt = await encryptorFor(await apiInit());
  const body = { account: await encrypt(account), password: await encrypt(password) };
  const { data } = await call<Session | { mfa: 'code' | 'enrol'; mfaToken: string }>('POST', 'comm/sign-in', { body });
  if ('mfa' in data) return { next: data.mfa, mfaToken: data.mfaToken };
  startSession(data);
  return { next: 'done' };
}

/** The second step: a code from the app or a recovery code; starts the session. */
export async function codeStep(mfaToken: string, code: string): Promise<void> {
  const { data } = await call<Session>('POST', 'comm/mfa-sign-in', { body: { mfaToken, code: code.trim() } });
  startSession(data);
}

export async function mfaSetup(mfaToken?: string): Promise<MfaSetup> {
  return (await call<MfaSetup>('POST', 'comm/mfa-setup', { body: mfaToken ? { mfaToken } : {} })).data;
}

/**
 * Confirms the key with a code; answers the recovery codes (and, with a
 * challenge, starts the session). From a session the password goes too,
 * sealed like at sign-in.
 */
export async function mfaEnable(code: string, auth: { mfaToken: string } | { password: string }): Promise<string[]> {
  const proof = 'mfaToken' in auth ? auth : { password: await (await encryptorFor(await apiInit()))(auth.password) };
  const body = { code: code.trim(), ...proof };
  const { data } = await call<{ recoveryCodes: string[] } & Partial<Session>>('POST', 'comm/mfa-enable', { body });
  if (data.token && data.user) startSession(data as Session);
  return data.recoveryCodes;
}
