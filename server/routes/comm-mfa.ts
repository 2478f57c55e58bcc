/**
 * Two-factor sign-in calls under /api/comm:
 *
 * - `mfa-sign-in`: the second step after a password that answered with a
 *   challenge: a code from the authenticator app or a recovery code.
 * - `mfa-setup` / `mfa-enable`: enrolment. Either signed in (from the user
 *   menu; enabling asks for the password again, so a stolen session cannot
 *   bind the thief's phone and lock the owner out) or, for a member of a group that requires it, with the challenge the
 *   password step gave instead of a token; the latter ends signed in.
 *
 * They are public routes because the challenge, not a token, says who is
 * calling; each checks one or the other itself. Bodies name the code `code`
 * and the challenge `mfaToken`, so the operation log masks both.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import QRCode from 'qrcode';
import { z } from 'zod';
import {
  hashRecovery, isRecoveryShaped, joinHashes, matchTotp, MfaStore, newRecoveryCodes, splitHashes, totpOf, type Challenge,
} from '../auth/mfa';
import { verifyPassword } from '../auth/passwords';
import { AppError, ok } from '../http';
import { invalidInput } from '../services/settings/field-errors';
import { signInAs, type CommOptions } from './comm-session';

const rule = (name: string, scene?: string) => ({ rule: { name, group: 'comm', type: 'common' as const, scene } });
const required = { error: 'validation.required' };
const mfaToken = z.string(required).max(64, { error: 'errors.mfa_challenge_invalid' });
const code = z.string(required).trim().min(1, required).max(32, { error: 'validation.max_length' });
const forms = {
  signIn: z.object({ mfaToken, code }),
  setup: z.object({ mfaToken: mfaToken.optional() }),
  enable: z.object({ mfaToken: mfaToken.optional(), code, password: z.unknown().optional() }),
};

function read<K extends keyof typeof forms>(kind: K, body: unknown): z.infer<(typeof forms)[K]> {
  const parsed = forms[kind].safeParse(body && typeof body === 'object' ? body : {});
  if (!parsed.success) throw invalidInput(parsed.error);
  return parsed.data as z.infer<(typeof forms)[K]>;
}

const fieldRefusal = (field: string, key: string) => new AppError(400, key, {}, { errors: [{ field, message: key }] });
const challengeGone = () => fieldRefusal('mfaToken', 'errors.mfa_challenge_invalid');
const wrongCode = () => fieldRefusal('code', 'errors.mfa_code_wrong');

/** Whether a live group of `uid` requires two-factor sign-in. */
export async function groupRequiresMfa(o: Pick<CommOptions, 'db'>, uid: number): Promise<boolean> {
  const row = await o.db.kysely.selectFrom('auth_group').select('id')
    .where('deleteTime', '=', 0).where('mfa', '=', 1).where('uids', 'like', `%|${uid}|%`).executeTakeFirst();
  return row !== undefined;
}

/**
 * What a right password leads to: a token at once, or (2FA on, or required by
 * a group and not set up) a challenge for the step that must come first.
 */
export async function afterPassword(app: FastifyInstance, o: CommOptions, request: FastifyRequest, user: { id: number; mfa: number }) {
  const kind = user.mfa === 1 ? 'code' : (await groupRequiresMfa(o, user.id)) ? 'enrol' : null;
  if (!kind) return signInAs(o, request, user.id);
  const challenge = await new MfaStore(o.cache, app.clock).openChallenge(user.id, kind);
  return ok({ mfa: kind, ...challenge }, kind === 'code' ? 'messages.mfa_code_needed' : 'messages.mfa_enrol_needed');
}

export async function mfaRoutes(app: FastifyInstance, o: CommOptions) {
  const store = new MfaStore(o.cache, app.clock);
  const users = () => o.db.kysely.selectFrom('users').select(['id', 'account', 'password', 'status', 'deleteTime', 'mfa', 'mfaSecret', 'mfaRecovery']);

  async function liveUser(id: number) {
    const user = await users().where('id', '=', id).executeTakeFirst();
    if (!user || user.deleteTime > 0) throw challengeGone();
    if (user.status === 'banned') throw new AppError(403, 'errors.user_banned');
    return user;
  }

  /** Whose enrolment this is: the signed-in caller, or the holder of an enrolment challenge. */
  async function enrollee(request: FastifyRequest, token: string | undefined): Promise<{ uid: number; session: string; challenge?: Challenge }> {
    if (token !== undefined) {
      const challenge = await store.challenge(token);
      if (!challenge || challenge.kind !== 'enrol') throw challengeGone();
      return { uid: challenge.uid, session: token, challenge };
    }
    const { user, apiKeyId, jti } = request.caller;
    if (!user) throw new AppError(401, 'errors.unauthorized');
    // A key acts for its owner in scripts; binding a second factor is the person's own act.
    if (apiKeyId) throw new AppError(403, 'errors.mfa_api_key');
    // Stryker disable next-line LogicalOperator: every token carries its id; the blank only satisfies the type
    return { uid: user.id, session: `jti:${jti ?? ''}` };
  }

  /** Checks a code of a user with 2FA on; a recovery code is spent, a time step claimed. */
  async function proveSecondFactor(user: Awaited<ReturnType<typeof liveUser>>, given: string) {
    await store.admit(user.id);
    const step = matchTotp(user.mfaSecret, given, app.clock());
    if (step !== null && await store.spendStep(user.id, step)) return store.succeeded(user.id);
    if (step === null && isRecoveryShaped(given) && await spendRecovery(user.id, given)) return store.succeeded(user.id);
    await store.failed(user.id);
    throw wrongCode();
  }

  /** Removes one recovery code, only if nobody else removed one meanwhile (so two racing uses spend it once). */
  async function spendRecovery(uid: number, given: string): Promise<boolean> {
    const hash = hashRecovery(given);
    for (let attempt = 0; attempt < 3; attempt++) {
      const row = await users().where('id', '=', uid).executeTakeFirst();
      const hashes = splitHashes(row?.mfaRecovery ?? '');
      if (!row || !hashes.includes(hash)) return false;
      const { numUpdatedRows } = await o.db.kysely.updateTable('users')
        .set({ mfaRecovery: joinHashes(hashes.filter((h) => h !== hash)) })
        .where('id', '=', uid).where('mfaRecovery', '=', row.mfaRecovery).executeTakeFirst();
      if (numUpdatedRows > 0n) return true;
    }
    return false;
  }

  /** The password again (sealed like at sign-in, or plain); a wrong one counts like a wrong code. */
  async function provePassword(uid: number, hash: string, given: unknown) {
    const password = o.keys.open(given);
    if (typeof password !== 'string' || !password) throw fieldRefusal('password', 'validation.required');
    if (password.length <= 256 && await verifyPassword(hash, password)) return;
    await store.failed(uid);
    throw fieldRefusal('password', 'errors.mfa_password_wrong');
  }

  app.post('/api/comm/mfa-sign-in', { config: rule('mfa-sign-in', 'sign-in') }, async (request) => {
    const form = read('signIn', request.body);
    const challenge = await store.challenge(form.mfaToken);
    if (!challenge || challenge.kind !== 'code') throw challengeGone();
    const user = await liveUser(challenge.uid);
    // Reset since the password step: the challenge no longer stands for anything.
    if (user.mfa !== 1 || !user.mfaSecret) throw challengeGone();
    await proveSecondFactor(user, form.code);
    await store.closeChallenge(form.mfaToken);
    return signInAs(o, request, user.id);
  });

  app.post('/api/comm/mfa-setup', { config: rule('mfa-setup') }, async (request) => {
    const form = read('setup', request.body);
    const { uid, session } = await enrollee(request, form.mfaToken);
    const user = await liveUser(uid);
    if (user.mfa === 1) throw new AppError(409, 'errors.mfa_already_on');
    const secret = await store.pendingSecret(uid, session);
    const issuer = (await o.config.get('SITE_INFO')).title || 'Paydesk';
    const uri = totpOf(secret, user.account, issuer).toString();
    const qr = await QRCode.toString(uri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
    // The one answer that carries the key: it is not on yet, and only its owner (token or challenge) sees it.
    return ok({ secret, uri, qr: `data:image/svg+xml;base64,${Buffer.from(qr).toString('base64')}`, account: user.account, issuer });
  });

  app.post('/api/comm/mfa-enable', { config: rule('mfa-enable') }, async (request) => {
    const form = read('enable', request.body);
    const { uid, session, challenge } = await enrollee(request, form.mfaToken);
    const user = await liveUser(uid);
    if (user.mfa === 1) throw new AppError(409, 'errors.mfa_already_on');
    const secret = await store.offeredSecret(uid, session);
    if (!secret) throw new AppError(400, 'errors.mfa_not_pending');
    await store.admit(uid);
    if (!challenge) await provePassword(uid, user.password, form.password);
    const step = matchTotp(secret, form.code, app.clock());
    if (step === null || !(await store.spendStep(uid, step))) {
      await store.failed(uid);
      throw wrongCode();
    }
    await store.succeeded(uid);
    const recovery = newRecoveryCodes();
    const { numUpdatedRows } = await o.db.kysely.updateTable('users')
      .set({ mfa: 1, mfaSecret: secret, mfaRecovery: recovery.stored })
      .where('id', '=', uid).where('mfa', '=', 0).executeTakeFirst();
    if (!numUpdatedRows) throw new AppError(409, 'errors.mfa_already_on');
    await store.dropPending(uid, session);
    // Whoever enrols from a challenge proved the password and now the key: that is a complete sign-in.
    if (challenge) {
      await store.closeChallenge(form.mfaToken!);
      const signedIn = await signInAs(o, request, uid);
      return ok({ ...signedIn.data!, recoveryCodes: recovery.codes }, 'messages.mfa_enabled');
    }
    return ok({ recoveryCodes: recovery.codes }, 'messages.mfa_enabled');
  });
}
