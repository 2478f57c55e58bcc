/**
 * Managing one's own API keys (issue 13 item 5): create (the key is in this
 * one answer and nowhere else, ever) and revoke. Lists and delete are the
 * generic `api-keys` routes, scoped to the caller's own keys. A caller who came
 * with an API key may not make or revoke keys: that needs a real sign-in.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { apiKeys } from '../../schema';
import type { Resource } from '../../schema/define';
import { newApiKey } from '../auth/api-keys';
import { AppError, created, forbidden, notFound, ok } from '../http';
import { invalid, onlyKeys, parseId, parseValues } from '../engine/params';
import type { WriteContext } from '../engine/writes';
import type { Clock } from './transitions';
import type { Kysely } from 'kysely';

export interface ApiKeyRouteOptions {
  db: Kysely<any>;
  clock: Clock;
  writeContext(request: FastifyRequest): WriteContext;
}

const resource = apiKeys as unknown as Resource;

function signedIn(request: FastifyRequest) {
  if (request.caller.apiKeyId) throw new AppError(403, 'errors.api_key_needs_sign_in');
}

export async function apiKeyRoutes(app: FastifyInstance, o: ApiKeyRouteOptions) {
  const rule = (name: string) => ({ rule: { name, group: 'api-keys', type: 'login' as const } });

  app.post('/api/api-keys/create', { config: rule('create') }, async (request, reply) => {
    signedIn(request);
    // A key acts with its owner's groups and no second factor: whose group requires one must set it up first.
    if (request.caller.mfaMissing) throw new AppError(403, 'errors.mfa_required');
    const values = parseValues(resource, request.body, false);
    const now = o.clock();
    const expireTime = Number(values.expireTime ?? 0);
    if (expireTime && expireTime <= now) invalid([{ field: 'expireTime', message: 'validation.expire_past' }]);
    const { key, hash, prefix } = newApiKey();
    const ctx = o.writeContext(request);
    const id = await o.db.transaction().execute(async (trx) => {
      const result = await trx.insertInto('api_keys').values({
        name: values.name, prefix, hash, expireTime, lastUsedTime: 0, revokedTime: 0,
        uid: request.caller.user!.id, createTime: now, updateTime: now,
      }).executeTakeFirstOrThrow();
      const id = Number(result.insertId);
      await ctx.audit(trx, { bindId: id });
      return id;
    });
    reply.code(201);
    return created({ id, name: values.name, prefix, expireTime, createTime: now, key }, 'messages.api_key_created');
  });

  app.put('/api/api-keys/revoke', { config: rule('revoke') }, async (request) => {
    signedIn(request);
    onlyKeys(request.body, ['id']);
    const id = parseId((request.body as { id?: unknown } | undefined)?.id);
    const row = await o.db.selectFrom('api_keys').select(['id', 'uid', 'revokedTime']).where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound();
    if (request.caller.scopeUid !== null && row.uid !== request.caller.scopeUid) throw forbidden('errors.scope');
    const now = o.clock();
    const ctx = o.writeContext(request);
    await o.db.transaction().execute(async (trx) => {
      if (!row.revokedTime) await trx.updateTable('api_keys').set({ revokedTime: now, updateTime: now }).where('id', '=', id).execute();
      await ctx.audit(trx, { bindId: id });
    });
    return ok({ id, revokedTime: row.revokedTime || now }, 'messages.api_key_revoked');
  });
}
