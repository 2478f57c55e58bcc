/**
 * The blocks of anonymous abuse (server/services/rate-blocks.ts) as an
 * operator meets them: `GET /api/rate-limits/blocked` lists who is blocked,
 * since and until when; `DELETE /api/rate-limits/unblock {client}` lifts one.
 * Both are logged like every call; `npm run unblock <client>` does the same
 * from a shell.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError, ok } from '../http';
import { invalidInput } from '../services/settings/field-errors';

const rule = (name: string, scene: string) => ({ rule: { name, group: 'rate-limits', type: 'default' as const, scene } });
const unblockForm = z.strictObject({ client: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(64, { error: 'validation.max_length' }) });

export async function rateLimitRoutes(app: FastifyInstance) {
  app.get('/api/rate-limits/blocked', { config: rule('blocked', 'rows') }, async () => ok(await app.rateBlocks.list()));

  app.delete('/api/rate-limits/unblock', { config: rule('unblock', 'delete') }, async (request) => {
    const parsed = unblockForm.safeParse(request.body ?? {});
    if (!parsed.success) throw invalidInput(parsed.error);
    if (!(await app.rateBlocks.lift(parsed.data.client))) throw new AppError(404, 'errors.not_blocked', { client: parsed.data.client });
    return ok({ client: parsed.data.client }, 'messages.unblocked');
  });
}
