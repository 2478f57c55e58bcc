/**
 * Generates `/api/<table>/<action>` for every resource from its schema:
 * the generic actions it enables and the extras it declares, each with its
 * permission rule in `config.rule` (read by the one permission hook).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { Resource } from '../../schema/define';
import type { Action } from '../../schema/rules';
import { created, ok, type Envelope } from '../http';
import { t } from '../i18n';
import { exportCsv } from './export';
import { onlyKeys } from './params';
import * as reads from './reads';
import type { Engine } from './store';
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

function handlers(r: Resource, o: EngineRouteOptions): Record<Action, Handler> {
  const e = o.engine;
  return {
    take: async (request) => {
      const q = query(request);
      const spec = r.publicTake;
      const value = spec && q[spec.by];
      // The payer's view: by the public field, whitelisted fields only (config: only the listed keys).
      if (spec && value !== undefined && (!spec.only || spec.only.includes(String(value)))) {
        onlyKeys(q, [spec.by]);
        return ok(await reads.publicTake(e, r, value));
      }
      // The rule of a public-take table is public; any other take (by id, a non-public key) still needs the grant.
      if (r.actions.take === 'common' && spec) await o.authorize(request, { method: 'GET', route: `api/${r.name}/take` });
      return ok(await reads.take(e, r, request.caller, q));
    },
    find: async (request) => ok(await reads.find(e, r, request.caller, query(request))),
    rows: async (request) => ok(await reads.rows(e, r, request.caller, query(request))),
    rand: async (request) => ok(await reads.rand(e, r, request.caller, query(request))),
    export: async (request, reply) => {
      const stream = exportCsv(e, r, request.caller, query(request), (field) => t(request.lang, `resources.${r.name}.fields.${field}`));
      const name = `${r.name}-${new Date().toISOString().slice(0, 10)}.csv`;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .send(stream);
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

export async function engineRoutes(app: FastifyInstance, o: EngineRouteOptions) {
  for (const r of o.engine.resources.values()) {
    const generic = handlers(r, o);
    // The rules the schema derived (defineResource) are the routes: one list, no second derivation.
    for (const rule of r.rules) {
      const x = r.extras[rule.name];
      const handler: Handler = x
        ? async (request) => ok(await reads.extra(o.engine, r, request.caller, x, query(request)))
        : generic[rule.name as Action];
      app.route({
        method: rule.method as HTTPMethods,
        url: `/${rule.route}`,
        config: { rule: { name: rule.name, group: rule.group, type: rule.type, ...(x && { scene: 'find' }) } },
        handler,
      });
    }
  }
}
