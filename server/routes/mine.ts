/** `GET /api/auth-rules/mine`: the caller's usable rules, for the console's menu and buttons. */
import type { FastifyInstance } from 'fastify';
import type { Guard } from '../auth/guard';
import type { RuleBook } from '../auth/rules';
import { ok } from '../http';

export async function mineRoutes(app: FastifyInstance, o: { guard: Guard; rules: RuleBook }) {
  app.get('/api/auth-rules/mine', { config: { rule: { name: 'mine', group: 'auth-rules', type: 'login' } } }, async (request) =>
    ok(await o.guard.mine(request, await o.rules.list())));
}
