/**
 * Account calls under /api/comm: the public bootstrap
 * (`init`), password sign-in, token check and sign-out here; the flows that
 * run on verification codes in `comm-codes.ts`. Sign-in answers the same way
 * whether or not the account exists, and spends the same time.
 */
import type { FastifyInstance } from 'fastify';
import { users } from '../../schema';
import { identityValue } from '../../schema/define';
import { pageLimit } from '../../schema/options';
import { PasswordThrottle } from '../auth/password-throttle';
import { burnPasswordCheck, verifyPassword } from '../auth/passwords';
import { AppError, badRequest, ok } from '../http';
import { codeRoutes } from './comm-codes';
import { afterPassword, groupRequiresMfa, mfaRoutes } from './comm-mfa';
import { publicUser, type CommOptions } from './comm-session';

export type { CommOptions };

const rule = (name: string, type: 'common' | 'login') => ({ rule: { name, group: 'comm', type } });

export async function commRoutes(app: FastifyInstance, o: CommOptions) {
  const throttle = new PasswordThrottle(o.cache, o.clock);
  app.get('/api/comm/init', { config: rule('init', 'common') }, async () => {
    const [safety, { sign_in, sign_up }] = await Promise.all([o.config.get('SYSTEM_SAFETY_API'), o.config.get('SIGN_IN_UP')]);
    // What the account pages must know before a visitor types: which sign-ins and sign-ups are open.
    const account = { signIn: sign_in.strategy, signUp: sign_up.allow, invite: sign_up.invite.mode };
    // pageLimit: the console offers no page size the lists would refuse (SYSTEM_SAFETY_API.paging).
    return ok({ publicKey: o.keys.publicPem, sign: safety.sign, signKey: safety.sign ? safety.key : null, account, pageLimit: pageLimit(safety.paging) });
  });

  app.post('/api/comm/sign-in', { config: { rule: { name: 'sign-in', group: 'comm', type: 'common' } } }, async (request) => {
    // SIGN_IN_UP strict: phone or email with a code only.
    if ((await o.config.get('SIGN_IN_UP')).sign_in.strategy === 'strict') throw new AppError(403, 'errors.password_sign_in_off');
    const body = (request.body ?? {}) as Record<string, unknown>;
    const account = o.keys.open(body.account);
    const password = o.keys.open(body.password);
    if (typeof account !== 'string' || !account.trim()) throw badRequest('errors.invalid_field', { field: 'account', message: 'validation.required' });
    if (typeof password !== 'string' || !password) throw badRequest('errors.invalid_field', { field: 'password', message: 'validation.required' });
    // Longer than any account or password can be: no lookup, no hashing of a megabyte.
    if (account.length > 64 || password.length > 256) throw new AppError(400, 'errors.sign_in_failed');
    await throttle.admit(account, request.ip);
    const user = await o.db.kysely.selectFrom('users').select(['id', 'password', 'status', 'mfa'])
      .where('account', '=', identityValue(users.fields.account, account.trim())).where('deleteTime', '=', 0).executeTakeFirst();
    const right = user ? await verifyPassword(user.password, password) : await burnPasswordCheck(password);
    if (!user || !right) {
      await throttle.failed(account, request.ip);
      throw new AppError(400, 'errors.sign_in_failed');
    }
    await throttle.succeeded(account, request.ip);
    if (user.status === 'banned') throw new AppError(403, 'errors.user_banned');
    return afterPassword(app, o, request, user);
  });

  app.post('/api/comm/check-token', { config: { rule: { name: 'check-token', group: 'comm', type: 'login' } } }, async (request) => {
    const user = await publicUser(o.db, request.caller.user!.id);
    // A group began to require 2FA after this session started: the console sends its holder to enrol.
    const mfaRequired = user.mfa !== 1 && await groupRequiresMfa(o, user.id);
    return ok({ user, mfaRequired });
  });

  app.delete('/api/comm/sign-out', { config: rule('sign-out', 'login') }, async (request) => {
    const { jti, tokenExp } = request.caller;
    if (jti && tokenExp) await o.tokens.revoke({ jti, exp: tokenExp });
    return ok({}, 'messages.signed_out');
  });

  await codeRoutes(app, o);
  await mfaRoutes(app, o);
}
