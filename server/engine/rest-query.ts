/**
 * The simple-rest dialect's list parameters turned into the query of `rows`,
 * which then checks every field, operator and value as it does for the
 * console: the dialects share one parser, one cache key and one answer for
 * the same question. Two clients speak it, each in its own style:
 * ra-data-simple-rest sends `sort=["title","ASC"]`, `range=[0,24]` and
 * `filter={"title_like":"x","id":[1,2]}`; Refine's simple-rest (json-server's
 * conventions) sends `_sort=title,id&_order=asc,desc`, `_start=0&_end=25`
 * (end excluded) and the filters as parameters, a repeated one (`id=1&id=2`)
 * meaning any of its values. A request in both styles is refused, not guessed.
 */
import type { Resource } from '../../schema/define';
import { AppError } from '../http';
import { FILTER_KEY, fieldOf, onlyKeys, parseOrder, refuse } from './params';
import type { ListWindow } from './reads';

type Query = Record<string, unknown>;

export interface RestList {
  /** The query `rows` reads. */
  rows: Query;
  /** A filter by an empty list (getMany of no ids) matches nothing: answered without a query. */
  none: boolean;
  /** A Refine window that does not fall on a page of `rows`. */
  window?: ListWindow;
}

const RA_PARAMS = ['sort', 'range', 'filter'];
const REFINE_PARAMS = ['_start', '_end', '_sort', '_order'];

/** `rows` parameters a filter object may not smuggle in: paging and order have their own parameters here. */
const RESERVED = new Set(['page', 'limit', 'order', 'onlyTrashed', 'ids', '_']);

function json(param: string, raw: unknown): unknown {
  if (typeof raw !== 'string') refuse(param, 'errors.rest_json', { param });
  try {
    return JSON.parse(raw);
  } catch {
    return refuse(param, 'errors.rest_json', { param });
  }
}

/** A 400 of the engine's own parsers, told as a fault of this dialect's parameter. */
function as<T>(param: string, work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof AppError && error.code === 400) throw new AppError(400, error.key, error.params, { errors: [{ field: param, message: error.key, params: error.params }] });
    throw error;
  }
}

function order(r: Resource, raw: unknown): string {
  const sort = json('sort', raw);
  if (!Array.isArray(sort) || sort.length !== 2 || typeof sort[0] !== 'string' || typeof sort[1] !== 'string' || !/^(asc|desc)$/i.test(sort[1])) {
    refuse('sort', 'errors.rest_sort');
  }
  const text = `${sort[0]} ${sort[1].toLowerCase()}`;
  // Checked here so that the error names `sort`, the parameter the caller sent.
  as('sort', () => parseOrder(r, text));
  return text;
}

/** `[start, end]`, both ends included, as one page of `rows`: the length is capped at the largest page, and the start falls on a page. */
function paging(raw: unknown, maxLimit: number): { page: number; limit: number } {
  const range = json('range', raw);
  const whole = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n) && n >= 0;
  if (!Array.isArray(range) || range.length !== 2 || !whole(range[0]) || !whole(range[1]) || range[1] < range[0]) refuse('range', 'errors.rest_range');
  const [start, end] = range as [number, number];
  const limit = Math.min(end - start + 1, maxLimit);
  if (start % limit !== 0) refuse('range', 'errors.rest_range_align', { size: limit });
  return { page: start / limit + 1, limit };
}

/** A filter value as `rows` reads it from a query string: a list is any of its values, true and false are 1 and 0. */
function filterText(key: string, value: unknown): string {
  const scalar = (v: unknown): string => {
    if (typeof v === 'boolean') return v ? '1' : '0';
    if (typeof v === 'number' && Number.isFinite(v)) return String(v);
    if (typeof v === 'string') return v;
    return refuse(key, 'errors.rest_filter_value', { param: key });
  };
  if (value === null || value === undefined) return '';
  if (!Array.isArray(value)) return scalar(value);
  const items = value.map(scalar);
  // `rows` splits a list at commas: a value holding one would become two.
  if (items.some((v) => v.includes(',') || v === '')) refuse(key, 'errors.rest_filter_value', { param: key });
  return items.join(',');
}

/** Whether `key` can only be a Refine-style parameter: a window, a sort list, `q` or a field filter. */
function isRefineParam(r: Resource, key: string): boolean {
  if (REFINE_PARAMS.includes(key) || key === 'q') return true;
  const [, name] = FILTER_KEY.exec(key) ?? [];
  return Boolean(name && fieldOf(r, name));
}

function raList(r: Resource, query: Query, maxLimit: number): RestList {
  onlyKeys(query, RA_PARAMS);
  const rows: Query = {};
  let none = false;
  if (query.sort !== undefined) rows.order = order(r, query.sort);
  // Without a range (getMany) the answer is the largest page, not the console's ten rows.
  Object.assign(rows, query.range === undefined ? { limit: maxLimit } : paging(query.range, maxLimit));
  if (query.filter !== undefined) {
    const filter = json('filter', query.filter);
    if (typeof filter !== 'object' || filter === null || Array.isArray(filter)) refuse('filter', 'errors.rest_filter');
    for (const [key, value] of Object.entries(filter)) {
      if (RESERVED.has(key)) refuse(key, 'errors.unknown_param', { param: key });
      if (Array.isArray(value) && !value.length) none = true;
      rows[key] = filterText(key, value);
    }
  }
  return { rows, none };
}

/** `_sort=a,b&_order=asc,desc` as the `order` of `rows`; an order left out is ascending, as json-server reads it. */
function refineOrder(r: Resource, sort: unknown, direction: unknown): string | undefined {
  if (sort === undefined) {
    if (direction !== undefined) refuse('_order', 'errors.rest_refine_order');
    return undefined;
  }
  if (typeof sort !== 'string' || (direction !== undefined && typeof direction !== 'string')) refuse('_sort', 'errors.rest_refine_order');
  const columns = sort.split(',');
  const directions = direction === undefined ? columns.map(() => 'asc') : direction.split(',');
  if (directions.length !== columns.length || !directions.every((d) => /^(asc|desc)$/i.test(d))) refuse('_order', 'errors.rest_refine_order');
  const text = columns.map((c, i) => `${c} ${directions[i]!.toLowerCase()}`).join(',');
  as('_sort', () => parseOrder(r, text));
  return text;
}

/**
 * `_start`/`_end` (end excluded) as a page of `rows` when the window falls on one (sharing its cache),
 * else as a window of its own; longer than the largest page, it is cut to it (the headers say so).
 */
function refineWindow(start: unknown, end: unknown, maxLimit: number): { page: number; limit: number } | ListWindow {
  const whole = (param: string, raw: unknown, fallback: number): number => {
    if (raw === undefined) return fallback;
    const n = typeof raw === 'string' && /^\d{1,15}$/.test(raw) ? Number(raw) : NaN;
    return Number.isSafeInteger(n) ? n : refuse(param, 'errors.rest_refine_window');
  };
  const from = whole('_start', start, 0);
  const to = whole('_end', end, from + maxLimit);
  if (to <= from) refuse('_end', 'errors.rest_refine_window');
  const limit = Math.min(to - from, maxLimit);
  return from % limit === 0 ? { page: from / limit + 1, limit } : { offset: from, limit };
}

function refineList(r: Resource, query: Query, maxLimit: number): RestList {
  const rows: Query = {};
  for (const [key, value] of Object.entries(query)) {
    if (REFINE_PARAMS.includes(key)) continue;
    if (RESERVED.has(key)) refuse(key, 'errors.unknown_param', { param: key });
    // A repeated equality (Refine's `in`, getMany's `id=1&id=2`) is any of its values, a repeated `_ne` none of them;
    // another operator has one value.
    const suffix = FILTER_KEY.exec(key)?.[2];
    if (Array.isArray(value) && (key === 'q' || (suffix !== undefined && suffix !== 'ne'))) refuse(key, 'errors.rest_filter_value', { param: key });
    rows[key] = filterText(key, value);
  }
  const sorted = refineOrder(r, query._sort, query._order);
  if (sorted !== undefined) rows.order = sorted;
  const window = refineWindow(query._start, query._end, maxLimit);
  if ('offset' in window) return { rows: { ...rows, limit: window.limit }, none: false, window };
  return { rows: { ...rows, ...window }, none: false };
}

export function restListQuery(r: Resource, query: Query, maxLimit: number): RestList {
  const keys = Object.keys(query);
  const ra = keys.find((k) => RA_PARAMS.includes(k));
  if (ra === undefined) return refineList(r, query, maxLimit);
  const refine = keys.find((k) => !RA_PARAMS.includes(k) && isRefineParam(r, k));
  if (refine !== undefined) refuse(refine, 'errors.rest_mixed', { ra, refine });
  return raList(r, query, maxLimit);
}
