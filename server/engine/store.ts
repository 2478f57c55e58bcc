/**
 * Shared query building of the generic engine: which columns leave the
 * server, scope and trash conditions, filters, and row decoding. The engine
 * reaches tables untyped (they come from the registry at run time); the typed
 * `Database` of `db/types.ts` serves hand-written code.
 */
import { sql, type ExpressionBuilder, type Kysely, type SelectQueryBuilder } from 'kysely';
import { revisions } from '../../schema';
import { identityValue, type Resource } from '../../schema/define';
import type { Db } from '../db/connect';
import type { Caller } from '../types';
import { outputColumns } from '../db/rows';
import type { ListQuery } from './params';

/**
 * Tagged cache of read results (db.writes drops them): the table's tag goes on
 * any write to it; a count is tagged instead by the columns it depends on
 * (`countTags`), so an update of other columns keeps it.
 */
export interface TableCache {
  remember<T>(tags: string | readonly string[], key: string, producer: () => Promise<T>): Promise<T>;
  invalidate(tag: string): Promise<void>;
  /** Changes whenever the tag is invalidated: what a cached read's ETag is made of. */
  version(tag: string): Promise<string>;
}

export interface Engine {
  db: Db;
  resources: ReadonlyMap<string, Resource>;
  cache: TableCache;
  /** Largest `limit` a list may ask for (SYSTEM_SAFETY_API.paging). */
  maxLimit(): number;
  /** The app's clock in epoch milliseconds (AppOptions.clock): the time revisions are recorded at. */
  clock?: () => number;
  /**
   * Consulted inside every write's transaction with the rows before and after
   * (the permission ceiling): throwing refuses the whole write; a function
   * returned runs once the transaction has committed.
   */
  beforeWrite(trx: Kysely<any>, r: Resource, caller: Caller, changes: ReadonlyArray<{ before?: Record<string, unknown>; after?: Record<string, unknown> }>): Promise<void | (() => Promise<void>)>;
  /**
   * Runs once in each write's transaction, after its work, with every row it
   * changed (what follows the rows, such as the dashboard's totals): a batch
   * of an import is one call with its 500 rows, not 500 calls.
   */
  afterWrites?(trx: Kysely<any>, r: Resource, changes: ReadonlyArray<{ before?: Record<string, unknown>; after?: Record<string, unknown> }>): Promise<void>;
}

/**
 * A domain's check of a generic write (the payments: a Stripe order needs a
 * Stripe key), consulted beside the permission ceiling in the write's
 * transaction; throwing refuses the whole write.
 */
export type WriteGuard = (trx: Kysely<any>, r: Resource, changes: ReadonlyArray<{ before?: Record<string, unknown>; after?: Record<string, unknown> }>) => Promise<void>;

export type AnyQuery = SelectQueryBuilder<any, any, any>;

/**
 * `column LIKE %text%` with the user's text taken literally. `!` is the escape
 * character because a backslash means different things in MySQL and SQLite literals.
 */
export const containsText = (column: string, text: string) =>
  sql<boolean>`${sql.ref(column)} like ${`%${text.replace(/[!%_]/g, (c) => '!' + c)}%`} escape '!'`;

/**
 * Whose rows the caller reaches: `null` for everyone's (a group that manages
 * others' data), else this owner's. A `personal` table's rows are their
 * owner's alone, whatever the caller's groups manage.
 */
export function ownerScope(r: Resource, caller: Caller): number | null {
  return r.personal ? (caller.user?.id ?? 0) : caller.scopeUid;
}

/** The groups whose shared rows a read of `r` also reaches (a `personal` table's `sharedWith`); a stranger is in none. */
const sharedGroups = (r: Resource, caller: Caller): readonly number[] => (r.personal?.sharedWith ? caller.groups : []);

/** What a cached read of `r` depends on of its caller: the owner scope, and the groups whose shared rows it reads. */
export function scopeKey(r: Resource, caller: Caller): string {
  // Everyone's rows are '' (null joins as nothing), an owner's are his id, followed by those groups.
  return [ownerScope(r, caller), ...sharedGroups(r, caller)].join();
}

/**
 * Only the caller's rows when their groups do not manage others' data. A
 * read (`reach` 'read') of a `personal` table also reaches the rows shared
 * with one of the caller's groups; a write (a bin emptied, a row moved) never does.
 * The record history is scoped twice: by its own rule, and by the rule of the
 * table each revision is about (`caller.readable`), so it never shows what the
 * table itself would not.
 */
export function scoped<Q extends { where: Function }>(qb: Q, r: Resource, caller: Caller, reach: 'read' | 'write' = 'read'): Q {
  const own = ownRows(qb, r, caller, reach);
  const owner = r.columns.owner;
  const readable = caller.readable;
  if (r.name !== revisions.name || !owner) return own;
  // Stryker disable next-line ConditionalExpression: the guard sets `readable` on every route of the history (auth/guard.ts); without it, the history fails closed
  if (!readable) return own.where(sql<boolean>`1 = 0`) as Q;
  const mine = caller.user?.id ?? 0;
  return own.where((eb: ExpressionBuilder<any, any>) => eb.or([
    ...(readable.all.length ? [eb('resource', 'in', readable.all)] : []),
    ...(readable.own.length ? [eb.and([eb('resource', 'in', readable.own), eb(owner, '=', mine)])] : []),
    sql<boolean>`1 = 0`,
  ])) as Q;
}

function ownRows<Q extends { where: Function }>(qb: Q, r: Resource, caller: Caller, reach: 'read' | 'write'): Q {
  const owner = r.columns.owner;
  const uid = ownerScope(r, caller);
  if (!owner || uid === null) return qb;
  // Only a `personal` table with `sharedWith` has shared groups to reach.
  // Stryker disable next-line ConditionalExpression: today's one personal table (views) has neither bin to empty nor order to move, the writes that pass 'write'
  const groups = reach === 'read' ? sharedGroups(r, caller) : [];
  if (!groups.length) return qb.where(`${r.table}.${owner}`, '=', uid) as Q;
  return qb.where((eb: ExpressionBuilder<any, any>) => eb.or([eb(`${r.table}.${owner}`, '=', uid), eb(`${r.table}.${r.personal!.sharedWith!}`, 'in', groups)])) as Q;
}

export function inTrash<Q extends AnyQuery>(qb: Q, r: Resource, trashed: boolean): Q {
  const deleteTime = r.columns.deleteTime;
  if (!deleteTime) return qb;
  return (trashed ? qb.where(deleteTime, '>', 0) : qb.where(deleteTime, '=', 0)) as Q;
}

/** The fields `q` searches: shown fields marked `search`. */
const searchableFields = (r: Resource) => Object.entries(r.fields).filter(([, f]) => f.search && !f.hidden).map(([k]) => k);

export function applyFilters<Q extends AnyQuery>(qb: Q, r: Resource, q: Pick<ListQuery, 'filters' | 'q' | 'ids'>): Q {
  let out: AnyQuery = qb;
  // An identity is looked up as it is stored (an address in lower case), on every database alike.
  const asStored = (name: string, value: string) => identityValue(r.fields[name] ?? {}, value);
  for (const { field, op, value: given } of q.filters) {
    const value = typeof given === 'string' ? asStored(field, given) : Array.isArray(given) ? given.map((v) => (typeof v === 'string' ? asStored(field, v) : v)) : given;
    if (op === 'like') out = out.where(containsText(field, String(value)));
    else if (op === 'in') out = out.where(field, 'in', value as unknown[]);
    else if (op === 'ne' || op === 'nin') {
      const differs = (eb: ExpressionBuilder<any, any>) => (op === 'ne' ? eb(field, '<>', value) : eb(field, 'not in', value as unknown[]));
      // SQL's `<>` never matches NULL; a row without a value is still one that is not the value asked.
      out = r.fields[field]?.column.nullable ? out.where((eb) => eb.or([differs(eb), eb(field, 'is', null)])) : out.where(differs);
    }
    else out = out.where(field, op === 'eq' ? '=' : op === 'gte' ? '>=' : '<=', value as never);
  }
  if (q.ids?.length) out = out.where('id', 'in', q.ids);
  const searchable = searchableFields(r);
  if (q.q && searchable.length) {
    const text = q.q;
    out = out.where((eb) => eb.or(searchable.map((k) => containsText(k, asStored(k, text)) as never)));
  }
  return out as Q;
}

/**
 * A list's whole sort: the order asked for (never empty: params.ts), then `id` in the first column's
 * direction, so no two rows tie. An order that names `id` already ties nothing.
 */
export function sortKey(order: ListQuery['order']): Array<[string, 'asc' | 'desc']> {
  // Stryker disable next-line ConditionalExpression,MethodExpression,ArrowFunction,StringLiteral: a second `id` sorts the same; leaving it out keeps every list's ORDER BY (and the export's keyset condition) short
  return order.some(([c]) => c === 'id') ? [...order] : [...order, ['id', order[0]![1]]];
}

/** Dropped by a write that may add or remove rows (an insert, a delete, an update of unknown columns). */
export const membershipTag = (table: string) => `${table}#rows`;
/** Dropped by an update that sets this column. */
export const columnTag = (table: string, column: string) => `${table}.${column}`;

/** The columns that decide whether a row is in a list at all: its bin column, its owner column, and the group it is shared with. */
// Stryker disable next-line MethodExpression: equivalent; an undefined left in is no column's name
const membershipColumns = (r: Resource) => [r.columns.deleteTime, r.columns.owner, r.personal?.sharedWith].filter((c): c is string => Boolean(c));

/**
 * A count's tags: which rows match depends on the rows there are (their
 * membership), and on the filtered and the searched columns, nothing else.
 */
export function countTags(r: Resource, q: Pick<ListQuery, 'filters' | 'q'>): string[] {
  const columns = new Set([...q.filters.map((f) => f.field), ...(q.q ? searchableFields(r) : [])]);
  for (const c of membershipColumns(r)) columns.delete(c);
  return [membershipTag(r.table), ...[...columns].map((c) => columnTag(r.table, c))];
}

/**
 * The count tags a write drops: the membership tag (so every count) when rows
 * may have come or gone, been binned or restored, or changed owner; otherwise
 * the tags of the filterable and searchable columns an update set.
 */
export function countTagsDroppedBy(r: Resource, columns: readonly string[] | undefined): string[] {
  if (!columns || columns.some((c) => membershipColumns(r).includes(c))) return [membershipTag(r.table)];
  // A column some count may read: one a filter or `q` may name (params.ts accepts filters on shown fields only).
  // Stryker disable next-line ConditionalExpression,LogicalOperator: equivalent; a tag no total is remembered under costs a cache write, and forgets nothing
  const counted = (c: string) => Boolean(r.fields[c] && !r.fields[c].hidden && (r.fields[c].filter.length || r.fields[c].search));
  // Stryker disable next-line MethodExpression: as above
  return columns.filter(counted).map((c) => columnTag(r.table, c));
}

export function selectFrom(db: Kysely<any>, r: Resource, columns = outputColumns(r)): AnyQuery {
  return db.selectFrom(r.table).select(columns);
}
