/**
 * `PUT /api/<table>/update-many {ids | filter, data}`: the same patch on
 * many rows ("Edit selected", or every row matching the list's filter).
 * Only the fields the schema lists in `bulk` may be sent (never a unique
 * one). An own-rows caller who names another owner's row is refused whole
 * (403) before anything is written; his filter reaches only his own rows.
 * Each row goes through the write path of `update` (its frozen fields,
 * its owner, its revision); a row that refuses the patch is reported with
 * why and left as it was, the others are changed. Rows go in batches, each
 * one transaction with one operation-log row.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Resource } from '../../schema/define';
import { AppError, ok } from '../http';
import { t } from '../i18n';
import { invalid, onlyKeys, parseIds, parseListQuery, refuse, type FieldIssue } from './params';
import type { EngineRouteOptions } from './routes';
import { applyFilters, inTrash, ownerScope, scoped } from './store';
import { inBatch, ownOnly, updateIn, updateValues } from './writes';

const BATCH = 500;
/** The most rows one bulk edit reaches: past it, the filter is to be narrowed. */
export const BULK_MAX_ROWS = 100_000;

interface Refusal { id: number; field: string; reason: string }

export const bulkEditRoutes: FastifyPluginAsync<{ resources: Iterable<Resource>; options: EngineRouteOptions }> = async (app, { resources, options: o }) => {
  const e = o.engine;

  async function idsOf(r: Resource, request: FastifyRequest, body: Record<string, unknown>): Promise<number[]> {
    if (body.ids !== undefined) {
      const ids = parseIds(body.ids, BULK_MAX_ROWS);
      // Naming another owner's row refuses the whole edit (403) before any row is written, as a batch delete does.
      const owner = r.columns.owner;
      if (owner && ownerScope(r, request.caller) !== null) {
        const shared = r.personal?.sharedWith;
        for (let at = 0; at < ids.length; at += BATCH) {
          const rows = await e.db.any.selectFrom(r.table).select(['id', owner, ...(shared ? [shared] : [])]).where('id', 'in', ids.slice(at, at + BATCH)).execute();
          ownOnly(r, request.caller, rows);
        }
      }
      return ids;
    }
    const filter = body.filter;
    if (!filter || typeof filter !== 'object' || Array.isArray(filter)) refuse('filter', 'errors.bulk_target');
    const q = parseListQuery(r, filter as Record<string, unknown>, { defaultLimit: BULK_MAX_ROWS, maxLimit: BULK_MAX_ROWS });
    const rows = await applyFilters(inTrash(scoped(e.db.any.selectFrom(r.table).select('id'), r, request.caller, 'write'), r, q.onlyTrashed), r, q)
      .orderBy('id').limit(BULK_MAX_ROWS + 1).execute();
    if (rows.length > BULK_MAX_ROWS) throw new AppError(413, 'errors.bulk_too_many', { max: BULK_MAX_ROWS });
    return rows.map((row) => Number(row.id));
  }

  async function handle(r: Resource, request: FastifyRequest) {
    const body = (request.body ?? {}) as Record<string, unknown>;
    onlyKeys(body, ['ids', 'filter', 'data']);
    const data = body.data;
    if (!data || typeof data !== 'object' || Array.isArray(data) || !Object.keys(data).length) refuse('data', 'errors.bulk_data');
    const refused = Object.keys(data).filter((k) => !(r.bulk as readonly string[]).includes(k));
    if (refused.length) invalid(refused.map((k): FieldIssue => ({ field: k, message: 'validation.not_bulk' })));
    const values = await updateValues(r, data);
    const ids = await idsOf(r, request, body);
    const ctx = { caller: request.caller, audit: async () => {} };
    const audit = o.writeContext(request).audit;
    let changed = 0;
    let unchanged = 0;
    const refusals: Refusal[] = [];
    for (let at = 0; at < ids.length; at += BATCH) {
      const batch = ids.slice(at, at + BATCH);
      await inBatch(e, r, ctx, async (trx) => {
        for (const id of batch) {
          try {
            if (await updateIn(e, trx, r, ctx, id, { ...values }, true)) changed++;
            else unchanged++;
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
            const field = String(error.params.field ?? '');
            refusals.push({ id, field, reason: t(request.lang, error.key, error.params, r.name) });
          }
        }
        await audit(trx, { bindId: batch.length === 1 ? batch[0] : undefined });
      });
    }
    return ok({ matched: ids.length, changed, unchanged, refused: refusals.slice(0, 1000), refusedCount: refusals.length }, 'messages.updated');
  }

  for (const r of resources) {
    const rule = r.rules.find((x) => x.name === 'update-many');
    if (!rule) continue;
    app.route({
      method: 'PUT',
      url: `/${rule.route}`,
      config: { rule: { name: rule.name, group: rule.group, type: rule.type } },
      handler: (request) => handle(r, request),
    });
  }
};
