/**
 * An import's keys, looked up a batch at a time rather than a row at a time
 * (a query per row held 100,000 orders to a few hundred a second):
 *  - the stored rows the batch's upsert keys match, in one query;
 *  - the unique fields the batch's rows would write, each in one query for
 *    the values present, and against the rows before them in the file (a dry
 *    run rolls every batch back, so the file's own repeats are kept here).
 * A value the query finds is checked again row by row by `checkUnique`, the
 * write path's own check, so what counts as the same value stays the
 * database's business (MySQL folds case and accents where SQLite does not).
 */
import type { Kysely } from 'kysely';
import { fieldList, isBlank, type Resource } from '../../../schema/define';
import { AppError } from '../../http';
import type { Caller } from '../../types';
import type { Engine } from '../store';
import { checkUnique, duplicate } from '../writes';

/** Values per query: well within SQLite's and MySQL's parameter limits. */
const CHUNK = 500;

/** A loose form of a value, equal for any two values a case- and accent-folding collation could call equal. */
const loose = (v: unknown) => String(v).normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trimEnd();
/** How the database compares a field's values: MySQL's default collation folds case and accents, an `exact` column and SQLite do not. */
const sameness = (e: Engine, r: Resource, k: string) => (e.db.adapter.name === 'mysql' && !r.fields[k]?.column.exact ? loose : String);

async function inChunks<T>(values: readonly unknown[], query: (chunk: unknown[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let at = 0; at < values.length; at += CHUNK) out.push(...(await query(values.slice(at, at + CHUNK))));
  return out;
}

/**
 * The stored row each key matches (its id, its owner and the `extra` columns), one query per batch:
 * an owner's own rows when the key is unique per owner. Keys are given as the field parses them.
 */
export async function matchKeys(e: Engine, trx: Kysely<any>, r: Resource, key: string, caller: Caller, keys: readonly unknown[], extra: readonly string[]) {
  const f = r.fields[key]!;
  const owner = r.columns.owner;
  const columns = [...new Set(['id', key, ...(owner ? [owner] : []), ...extra])];
  const rows = await inChunks([...new Set(keys)], (chunk) => {
    let qb = trx.selectFrom(r.table).select(columns).where(key, 'in', chunk as never);
    if (f.uniquePerOwner && owner) qb = qb.where(owner, '=', (caller.user?.id ?? 0) as never);
    return qb.execute();
  });
  // As the database compares: a key its collation calls equal matches (the exact row first, when there are two).
  const same = sameness(e, r, key);
  const found = new Map<string, Record<string, unknown>>();
  for (const row of rows) if (!found.has(same(row[key])) || keys.includes(row[key])) found.set(same(row[key]), row);
  return (value: unknown) => (isBlank(value) ? undefined : found.get(same(value)));
}

export interface Candidate<P> {
  pending: P;
  /** What the row writes (a create's whole values, an update's patch). */
  values: Record<string, unknown>;
  /** The row's owner (a create: the caller). */
  owner: unknown;
  /** An update's row, which may keep its own values. */
  selfId?: number;
  /** Fields the server generated for this row (an order's tradeNo), not from the file. */
  generated: ReadonlySet<string>;
}

/**
 * The rows of a batch that would write a value another row holds, with the refusal `create` or `update` would
 * give: a stored row (any owner for a unique field, the same owner for a field unique per owner) or an earlier
 * row of the file (`seen`, kept across batches: a file's key, per owner where the field says so, to its row).
 */
/**
 * The file's values so far, per field (and owner, for a field unique per owner): a map of the value itself to its
 * row, not a composed key per row. 100,000 rows keep 100,000 entries to the end of the import: the value string
 * the row already holds costs nothing more, where a key built of field, owner and value cost ~300 bytes a row.
 */
export type SeenValues<P> = Map<string, Map<string, P>>;

export async function uniqueClashes<P>(e: Engine, trx: Kysely<any>, r: Resource, batch: ReadonlyArray<Candidate<P>>, seen: SeenValues<P>): Promise<Map<P, AppError>> {
  const clashes = new Map<P, AppError>();
  const owner = r.columns.owner;
  for (const [k, f] of fieldList(r)) {
    if (!(f.column.unique || f.uniquePerOwner)) continue;
    const perOwner = Boolean(f.uniquePerOwner && owner);
    const using = batch.filter((c) => c.values[k] !== undefined && c.values[k] !== '' && !clashes.has(c.pending));
    if (!using.length) continue;
    for (const c of using) {
      // A value the server made up itself (a random token) is not the file's: its repeats are the database's to find.
      if (c.generated.has(k)) continue;
      const value = sameness(e, r, k)(c.values[k]);
      const scope = perOwner ? `${k}\0${String(c.owner)}` : k;
      let values = seen.get(scope);
      if (!values) seen.set(scope, (values = new Map()));
      const first = values.get(value);
      if (first !== undefined && first !== c.pending) clashes.set(c.pending, duplicate(r, k));
      else values.set(value, c.pending);
    }
    const owners = perOwner ? [...new Set(using.map((c) => c.owner))] : [undefined];
    const stored = new Map<string, number[]>();
    for (const who of owners) {
      const values = [...new Set(using.filter((c) => !perOwner || c.owner === who).map((c) => c.values[k]))];
      const rows = await inChunks(values, (chunk) => {
        let qb = trx.selectFrom(r.table).select(['id', k]).where(k, 'in', chunk as never);
        // No unique index can say "unique per owner": the gap lock (MySQL) makes a racing twin wait, then see these rows.
        if (perOwner) qb = qb.where(owner!, '=', who as never);
        if (perOwner && e.db.adapter.forUpdate) qb = qb.forUpdate();
        return qb.execute();
      });
      for (const row of rows) {
        const at = `${perOwner ? String(who) : ''}\0${loose(row[k])}`;
        stored.set(at, [...(stored.get(at) ?? []), Number(row.id)]);
      }
    }
    if (!stored.size) continue;
    for (const c of using) {
      if (clashes.has(c.pending)) continue;
      const ids = stored.get(`${perOwner ? String(c.owner) : ''}\0${loose(c.values[k])}`)?.filter((id) => id !== c.selfId);
      if (!ids?.length) continue;
      // A stored value that may be the same: the write path's own check says whether it is.
      try {
        await checkUnique(e, trx, r, { [k]: c.values[k] }, c.owner, c.selfId);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        clashes.set(c.pending, error);
      }
    }
  }
  return clashes;
}
