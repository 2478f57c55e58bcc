/**
 * Account calls under /api/comm (SPEC §7 "Comm"): the public bootstrap
 * (`init`), password sign-in, token check and sign-out here; the flows that
 * run on verification codes in `comm-codes.ts`. Sign-in answers the same way
 * whether or not the account exists, and spends the same time.
 */
import type { FastifyInstance } from 'fastify';
import { burnPasswordCheck, verifyPassword } from '../auth/passwords';
import { AppError, badRequest, ok } from '../http';
import { codeRoutes } from './comm-codes';
import { publicUser, signInAs, type CommOptions } from './comm-session';

export type { CommOptions };

const rule = (name: string, type: 'common' | 'login') => ({ rule: { name, group: 'comm', type } });

export async function commRoutes(app: FastifyInstance, o: CommOptions) {
  app.get('/api/comm/init', { config: rule('init', 'common') }, async () => {
    const safety = await o.config.get('SYSTEM_SAFETY_API');
    return ok({ publicKey: o.keys.publicPem, sign: safety.sign, signKey: safety.sign ? safety.key : null });
  });

  app.post('/api/comm/sign-in', { config: { rule: { name: 'sign-in', group: 'comm', type: 'common' } } }, async (request) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const account = o.keys.open(body.account);
    const password = o.keys.open(body.password);
    if (typeof account !== 'string' || !account.trim()) throw badRequest('errors.invalid_field', { field: 'account', message: 'validation.required' });
    if (typeof password !== 'string' || !password) throw badRequest('errors.invalid_field', { field: 'password', message: 'validation.required' });
    const user = await o.db.kysely.selectFrom('users').select(['id', 'password', 'status'])
      .where('account', '=', account.trim()).where('deleteTime', '=', 0).executeTakeFirst();
    if (!user) {
      await burnPasswordCheck(password);
      throw new AppError(400, 'errors.sign_in_failed');
    }
    if (!(await verifyPassword(user.password, password))) throw new AppError(400, 'errors.sign_in_failed');
    if (user.status === 'banned') throw new AppError(403, 'errors.user_banned');
    return signInAs(o, request, user.id);
  });

  app.post('/api/comm/check-token', { config: { rule: { name: 'check-token', group: 'comm', type: 'login' } } }, async (request) =>
    ok({ user: await publicUser(o.db, request.caller.user!.id) }));

  app.delete('/api/comm/sign-out', { config: rule('sign-out', 'login') }, async (request) => {
    const { jti, tokenExp } = request.caller;
    if (jti && tokenExp) await o.tokens.revoke({ jti, exp: tokenExp });
    return ok({}, 'messages.signed_out');
  });

  await codeRoutes(app, o);
}
