/**
 * `GET /api/dashboard/figures?zone=&from=&to=`: the console's first screen.
 * Its own rule (group `dashboard`), scoped like the orders: a caller whose
 * granting groups do not manage others' data sees his own orders' figures.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { ok } from '../http';
import { readAttention } from './attention';
import { readFigures } from './figures';
import { parsePeriod, PERIOD_PARAMS } from './period';

export async function dashboardRoutes(app: FastifyInstance, o: { db: Kysely<any> }) {
  app.get('/api/dashboard/figures', { config: { rule: { name: 'figures', group: 'dashboard', type: 'default', query: PERIOD_PARAMS } } }, async (request) => {
    const period = parsePeriod(request.query);
    const scope = request.caller.scopeUid;
    const [figures, attention] = await Promise.all([readFigures(o.db, period, scope), readAttention(o.db, scope)]);
    return ok({ zone: period.zone, from: period.from, to: period.to, ...figures, attention });
  });
}
