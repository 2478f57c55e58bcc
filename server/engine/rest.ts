/**
 * The simple-rest dialect of every resource, beside its generic routes:
 * `GET /api/rest/<table>` (react-admin's sort, range, filter or Refine's _sort,
 * _start, field filters; the total in Content-Range and X-Total-Count),
 * `GET|PUT|PATCH|DELETE /api/rest/<table>/<id>` and `POST /api/rest/<table>`,
 * answering plain rows and errors as `{message, errors}`, which is what
 * ra-data-simple-rest and Refine's simple-rest read. Every call goes through
 * the engine's own reads and writes, so rules, scope, validation, ceiling,
 * operation log and caches are the generic routes' own.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { isWritable, type Resource } from '../../schema/define';
import { isServerFilled } from '../../schema/field-types';
import { restRules, type RestName } from '../../schema/rest';
import { AppError, notFound } from '../http';
import { t } from '../i18n';
import { conditionalRead } from './etag';
import { fieldOf, invalid, onlyKeys, parseId } from './params';
import { present, presentOne } from './present';
import * as reads from './reads';
import { restListQuery } from './rest-query';
import type { EngineRouteOptions } from './routes';
import type { Engine } from './store';
import * as writes from './writes';

type Row = Record<string, unknown>;
type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

const query = (request: FastifyRequest) => (request.query ?? {}) as Row;
const idOf = (request: FastifyRequest) => parseId((request.params as { id?: string }).id);

/** The row as the caller may see it now (null when it is not there or not his). */
async function visible(e: Engine, r: Resource, request: FastifyRequest, id: number): Promise<Row | null> {
  return presentOne(e, r, (await reads.take(e, r, request.caller, { id })) as Row | null, request.lang);
}

/**
 * A react-admin form sends the whole record back: its id, its times, its
 * read-only and presented fields. What the server fills on every write (the
 * times, the owner) is dropped, however stale the form's copy; a read-only
 * field is dropped when the caller left it as it is, and one he changed stays,
 * for the engine to refuse by name.
 */
function changesOf(r: Resource, body: unknown, id: number, current: Row | null): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const { id: given, ...rest } = body as Row;
  if (given !== undefined && given !== null && String(given) !== String(id)) invalid([{ field: 'id', message: 'validation.rest_id', params: { id } }]);
  // A row the caller cannot see is refused by the write for what it is (404, or 403 for another's), not for its echo.
  const echoed = (key: string, value: unknown) =>
    current === null || (Object.hasOwn(current, key) && JSON.stringify(current[key]) === JSON.stringify(value));
  return Object.fromEntries(Object.entries(rest).filter(([key, value]) => {
    const f = fieldOf(r, key);
    if (f && isServerFilled(f)) return false;
    return (f && isWritable(f)) || !echoed(key, value);
  }));
}

function handlers(r: Resource, o: EngineRouteOptions): Record<RestName, Handler> {
  const e = o.engine;
  const ctx = (request: FastifyRequest) => o.writeContext(request);
  const update: Handler = async (request) => {
    onlyKeys(query(request));
    const id = idOf(request);
    const body = changesOf(r, request.body, id, await visible(e, r, request, id));
    const row = await writes.update(e, r, ctx(request), typeof body === 'object' && body !== null ? { ...body, id } : body);
    return presentOne(e, r, row as Row, request.lang);
  };
  return {
    'rest-list': async (request, reply) => {
      const list = restListQuery(r, query(request), e.maxLimit());
      return conditionalRead(e, r, request, reply, async () => {
        const page = list.none ? { total: 0, page: 1, limit: 1, rows: [] } : await reads.rows(e, r, request.caller, list.rows, list.window);
        const start = list.window?.offset ?? (page.page - 1) * page.limit;
        const rows = await present(e, r, page.rows, request.lang);
        const range = rows.length ? `${start}-${start + rows.length - 1}` : '*';
        // Exposed so a browser on another origin may read it, when a proxy in front answers for CORS.
        // Both clients' totals: Content-Range (react-admin) and X-Total-Count (Refine, json-server).
        reply.header('content-range', `${r.name} ${range}/${page.total}`).header('x-total-count', String(page.total))
          .header('access-control-expose-headers', 'Content-Range, X-Total-Count');
        return rows;
      });
    },
    'rest-one': async (request, reply) => {
      onlyKeys(query(request));
      const id = idOf(request);
      return conditionalRead(e, r, request, reply, async () => {
        const row = await visible(e, r, request, id);
        if (!row) throw notFound();
        return row;
      });
    },
    'rest-create': async (request, reply) => {
      onlyKeys(query(request));
      const row = await writes.create(e, r, ctx(request), request.body);
      reply.code(201);
      return presentOne(e, r, row as Row, request.lang);
    },
    'rest-update': update,
    // A partial record (Refine's update) is what `changesOf` makes of a whole one: the same write.
    'rest-patch': update,
    'rest-delete': async (request) => {
      onlyKeys(query(request));
      const id = idOf(request);
      const before = await visible(e, r, request, id);
      await writes.batch(e, r, ctx(request), r.softDelete ? 'remove' : 'delete', [id]);
      // The row as it now lies in the recycle bin, or as it was before it was gone for good.
      return (r.softDelete && (await visible(e, r, request, id))) || before || { id };
    },
  };
}

/** `{message}` in the caller's language, field errors as `{field: message}`: what react-admin's forms show beside each input. */
function restError(request: FastifyRequest, error: Error, message: string): Row {
  if (!(error instanceof AppError)) return { message };
  const issues = (error.data as { errors?: Array<{ field: string; message: string; params?: Row }> } | null)?.errors;
  if (!Array.isArray(issues) || !issues.length) return { message };
  const group = request.routeOptions.config?.rule?.group;
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const params = issue.params ?? (issues.length === 1 ? error.params : {});
    errors[issue.field] ??= t(request.lang, issue.message, params, group);
  }
  return { message, errors };
}

/** The dialect's routes of `resources`, under `/api/rest` (register with that prefix). */
export const restRoutes: FastifyPluginAsync<{ resources: Iterable<Resource>; options: EngineRouteOptions }> = async (app, { resources, options }) => {
  app.setErrorHandler(async (error: Error & { statusCode?: number }, request, reply) => {
    const env = app.errorEnvelope(error, request);
    reply.outcome = { code: env.code, msg: env.msg };
    return reply.code(env.code).type('application/json').send(JSON.stringify(restError(request, error, env.msg)));
  });
  app.setNotFoundHandler(async (request) => {
    throw new AppError(404, 'errors.route_not_found', { method: request.method, url: request.url.split('?')[0] });
  });
  for (const r of resources) {
    const generic = handlers(r, options);
    for (const rule of restRules(r)) {
      app.route({
        method: rule.method as HTTPMethods,
        url: `/${r.name}${rule.one ? '/:id' : ''}`,
        config: {
          rule: { name: rule.name, group: rule.group, type: rule.type, scene: rule.mirrors },
          // As on the generic create: a retry with the same Idempotency-Key gets the first answer, not a second row.
          ...(rule.name === 'rest-create' && { idempotent: true as const }),
        },
        handler: generic[rule.name as RestName],
      });
    }
  }
};
