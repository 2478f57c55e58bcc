/**
 * Shared query building of the generic engine: which columns leave the
 * server, scope and trash conditions, filters, and row decoding. The engine
 * reaches tables untyped (they come from the registry at run time); the typed
 * `Database` of `db/types.ts` serves hand-written code.
 */
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Resource } from '../../schema/define';
import type { Db } from '../db/connect';
import type { Caller } from '../types';
import { containsText } from './dialect';
import type { ListQuery } from './params';

/** Tagged cache of read results: one tag per table, dropped whole on any write to it. */
export interface TableCache {
  remember<T>(tag: string, key: string, producer: () => Promise<T>): Promise<T>;
  invalidate(tag: string): Promise<void>;
}

export interface Engine {
  db: Db;
  resources: ReadonlyMap<string, Resource>;
  cache: TableCache;
  /** Largest `limit` a list may ask for (SYSTEM_SAFETY_API.paging). */
  maxLimit(): number;
  /** Called after every committed write to a table (cache drop, listeners); `ids` when only those rows changed. */
  touch(table: string, ids?: readonly number[]): Promise<void>;
}

export type AnyQuery = SelectQueryBuilder<any, any, any>;
export const now = () => Math.floor(Date.now() / 1000);

/** Columns that may leave the server: never hidden ones. */
export const outputColumns = (r: Resource) => Object.keys(r.fields).filter((k) => !r.fields[k]!.hidden);

/** Only the caller's rows when their groups do not manage others' data. */
export function scoped<Q extends AnyQuery>(qb: Q, r: Resource, caller: Caller): Q {
  return (r.owner && caller.scopeUid !== null ? qb.where(`${r.table}.uid`, '=', caller.scopeUid) : qb) as Q;
}

export function inTrash<Q extends AnyQuery>(qb: Q, r: Resource, trashed: boolean): Q {
  if (!r.softDelete) return qb;
  return (trashed ? qb.where('deleteTime', '>', 0) : qb.where('deleteTime', '=', 0)) as Q;
}

export function applyFilters<Q extends AnyQuery>(qb: Q, r: Resource, q: Pick<ListQuery, 'filters' | 'q' | 'ids'>): Q {
  let out: AnyQuery = qb;
  for (const { field, op, value } of q.filters) {
    if (op === 'like') out = out.where(containsText(field, String(value)));
    else if (op === 'in') out = out.where(field, 'in', value as unknown[]);
    else out = out.where(field, op === 'eq' ? '=' : op === 'gte' ? '>=' : '<=', value as never);
  }
  if (q.ids?.length) out = out.where('id', 'in', q.ids);
  const searchable = Object.entries(r.fields).filter(([, f]) => f.search && !f.hidden).map(([k]) => k);
  if (q.q && searchable.length) {
    const text = q.q;
    out = out.where((eb) => eb.or(searchable.map((k) => containsText(k, text) as never)));
  }
  return out as Q;
}

/** JSON columns come back parsed; a value that does not parse reads as null instead of breaking the screen. */
export function decode(r: Resource, row: Record<string, unknown>): Record<string, unknown> {
  for (const [k, f] of Object.entries(r.fields)) {
    if (f.column.type !== 'json' || !(k in row)) continue;
    const v = row[k];
    if (typeof v === 'string') {
      try { row[k] = JSON.parse(v); } catch { row[k] = null; }
    }
  }
  return row;
}

/** Values ready for SQL: JSON columns as text. */
export function encode(r: Resource, values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) out[k] = r.fields[k]?.column.type === 'json' && v !== null && v !== undefined ? JSON.stringify(v) : v;
  return out;
}

/** A full new row: schema defaults for whatever the client left out (MySQL TEXT has no SQL defaults). */
export function withDefaults(r: Resource, values: Record<string, unknown>): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const [k, f] of Object.entries(r.fields)) {
    if (f.system === 'id') continue;
    if (k in values) row[k] = values[k];
    else if (f.column.default !== undefined) row[k] = f.column.default;
    else if (f.column.type === 'text') row[k] = '';
    else if (f.column.nullable) row[k] = null;
  }
  return row;
}

export function selectFrom(db: Kysely<any>, r: Resource, columns = outputColumns(r)): AnyQuery {
  return db.selectFrom(r.table).select(columns);
}
