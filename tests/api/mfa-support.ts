/**
 * What the two-factor suites share: an app on a clock the test moves (codes,
 * waits and challenge lifetimes read it), and the steps a person takes with
 * an authenticator app, computing codes from the key the server showed.
 */
import { expect } from 'vitest';
import { totpNow } from '../../server/auth/mfa';
import { makeApp, type TestApp } from '../support/app';

export interface MfaApp extends TestApp {
  admin: string;
  /** Moves the app's clock on; the authenticator's codes follow it. */
  advance(seconds: number): void;
  /** The code an authenticator app with `secret` shows now. */
  codeOf(secret: string): string;
  /** A user made by the admin, with a password; answers its id. */
  addUser(account: string, password?: string): Promise<number>;
  /** Turns 2FA on for the holder of `token`, from the user menu (the password is asked again). */
  enrol(token: string, password?: string): Promise<{ secret: string; recoveryCodes: string[] }>;
  /** The password step: its whole answer. */
  password(account: string, password?: string): ReturnType<TestApp['call']>;
  /** Both steps with a code from the app: a token. */
  signInWithCode(account: string, secret: string, password?: string): Promise<string>;
}

export const USER_PASSWORD = 'user-pass-123';

export async function mfaApp(dialect: 'sqlite' | 'mysql'): Promise<MfaApp> {
  // Mid-step, so moving 30 s always lands in the next step and never on a boundary.
  let now = Math.floor(Date.now() / 30_000) * 30_000 + 10_000;
  const t = await makeApp({ dialect, clock: () => now });
  const admin = await t.signIn();
  const codeOf = (secret: string) => totpNow(secret, now);
  const password: MfaApp['password'] = (account, pass = USER_PASSWORD) => t.call('POST', '/api/comm/sign-in', { account, password: pass });
  return {
    ...t,
    admin,
    advance: (seconds) => void (now += seconds * 1000),
    codeOf,
    password,
    async addUser(account, pass = USER_PASSWORD) {
      const res = await t.call('POST', '/api/users/create', { account, password: pass }, admin);
      expect(res.status, res.text).toBe(201);
      return res.body.data.id;
    },
    async enrol(token, pass = USER_PASSWORD) {
      const setup = await t.call('POST', '/api/comm/mfa-setup', {}, token);
      expect(setup.status, setup.text).toBe(200);
      const { secret } = setup.body.data;
      const enable = await t.call('POST', '/api/comm/mfa-enable', { code: codeOf(secret), password: pass }, token);
      expect(enable.status, enable.text).toBe(200);
      // The step just used cannot sign in again: later sign-ins start in the next one.
      now += 30_000;
      return { secret, recoveryCodes: enable.body.data.recoveryCodes };
    },
    async signInWithCode(account, secret, pass = USER_PASSWORD) {
      const first = await password(account, pass);
      expect(first.body.data?.mfa, first.text).toBe('code');
      const second = await t.call('POST', '/api/comm/mfa-sign-in', { mfaToken: first.body.data.mfaToken, code: codeOf(secret) });
      expect(second.status, second.text).toBe(200);
      now += 30_000;
      return second.body.data.token.no;
    },
  };
}
