/**
 * Generates `/api/<table>/<action>` for every resource from its schema:
 * the generic actions it enables and the extras it declares, each with its
 * permission rule in `config.rule` (read by the one permission hook).
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { Resource } from '../../schema/define';
import { pageLimit } from '../../schema/options';
import type { Action } from '../../schema/rules';
import { ceiling } from '../auth/ceiling';
import { sessionsEndedBy } from '../auth/tokens';
import { created, ok, type Envelope } from '../http';
import { conditionalRead } from './etag';
import { exportRows } from './export';
import { downloadHeaders } from './export-sheets';
import { exportView } from './export-view';
import { inviteRoutes } from '../routes/invite';
import { bulkEditRoutes } from './bulk-edit';
import { importRoutes } from './import/routes';
import { onlyKeys, refuse } from './params';
import { present, presentOne } from './present';
import * as reads from './reads';
import { restRoutes } from './rest';
import type { Engine, WriteGuard } from './store';
import * as writes from './writes';
import type { WriteContext } from './writes';

export interface EngineRouteOptions {
  engine: Engine;
  /** The write context of a request (its caller and its in-transaction log row). */
  writeContext(request: FastifyRequest): WriteContext;
  /** Re-checks a `default` rule for calls that a public rule let in (take by id on a public-take table). */
  authorize(request: FastifyRequest, rule: { method: string; route: string }): Promise<void>;
}

type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<Envelope | unknown>;

const query = (request: FastifyRequest) => (request.query ?? {}) as Record<string, unknown>;
/** DELETE may carry `ids` in the query or the body. */
const idsOf = (request: FastifyRequest) => (request.body as Record<string, unknown> | undefined)?.ids ?? query(request).ids;

/** A take's query with the public field's alias (config's `no`) under the field's own name; both at once are refused. */
function byName(r: Resource, q: Record<string, unknown>): Record<string, unknown> {
  const alias = r.publicTake?.alias;
  if (!alias || q[alias] === undefined) return q;
  const { [alias]: value, ...rest } = q;
  if (rest[r.publicTake!.by] !== undefined) refuse(alias, 'errors.unknown_param', { param: alias });
  return { ...rest, [r.publicTake!.by]: value };
}

/** The bulk writes have their own modules (import/, bulk-edit.ts). */
type SingleAction = Exclude<Action, 'import' | 'update-many'>;

function handlers(r: Resource, o: EngineRouteOptions): Record<SingleAction, Handler> {
  const e = o.engine;
  return {
    take: async (request, reply) => {
      const q = byName(r, query(request));
      const spec = r.publicTake;
      const value = spec && q[spec.by];
      // The payer's view: by the public field, whitelisted fields only (config: only the listed keys).
      if (spec && value !== undefined && (!spec.only || spec.only.includes(String(value)))) {
        onlyKeys(q, [spec.by]);
        return conditionalRead(e, r, request, reply, async () => ok(await reads.publicTake(e, r, value)));
      }
      // The rule of a public-take table is public; any other take (by id, a non-public key) still needs the grant.
      if (r.actions.take === 'common' && spec) await o.authorize(request, { method: 'GET', route: `api/${r.name}/take` });
      return conditionalRead(e, r, request, reply, async () => ok(await presentOne(e, r, await reads.take(e, r, request.caller, q), request.lang)));
    },
    // Cached reads carry an ETag and answer 304 to a caller who holds the current one (etag.ts).
    find: (request, reply) => conditionalRead(e, r, request, reply, async () => ok(await present(e, r, await reads.find(e, r, request.caller, query(request)), request.lang))),
    rows: (request, reply) => conditionalRead(e, r, request, reply, async () => {
      const page = await reads.rows(e, r, request.caller, query(request));
      return ok({ ...page, rows: await present(e, r, page.rows, request.lang) });
    }),
    rand: async (request) => ok(await reads.rand(e, r, request.caller, query(request))),
    export: async (request, reply) => {
      const { view, listQuery } = exportView(r, request.lang, query(request));
      const stream = exportRows(e, r, request.caller, listQuery, view);
      return reply.headers(downloadHeaders(view.format, `${r.name}-${new Date().toISOString().slice(0, 10)}`)).send(stream);
    },
    create: async (request, reply) => {
      const row = await writes.create(e, r, o.writeContext(request), request.body);
      reply.code(201);
      return created(row);
    },
    save: async (request) => ok(await writes.save(e, r, o.writeContext(request), request.body), 'messages.updated'),
    update: async (request) => ok(await writes.update(e, r, o.writeContext(request), request.body), 'messages.updated'),
    sort: async (request) => ok(await writes.sort(e, r, o.writeContext(request), request.body), 'messages.sorted'),
    restore: async (request) => {
      onlyKeys(request.body, ['ids']);
      return ok(await writes.batch(e, r, o.writeContext(request), 'restore', idsOf(request)), 'messages.restored');
    },
    remove: async (request) => {
      onlyKeys(request.body, ['ids']);
      return ok(await writes.batch(e, r, o.writeContext(request), 'remove', idsOf(request)), 'messages.removed');
    },
    delete: async (request) => {
      onlyKeys(request.body, ['ids']);
      return ok(await writes.batch(e, r, o.writeContext(request), 'delete', idsOf(request)), 'messages.deleted');
    },
    clear: async (request) => ok(await writes.clear(e, r, o.writeContext(request)), 'messages.cleared'),
  };
}

/** The generic routes of `resources`, as an encapsulated plugin over the app's database, cache, guard and log. */
export const engineRoutes: FastifyPluginAsync<{ resources: readonly Resource[]; guards: readonly WriteGuard[]; settlers?: readonly WriteGuard[] }> = async (app, { resources, guards, settlers = [] }) => {
  const config = app.configRows;
  const engine: Engine = {
    db: app.db,
    resources: new Map(resources.map((r) => [r.name, r])),
    cache: app.cache.tables,
    maxLimit: () => pageLimit(config.peek('SYSTEM_SAFETY_API').paging),
    clock: app.clock,
    beforeWrite: async (trx, r, caller, changes) => {
      await ceiling(trx, r, caller, changes);
      for (const guard of guards) await guard(trx, r, changes);
      const ended = sessionsEndedBy(r.table, changes);
      // After the commit, so a write that rolls back ends nobody's session.
      return ended.length ? async () => { for (const uid of ended) await app.tokens.revokeAll(uid); } : undefined;
    },
    afterWrites: async (trx, r, changes) => {
      for (const settle of settlers) await settle(trx, r, changes);
    },
  };
  const o: EngineRouteOptions = {
    engine,
    writeContext: (request) => ({ caller: request.caller, audit: (trx, info) => app.opLog.audit(request, trx, info) }),
    authorize: (request, rule) => app.guard.authorize(request, rule),
  };
  for (const r of engine.resources.values()) {
    const generic = handlers(r, o);
    // The rules the schema derived (defineResource) are the routes: one list, no second derivation.
    for (const rule of r.rules) {
      if (rule.name === 'import' || rule.name === 'update-many') continue;
      const x = r.extras[rule.name];
      // Extras that read through the table's cache (select, group) have its ETag too.
      const cachedExtra = x && (x.kind === 'select' || x.kind === 'group');
      const extra = async (request: FastifyRequest) => ok(await reads.extra(engine, r, request.caller, x!, query(request)));
      const handler: Handler = !x ? generic[rule.name as SingleAction]
        : cachedExtra ? (request, reply) => conditionalRead(engine, r, request, reply, () => extra(request))
        : extra;
      app.route({
        method: rule.method as HTTPMethods,
        url: `/${rule.route}`,
        config: {
          rule: { name: rule.name, group: rule.group, type: rule.type, ...(x && { scene: 'find' }) },
          // A creating call may carry an Idempotency-Key: a retry after a timeout gets the first answer, not a second row.
          ...((rule.name === 'create' || rule.name === 'save') && { idempotent: true as const }),
        },
        handler,
      });
    }
  }
  // The simple-rest dialect of the same resources, through the same engine.
  await app.register(restRoutes, { prefix: '/api/rest', resources: engine.resources.values(), options: o });
  // The bulk writes: an import (multipart, in its own plugin) and a bulk edit.
  const history = () => app.settings.get('history').import;
  await app.register(importRoutes, { resources: engine.resources.values(), options: o, limits: () => ({ maxBytes: history().max_mb * 1024 * 1024, maxRows: history().max_rows }) });
  await app.register(bulkEditRoutes, { resources: engine.resources.values(), options: o });
  // Hand-written routes that write through the engine.
  await app.register(inviteRoutes, { engine, config, writeContext: o.writeContext });
};
