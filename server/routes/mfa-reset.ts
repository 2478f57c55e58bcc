/**
 * `users/mfa-reset`: a super-admin turns off a user's two-factor sign-in (a
 * lost phone and lost recovery codes). The key and the recovery codes are
 * wiped, the user's sessions end (whoever holds one got it with the factor now
 * gone), and the log row is written with the change, in one transaction.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { mfaResetCeiling } from '../auth/ceiling';
import { invalid, zodIssues } from '../engine/params';
import { AppError, notFound, ok } from '../http';

const body = z.strictObject({
  id: z.number({ error: 'validation.invalid_id' }).int({ error: 'validation.invalid_id' }).positive({ error: 'validation.invalid_id' }),
});

export async function mfaResetRoutes(app: FastifyInstance) {
  app.post('/api/users/mfa-reset', { config: { rule: { name: 'mfa-reset', group: 'users', type: 'default', scene: 'update' } } }, async (request) => {
    const parsed = body.safeParse(request.body ?? {});
    if (!parsed.success) invalid(zodIssues(parsed.error));
    const { id } = parsed.data!;
    await app.db.kysely.transaction().execute(async (trx) => {
      const user = await trx.selectFrom('users').select(['id', 'mfa']).where('id', '=', id).where('deleteTime', '=', 0).executeTakeFirst();
      if (!user) throw notFound();
      await mfaResetCeiling(trx, request.caller);
      if (user.mfa !== 1) throw new AppError(409, 'errors.mfa_not_on');
      await trx.updateTable('users').set({ mfa: 0, mfaSecret: '', mfaRecovery: '' }).where('id', '=', id).execute();
      await app.opLog.audit(request, trx, { bindId: id });
    });
    await app.tokens.revokeAll(id);
    return ok({ id }, 'messages.mfa_reset');
  });
}
