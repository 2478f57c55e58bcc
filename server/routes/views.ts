/**
 * Saved views (schema/resources/views.ts) beyond what the generic engine does
 * for them: the groups a user may share a view with, and the check that a
 * view belongs to a list that exists and holds only filters and a sort that
 * list accepts, so applying it never meets a 400 the saving did not.
 */
import type { FastifyInstance } from 'fastify';
import type { Resource } from '../../schema/define';
import type { ViewState } from '../../schema/resources/views';
import { invalid, parseListQuery } from '../engine/params';
import type { WriteGuard } from '../engine/store';
import { AppError, ok } from '../http';

/** Refuses a view whose list is unknown or whose filters or sort that list would refuse. */
export function viewsGuard(resources: readonly Resource[]): WriteGuard {
  const lists = new Map(resources.filter((r) => r.actions.rows).map((r) => [r.name, r]));
  return async (_trx, r, changes) => {
    if (r.name !== 'views') return;
    for (const { after } of changes) {
      if (!after) continue;
      const list = lists.get(String(after.resource));
      if (!list || list.name === 'views') invalid([{ field: 'resource', message: 'validation.view_list', params: { name: String(after.resource) } }]);
      const state = after.state as ViewState;
      try {
        parseListQuery(list, { ...state.filter, order: `${state.sort.field} ${state.sort.order.toLowerCase()}` }, { defaultLimit: 10, maxLimit: 1000 });
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== 400) throw error;
        const name = (error.data as { errors?: Array<{ field: string }> } | null)?.errors?.[0]?.field ?? '';
        invalid([{ field: 'state', message: 'validation.view_state_param', params: { name } }]);
      }
    }
  };
}

/** `GET /api/views/groups`: the caller's own live groups, the only ones he may share a view with. */
export async function viewsRoutes(app: FastifyInstance) {
  app.get('/api/views/groups', { config: { rule: { name: 'groups', group: 'views', type: 'login', scene: 'find' } } }, async (request) => {
    const ids = request.caller.groups;
    const rows = ids.length
      ? await app.db.any.selectFrom('auth_group').select(['id', 'name']).where('id', 'in', [...ids]).where('deleteTime', '=', 0).orderBy('serial').orderBy('id').execute()
      : [];
    return ok(rows.map((g) => ({ id: Number(g.id), name: String(g.name) })));
  });
}
