/**
 * Read actions of the generic engine: take, find, rows, rand and the extras a
 * schema declares. Results are cached per table (and caller scope and query)
 * and dropped on any write to that table, so repeated list reads skip the
 * `COUNT(*)` that dominates a list request.
 */
import { sql } from 'kysely';
import type { Extra, Resource } from '../../schema/define';
import { restRules } from '../../schema/rest';
import { ACTION_METHOD } from '../../schema/rules';
import type { Caller } from '../types';
import { invalid, onlyKeys, parseId, parseListQuery, type ListQuery } from './params';
import { decode, outputColumns } from '../db/rows';
import { applyFilters, countTags, inTrash, scoped, scopeKey, selectFrom, sortKey, type Engine } from './store';

type Query = Record<string, unknown>;

const cacheKey = (r: Resource, action: string, caller: Caller, query: unknown) => `${action}:${scopeKey(r, caller)}:${JSON.stringify(query)}`;

/** A read through the table's cache (tagged by the table unless told otherwise), unless its schema keeps reads uncached. */
const remember = <T>(e: Engine, r: Resource, key: string, produce: () => Promise<T>, tags: string | readonly string[] = r.table): Promise<T> =>
  r.cacheReads ? e.cache.remember(tags, key, produce) : produce();

/** Ordered with a tie-breaker, so pages never overlap. */
function ordered<Q extends { orderBy: Function }>(qb: Q, order: ListQuery['order']): Q {
  let out = qb;
  for (const [column, dir] of sortKey(order)) out = out.orderBy(column, dir);
  return out;
}

function uniqueKey(field: string, value: unknown): string {
  if (typeof value !== 'string' || !value || value.length > 255) invalid([{ field, message: 'validation.required' }]);
  return value;
}

/** The whole row by `id`, or by the public-take field (a config row by `key`), within the caller's scope. */
export async function take(e: Engine, r: Resource, caller: Caller, query: Query) {
  const by = r.publicTake && query[r.publicTake.by] !== undefined ? r.publicTake.by : 'id';
  onlyKeys(query, [by]);
  const value = by === 'id' ? parseId(query.id) : uniqueKey(by, query[by]);
  return remember(e, r, cacheKey(r, `take:${by}`, caller, value), async () => {
    const row = await scoped(selectFrom(e.db.any, r), r, caller).where(by, '=', value).executeTakeFirst();
    return row ? decode(r, row) : null;
  });
}

/** Public `take` by a unique field (receive-money by tradeNo): live rows only, whitelisted fields only. */
export async function publicTake(e: Engine, r: Resource, raw: unknown) {
  const spec = r.publicTake!;
  const value = uniqueKey(spec.by, raw);
  if (spec.only && !spec.only.includes(value)) return null;
  return remember(e, r, cacheKey(r, 'public', { user: null, scopeUid: null, groups: [] }, value), async () => {
    const row = await inTrash(selectFrom(e.db.any, r, [...spec.fields]), r, false).where(spec.by, '=', value).executeTakeFirst();
    return row ? decode(r, row) : null;
  });
}

export async function find(e: Engine, r: Resource, caller: Caller, query: Query) {
  const q = parseListQuery(r, query, { defaultLimit: 200, maxLimit: 1000, extra: ['ids'] });
  return remember(e, r, cacheKey(r, 'find', caller, q), async () => {
    let qb = applyFilters(inTrash(scoped(selectFrom(e.db.any, r), r, caller), r, q.onlyTrashed), r, q);
    qb = ordered(qb, q.order).limit(q.limit);
    return (await qb.execute()).map((row) => decode(r, row));
  });
}

/** A slice of a list that need not fall on a page (Refine's `_start`/`_end`): `offset` rows skipped, at most `limit` given. */
export interface ListWindow { offset: number; limit: number }

export async function rows(e: Engine, r: Resource, caller: Caller, query: Query, window?: ListWindow) {
  const q = parseListQuery(r, query, { defaultLimit: 10, maxLimit: e.maxLimit() });
  const base = applyFilters(inTrash(scoped(e.db.any.selectFrom(r.table), r, caller), r, q.onlyTrashed), r, q);
  const { page } = q;
  const limit = window ? Math.min(window.limit, e.maxLimit()) : q.limit;
  const offset = window ? window.offset : (page - 1) * limit;
  // The total depends only on the filters, not the page: cached on its own so paging through keeps it, and
  // tagged by the columns it reads, so editing a row's other fields does not count the table again.
  const total = await remember(e, r, cacheKey(r, 'count', caller, [q.filters, q.q, q.onlyTrashed]), async () => {
    const { n } = await base.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
    return Number(n);
  }, countTags(r, q));
  const list = await remember(e, r, cacheKey(r, 'rows', caller, window ? [q, offset, limit] : q), async () => {
    if (offset >= total) return [];
    const qb = ordered(base.select(outputColumns(r)), q.order).limit(limit).offset(offset);
    return (await qb.execute()).map((row) => decode(r, row));
  });
  return { total, page, limit, rows: list };
}

export async function rand(e: Engine, r: Resource, caller: Caller, query: Query) {
  const q = parseListQuery(r, query, { defaultLimit: 5, maxLimit: 50 });
  const qb = applyFilters(inTrash(scoped(selectFrom(e.db.any, r), r, caller), r, false), r, q);
  return (await qb.orderBy(e.db.adapter.randomOrder).limit(q.limit).execute()).map((row) => decode(r, row));
}

type RuleRow = { id: number; method: string; route: string };
const keyOf = (r: { method: string; route: string }) => `${r.method} ${r.route}`;

/** Each simple-rest route (`GET api/rest/users`) and the generic route whose action it performs (`GET api/users/rows`). */
function restMirrors(e: Engine): Map<string, string> {
  const out = new Map<string, string>();
  for (const r of e.resources.values()) {
    for (const rule of restRules(r)) out.set(keyOf(rule), `${ACTION_METHOD[rule.mirrors]} api/${r.name}/${rule.mirrors}`);
  }
  return out;
}

/**
 * Route patterns like `GET api/*\/rows` to the matching rule ids, as a `|1|2|` list.
 * A simple-rest route goes with the generic route it mirrors, never by a
 * pattern of its own: `GET api/*\/*` would otherwise reach `GET api/rest/users`
 * but not `PUT api/rest/users/:id`.
 */
function matchRules(patterns: readonly string[], rules: RuleRow[], mirrors: ReadonlyMap<string, string>): string {
  const tests = patterns.map((p) => {
    const [method, route] = p.split(' ');
    const re = new RegExp('^' + route!.split('/').map((s) => (s === '*' ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&'))).join('/') + '$');
    return (r: RuleRow) => r.method === method && re.test(r.route);
  });
  const held = new Set(rules.filter((r) => !mirrors.has(keyOf(r)) && tests.some((t) => t(r))).map(keyOf));
  const ids = rules.filter((r) => held.has(keyOf(r)) || held.has(mirrors.get(keyOf(r)) ?? '')).map((r) => r.id);
  return ids.length ? `|${ids.join('|')}|` : '';
}

export async function extra(e: Engine, r: Resource, caller: Caller, x: Extra, query: Query) {
  switch (x.kind) {
    case 'select': {
      const q = parseListQuery(r, query, { defaultLimit: x.limit, maxLimit: x.limit, extra: ['ids'] });
      return remember(e, r, cacheKey(r, `select:${x.fields.join()}`, caller, q), async () => {
        const qb = applyFilters(inTrash(scoped(selectFrom(e.db.any, r, [...x.fields]), r, caller), r, false), r, q);
        return ordered(qb, q.order).limit(q.limit).execute();
      });
    }
    case 'group': {
      onlyKeys(query);
      return remember(e, r, cacheKey(r, `group:${x.by}`, caller, null), async () => {
        const list = await inTrash(scoped(selectFrom(e.db.any, r, [...new Set([x.by, ...x.fields])]), r, caller), r, false)
          .orderBy(x.by).orderBy('id').execute();
        const groups = new Map<string, unknown[]>();
        for (const row of list) {
          const key = String(row[x.by]);
          if (!groups.has(key)) groups.set(key, []);
          groups.get(key)!.push(Object.fromEntries(x.fields.map((k) => [k, row[k]])));
        }
        return [...groups].map(([group, children]) => ({ [x.by]: group, children }));
      });
    }
    case 'distinct': {
      onlyKeys(query);
      const list = await inTrash(scoped(e.db.any.selectFrom(r.table), r, caller), r, false)
        .select(x.field).distinct().orderBy(x.field).execute();
      return list.map((row) => row[x.field]);
    }
    case 'presets': {
      onlyKeys(query);
      const rules = await e.db.any.selectFrom('auth_rules').select(['id', 'method', 'route']).execute();
      const mirrors = restMirrors(e);
      return x.presets.map((p) => ({ ...p, rules: p.all ? '' : matchRules(p.rules, rules as RuleRow[], mirrors) }));
    }
  }
}

