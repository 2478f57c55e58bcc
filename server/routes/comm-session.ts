/**
 * What the account calls share: their services, and signing a user in
 * (password, code and sign-up all end the same way).
 */
import type { FastifyRequest } from 'fastify';
import { users } from '../../schema';
import type { SignInKeys } from '../auth/rsa';
import type { Tokens } from '../auth/tokens';
import type { Db } from '../db/connect';
import { outputColumns } from '../db/rows';
import { ok } from '../http';
import type { ConfigRows } from '../services/config-rows';
import type { CodeSender } from '../services/sender';
import type { KeyValueCache } from '../types';

export interface CommOptions {
  db: Db;
  tokens: Tokens;
  keys: SignInKeys;
  config: ConfigRows;
  /** The shared cache: codes, resend waits, SAFETY_SMS counters. */
  cache: () => KeyValueCache;
  /**
   * Senders of the current `sms.toml`: the SMS provider for phones, email for
   * addresses, and `preferred`, the channel of `sms.drive.default` for a flow
   * that names no phone or address (a reset by account name).
   */
  senders: () => { phone(): CodeSender; email(): CodeSender; preferred: { kind: 'phone' | 'email'; sender(): CodeSender } };
  /** Key of the codes' HMAC: secret and the same on every instance (the JWT key). */
  codeSecret: () => string;
  /** Epoch milliseconds, the app's (AppOptions.clock): codes expire, password waits end and sign-ins are dated on it. */
  clock: () => number;
}

export async function publicUser(db: Db, id: number) {
  return db.any.selectFrom('users').select(outputColumns(users as never)).where('id', '=', id).executeTakeFirstOrThrow();
}

/** Signs a user in: records where and when, issues the token, answers `{user, token}`. */
export async function signInAs(o: CommOptions, request: FastifyRequest, id: number) {
  const { sign_in } = await o.config.get('SIGN_IN_UP');
  await o.db.kysely.updateTable('users').set({ signInIp: request.ip, signInTime: Math.floor(o.clock() / 1000) }).where('id', '=', id).execute();
  const { no, expired } = await o.tokens.issue(id, { unique: sign_in.unique });
  const user = await publicUser(o.db, id);
  // From here on the request is this user's: its log row says who signed in.
  request.caller = { ...request.caller, user: { id, account: user.account, nickname: user.nickname, status: user.status } };
  return ok({ user, token: { no, expired } });
}
