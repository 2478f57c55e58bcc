/**
 * A merchant's own callback secret: `POST /api/callbacks/secret` makes it on
 * first need, or rolls it (the one before keeps signing beside the new one
 * for 24 hours), and is the only answer that ever holds it;
 * `POST /api/callbacks/secret/end-overlap` stops the previous one at once.
 * Any signed-in user manages his own (the secret signs his orders'
 * callbacks); a caller who came with an API key may not, as with keys.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { generateWebhookSecret } from '../../schema/settings';
import { AppError, created, ok } from '../http';
import { onlyKeys } from '../engine/params';
import type { WriteContext } from '../engine/writes';
import { type Clock } from './transitions';
import { retryLostRaces } from '../db/races';

export interface CallbackSecretRouteOptions {
  db: Kysely<any>;
  clock: Clock;
  uniqueViolation(error: unknown): string | undefined;
  writeContext(request: FastifyRequest): WriteContext;
}

/** How long a rolled secret keeps signing beside the new one, so the merchant can switch without missing a callback. */
export const OVERLAP_SECONDS = 24 * 3600;
const PREFIX_LENGTH = 12;

function signedIn(request: FastifyRequest): number {
  if (request.caller.apiKeyId) throw new AppError(403, 'errors.api_key_needs_sign_in');
  return request.caller.user!.id;
}

export async function callbackSecretRoutes(app: FastifyInstance, o: CallbackSecretRouteOptions) {
  const rule = (name: string) => ({ rule: { name, group: 'callback-secrets', type: 'login' as const, scene: 'update' } });

  // Stryker disable all: two first requests racing, which SQLite (where mutants run) never lets happen: it runs one transaction at a time
  /** Two first requests at once on MariaDB: the other made it; this one answers 409, and sent again it rolls it. */
  const busyOnRace = (error: unknown): never => {
    if (o.uniqueViolation(error)) throw new AppError(409, 'errors.order_busy');
    throw error;
  };
  // Stryker restore all

  app.post('/api/callbacks/secret', { config: rule('roll') }, async (request, reply) => {
    // No field at all: the secret is always made here.
    onlyKeys(request.body);
    const merchant = signedIn(request);
    const secret = generateWebhookSecret();
    const now = o.clock();
    const ctx = o.writeContext(request);
    const saved = await retryLostRaces(() => o.db.transaction().execute(async (trx) => {
      const current = await trx.selectFrom('callback_secrets').select(['id', 'secret']).where('merchant', '=', merchant).executeTakeFirst();
      const previousUntil = current ? now + OVERLAP_SECONDS : 0;
      // Stryker disable next-line StringLiteral: equivalent; with no secret before, previousUntil is 0, so whatever stands as the previous one never signs
      const values = { secret, prefix: secret.slice(0, PREFIX_LENGTH), previous: current?.secret ?? '', previousUntil, updateTime: now };
      let id = current?.id as number | undefined;
      if (current) {
        await trx.updateTable('callback_secrets').set(values).where('id', '=', current.id).execute();
      } else {
        const inserted = await trx.insertInto('callback_secrets').values({ ...values, merchant, uid: merchant, createTime: now }).executeTakeFirstOrThrow();
        id = Number(inserted.insertId);
      }
      await ctx.audit(trx, { bindId: id });
      return { previousUntil, rolled: Boolean(current) };
    }).catch(busyOnRace));
    reply.code(201);
    return created({ secret, prefix: secret.slice(0, PREFIX_LENGTH), previousUntil: saved.previousUntil }, saved.rolled ? 'messages.secret_rolled' : 'messages.secret_created');
  });

  app.post('/api/callbacks/secret/end-overlap', { config: rule('end-overlap') }, async (request) => {
    onlyKeys(request.body);
    const merchant = signedIn(request);
    const now = o.clock();
    const ctx = o.writeContext(request);
    await o.db.transaction().execute(async (trx) => {
      // Stryker disable next-line StringLiteral: equivalent; with previousUntil 0 whatever stands as the previous secret never signs
      await trx.updateTable('callback_secrets').set({ previous: '', previousUntil: 0, updateTime: now }).where('merchant', '=', merchant).execute();
      await ctx.audit(trx, {});
    });
    return ok({ previousUntil: 0 }, 'messages.secret_overlap_ended');
  });
}
