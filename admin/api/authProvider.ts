/**
 * react-admin's auth provider:
 *   login       GET /api/comm/init for the RSA key, then POST /api/comm/sign-in
 *               with account and password encrypted; or, `{ started: true }`,
 *               a session the sign-in page began itself (two-factor steps).
 *   checkAuth   no token -> sign-in page; otherwise POST /api/comm/check-token on
 *               entry and whenever the last check is 10 minutes old, and on
 *               each tick of the layout's 10-minute timer (`{ due: true }`).
 *               429 keeps the session; any other failure signs out locally,
 *               and so does a group's new demand for 2FA (signing in again
 *               leads to enrolment).
 *   checkError  401 signs out; 403 keeps the session (the toast says why).
 *   logout      DELETE /api/comm/sign-out, then forget token, user, cache and
 *               cookie, and go to `/`.
 *   getPermissions  GET /api/auth-rules/mine (session-cached).
 */
import type { AuthProvider } from 'react-admin';
import { clearCache } from './cache';
import { encryptorFor } from './signInCrypto';
import { ApiError, apiInit, call } from './http';
import { clearSession, getToken, getUser, saveSession, type SessionUser } from './session';

export const SIGN_IN_PATH = '/common/sign-in';
export const TOKEN_CHECK_MS = 10 * 60 * 1000;

export interface MineRule {
  method: string;
  route: string;
  manage: boolean;
}

interface SignInAnswer {
  user: SessionUser;
  token: { no: string; expired: number };
}

let lastCheck = 0;

/** A session's group began to require two-factor sign-in, which it has not set up. */
class MfaRequired extends Error {}

function forgetEverything() {
  clearSession();
  clearCache();
  lastCheck = 0;
}

async function checkToken(): Promise<void> {
  try {
    const { data } = await call<{ user: SessionUser; mfaRequired?: boolean }>('POST', 'comm/check-token');
    if (data.mfaRequired) throw new MfaRequired();
    saveSession(null, data.user);
    lastCheck = Date.now();
  } catch (error) {
    if (error instanceof ApiError && error.status === 429) return;
    forgetEverything();
    throw error;
  }
}

export async function signIn(account: string, password: string): Promise<SessionUser> {
  const encrypt = await encryptorFor(await apiInit());
  const body = { account: await encrypt(account), password: await encrypt(password) };
  const { data } = await call<SignInAnswer | { mfa: string }>('POST', 'comm/sign-in', { body });
  // Two-factor steps have their own page (passwordStep in mfa.ts); here a challenge is no session.
  if ('mfa' in data) throw new Error('admin.mfa.enter_code');
  forgetEverything();
  saveSession(data.token.no, data.user);
  lastCheck = Date.now();
  return data.user;
}

export const authProvider: AuthProvider = {
  async login(params: { account: string; password: string } | { started: true }) {
    if ('started' in params) return void (lastCheck = Date.now());
    await signIn(params.account, params.password);
  },

  async checkAuth(params?: { due?: boolean }) {
    if (!getToken()) throw { redirectTo: SIGN_IN_PATH, message: false };
    // The timer's tick always checks: it lands a few milliseconds short of 10 minutes after the
    // check it follows (that one was stamped when its answer came), and skipping it made 20.
    if (!params?.due && Date.now() - lastCheck < TOKEN_CHECK_MS) return;
    try {
      await checkToken();
    } catch (error) {
      throw { redirectTo: SIGN_IN_PATH, message: error instanceof MfaRequired ? 'admin.mfa.required' : 'ra.auth.auth_check_error' };
    }
  },

  async checkError(error: { status?: number }) {
    if (error?.status !== 401) return;
    forgetEverything();
    throw { redirectTo: SIGN_IN_PATH, message: 'ra.notification.logged_out' };
  },

  /** A user who signs out goes home; a session that expired goes to the sign-in page. */
  async logout() {
    const signedIn = Boolean(getToken());
    if (signedIn) await call('DELETE', 'comm/sign-out').catch(() => undefined);
    forgetEverything();
    return signedIn ? '/' : SIGN_IN_PATH;
  },

  async getIdentity() {
    const user = getUser();
    if (!user) throw new Error('ra.auth.auth_check_error');
    return { id: user.id, fullName: user.nickname || user.account, avatar: user.avatar || undefined };
  },

  async getPermissions() {
    if (!getToken()) return [];
    const { data } = await call<MineRule[]>('GET', 'auth-rules/mine', { cache: true });
    return data;
  },
};
