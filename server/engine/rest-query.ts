/**
 * The simple-rest dialect's list parameters (`sort=["title","ASC"]`,
 * `range=[0,24]`, `filter={"title_like":"x","id":[1,2]}`) turned into the
 * query of `rows`, which then checks every field, operator and value as it
 * does for the console: the two dialects share one parser, one cache key and
 * one answer for the same question.
 */
import type { Resource } from '../../schema/define';
import { AppError } from '../http';
import { onlyKeys, parseOrder, refuse } from './params';

type Query = Record<string, unknown>;

export interface RestList {
  /** The query `rows` reads. */
  rows: Query;
  /** A filter by an empty list (getMany of no ids) matches nothing: answered without a query. */
  none: boolean;
}

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

export function restListQuery(r: Resource, query: Query, maxLimit: number): RestList {
  onlyKeys(query, ['sort', 'range', 'filter']);
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
