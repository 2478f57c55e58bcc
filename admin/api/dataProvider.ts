/**
 * react-admin's data provider for our generic table API.
 *
 *   getList(r, {pagination, sort, filter})  GET    /api/r/rows?page&limit&order=<field> <asc|desc>&<filters>
 *   getOne(r, {id})                          GET    /api/r/take?id=        (code 204 -> "does not exist")
 *   getMany(r, {ids})                        GET    /api/r/find?ids=1,2&limit=200
 *   getManyReference(r, {target, id, ...})   GET    /api/r/rows?<target>=<id>&...
 *   create(r, {data})                        POST   /api/r/create {writable fields}
 *   update(r, {id, data})                    PUT    /api/r/update {id, writable fields}
 *   updateMany(r, {ids, data})               PUT    /api/r/update once per id
 *   delete / deleteMany(r, {ids})            DELETE /api/r/remove {ids: "1,2"} (to the recycle bin;
 *                                                   tables without one: /api/r/delete)
 *   restore(r, {ids})                        PUT    /api/r/restore {ids}
 *   destroy(r, {ids})                        DELETE /api/r/delete {ids}  (permanent)
 *   clear(r)                                 DELETE /api/r/clear         (empties the caller's bin)
 *   exportCsv(r, {filter, sort})             GET    /api/r/export?<same as rows> -> file download
 *   sort(r, {id, mode})                      PUT    /api/r/sort {id, mode: up|down}
 *   extra(r, name, query)                    GET    /api/r/<name>?query  (flat, briefly, tree, preset...)
 *
 * Filters are already named as the API names them (`status`, `nickname_like`,
 * `createTime_gte`, `q`, `onlyTrashed`), so they pass through unchanged.
 */
import type { DataProvider, Identifier, SortPayload } from 'react-admin';
import { DEFAULT_PAGE_SIZE } from '../../schema/options';
import { getResource, writablePayload } from '../schema';
import { ApiError, call, download } from './http';
import { dropTable } from './cache';

interface Page<T> {
  total: number;
  page: number;
  limit: number;
  rows: T[];
}

/** react-admin's methods are generic in the record type; rows arrive as untyped JSON. */
type Row = any;

const FIND_LIMIT = 200;
const joinIds = (ids: readonly Identifier[]) => ids.join(',');
const orderOf = (sort?: SortPayload) => (sort?.field ? `${sort.field} ${sort.order.toLowerCase()}` : undefined);

function rowsQuery(params: { pagination?: { page: number; perPage: number }; sort?: SortPayload; filter?: Record<string, unknown> }) {
  return {
    ...params.filter,
    page: params.pagination?.page ?? 1,
    limit: params.pagination?.perPage ?? DEFAULT_PAGE_SIZE,
    order: orderOf(params.sort),
  };
}

/** Tables with a recycle bin send rows there; the others delete for good. */
const removeAction = (resource: string) => (getResource(resource).softDelete ? 'remove' : 'delete');

export interface PaydeskDataProvider extends DataProvider {
  restore(resource: string, params: { ids: Identifier[] }): Promise<{ data: Identifier[] }>;
  destroy(resource: string, params: { ids: Identifier[] }): Promise<{ data: Identifier[] }>;
  clear(resource: string): Promise<{ data: unknown }>;
  /** `dates`: the list's date display, so the file reads like the list (in this browser's time zone). */
  exportCsv(resource: string, params: { filter: Record<string, unknown>; sort?: SortPayload; dates?: string }): Promise<void>;
  sort(resource: string, params: { id: Identifier; mode: 'up' | 'down' }): Promise<{ data: unknown }>;
  extra<T = unknown>(resource: string, name: string, query?: Record<string, unknown>): Promise<{ data: T }>;
}

export const dataProvider: PaydeskDataProvider = {
  async getList(resource, params) {
    const { data } = await call<Page<Row>>('GET', `${resource}/rows`, { query: rowsQuery(params), cache: true });
    return { data: data.rows, total: data.total };
  },

  async getOne(resource, { id }) {
    const envelope = await call<Row>('GET', `${resource}/take`, { query: { id }, cache: true });
    if (envelope.code === 204 || !envelope.data) throw new ApiError('ra.notification.item_doesnt_exist', 404, envelope);
    return { data: envelope.data };
  },

  async getMany(resource, { ids }) {
    if (ids.length === 0) return { data: [] };
    const { data } = await call<Row[]>('GET', `${resource}/find`, { query: { ids: joinIds(ids), limit: FIND_LIMIT }, cache: true });
    return { data: data ?? [] };
  },

  async getManyReference(resource, params) {
    const query = rowsQuery({ ...params, filter: { ...params.filter, [params.target]: params.id } });
    const { data } = await call<Page<Row>>('GET', `${resource}/rows`, { query, cache: true });
    return { data: data.rows, total: data.total };
  },

  async create(resource, { data }) {
    const envelope = await call<Row>('POST', `${resource}/create`, { body: writablePayload(getResource(resource), data) });
    return { data: envelope.data };
  },

  async update(resource, { id, data }) {
    const body = { ...writablePayload(getResource(resource), data), id };
    const envelope = await call<Row>('PUT', `${resource}/update`, { body });
    return { data: envelope.data };
  },

  async updateMany(resource, { ids, data }) {
    const payload = writablePayload(getResource(resource), data);
    for (const id of ids) await call('PUT', `${resource}/update`, { body: { ...payload, id } });
    return { data: ids };
  },

  async delete(resource, { id, previousData }) {
    await call('DELETE', `${resource}/${removeAction(resource)}`, { body: { ids: String(id) } });
    return { data: (previousData ?? { id }) as Row };
  },

  async deleteMany(resource, { ids }) {
    await call('DELETE', `${resource}/${removeAction(resource)}`, { body: { ids: joinIds(ids) } });
    return { data: ids };
  },

  async restore(resource, { ids }) {
    await call('PUT', `${resource}/restore`, { body: { ids: joinIds(ids) } });
    return { data: ids };
  },

  async destroy(resource, { ids }) {
    await call('DELETE', `${resource}/delete`, { body: { ids: joinIds(ids) } });
    return { data: ids };
  },

  async clear(resource) {
    const { data } = await call('DELETE', `${resource}/clear`);
    return { data };
  },

  async exportCsv(resource, { filter, sort, dates }) {
    const tz = Intl.DateTimeFormat().resolvedOptions().timeZone;
    await download(`${resource}/export`, { ...filter, order: orderOf(sort), tz, dates }, `${resource}.csv`);
  },

  async sort(resource, { id, mode }) {
    const { data } = await call('PUT', `${resource}/sort`, { body: { id, mode } });
    return { data };
  },

  async extra<T>(resource: string, name: string, query?: Record<string, unknown>) {
    const { data } = await call<T>('GET', `${resource}/${name}`, { query, cache: true });
    return { data };
  },
};

/** The refresh button's promise: the next read of this table goes to the server. */
export const forgetCachedReads = dropTable;
