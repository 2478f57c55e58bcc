/**
 * `POST /api/invite/generate {count, expireTime?, remark?}` (issue 11 item
 * 17): invitation codes of the length and format SIGN_IN_UP sets, each
 * created through the engine like a code typed in the console (validation,
 * owner, log row), so nothing here writes around the one write path.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { MAX_INVITE_BATCH, generateInviteCode, isInviteBatch } from '../../schema/invite-codes';
import type { Resource } from '../../schema/define';
import type { Engine } from '../engine/store';
import { AppError, created } from '../http';
import { invalid } from '../engine/params';
import * as writes from '../engine/writes';
import type { ConfigRows } from '../services/config-rows';

export interface InviteRouteOptions {
  engine: Engine;
  config: ConfigRows;
  writeContext(request: FastifyRequest): writes.WriteContext;
}

/** A generated code that collides with a stored one is drawn again, this many times at most. */
const DRAWS = 5;

/** Registered by the engine's plugin, which owns the engine it writes through. */
export const inviteRoutes: FastifyPluginAsync<InviteRouteOptions> = async (app, o) => {
  const invite = o.engine.resources.get('invite') as Resource | undefined;
  if (!invite) return;
  app.post('/api/invite/generate', { config: { rule: { name: 'generate', group: 'invite', type: 'default', scene: 'create' } } }, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const count = body.count;
    if (!isInviteBatch(count)) invalid([{ field: 'count', message: 'validation.between', params: { min: 1, max: MAX_INVITE_BATCH } }]);
    const extra = Object.fromEntries(Object.entries(body).filter(([k]) => k === 'expireTime' || k === 'remark'));
    const { length, format } = (await o.config.get('SIGN_IN_UP')).sign_up.invite;
    const codes: string[] = [];
    for (let i = 0; i < count; i++) {
      for (let draw = 1; ; draw++) {
        try {
          const row = await writes.create(o.engine, invite, o.writeContext(request), { ...extra, code: generateInviteCode(length, format) });
          codes.push(String(row.code));
          break;
        } catch (error) {
          const taken = error instanceof AppError && error.key === 'errors.conflict';
          if (!taken || draw >= DRAWS) throw error;
        }
      }
    }
    reply.code(201);
    return created({ codes }, 'messages.invites_generated');
  });
};
