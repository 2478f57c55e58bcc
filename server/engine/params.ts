/**
 * Turns query strings and bodies into checked, typed requests for the engine.
 * Everything is checked against the resource schema: an unknown parameter,
 * column or operator is a 400 that names it, and nothing reaches SQL unchecked.
 */
import { z } from 'zod';
import { fieldErrors } from '../../schema/issues';
import { emptyValue, fieldList, isBlank, isNumericColumn, isWritable, keepsWhenBlank, requiredMessage, type Column, type Field, type FilterOp, type Resource } from '../../schema/define';
import { badRequest } from '../http';

/** `ne` and `nin` (a comma list after `_ne`) are the negations of `eq` and `in`: a field filterable by equality is filterable by inequality. */
export type FilterCond = { field: string; op: 'eq' | 'in' | 'ne' | 'nin' | 'like' | 'gte' | 'lte'; value: unknown };
export interface ListQuery {
  page: number;
  limit: number;
  order: Array<[string, 'asc' | 'desc']>;
  onlyTrashed: boolean;
  filters: FilterCond[];
  q?: string;
  ids?: number[];
}

export interface FieldIssue { field: string; message: string; params?: Record<string, unknown> }

/** 400 naming the first bad field, listing all in `data.errors`. */
export function invalid(issues: FieldIssue[]): never {
  const first = issues[0]!;
  throw badRequest('errors.invalid_field', { field: first.field, message: first.message, ...first.params }, { errors: issues });
}

/** 400 about one request parameter: named in `msg` and listed in `data.errors`, like a field. */
export function refuse(param: string, key: string, params: Record<string, unknown> = {}): never {
  throw badRequest(key, params, { errors: [{ field: param, message: key }] });
}

/** Refuses the first key of `query` beyond `allowed`. */
export function onlyKeys(query: unknown, allowed: readonly string[] = []) {
  const extra = query && typeof query === 'object' ? Object.keys(query).find((k) => !allowed.includes(k)) : undefined;
  if (extra !== undefined) refuse(extra, 'errors.unknown_param', { param: extra });
}

export function zodIssues(error: z.ZodError, prefix?: string): FieldIssue[] {
  return fieldErrors(error, { prefix });
}

/** The field a client names, if the schema has it: own keys only, so `constructor` or `__proto__` are no field. */
export const fieldOf = (r: Resource, name: string): Field | undefined => (Object.hasOwn(r.fields, name) ? r.fields[name] : undefined);

/** A query-string value of a field, coerced and checked by the field's own validator. */
function filterValue(name: string, f: Field, raw: string, op: FilterOp): unknown {
  if (raw.length > 255) invalid([{ field: name, message: 'validation.max_length', params: { max: 255 } }]);
  if (op === 'like') return raw;
  if (isNumericColumn(f)) {
    const n = Number(raw);
    if (raw.trim() === '' || !Number.isFinite(n)) invalid([{ field: name, message: 'validation.invalid_type' }]);
    return n;
  }
  if (f.options && op === 'eq' && !f.options.includes(raw)) invalid([{ field: name, message: 'validation.choice' }]);
  return raw;
}

const positiveId = (p: unknown) => (typeof p === 'number' ? p : /^\s*\d+\s*$/.test(String(p)) ? Number(p) : NaN);
const isId = (n: number) => Number.isSafeInteger(n) && n > 0;

/** Positive integer ids from `"1,2,3"`, an array, or a number; at most `max`. */
export function parseIds(raw: unknown, max = 1000): number[] {
  const parts = Array.isArray(raw) ? raw : typeof raw === 'number' ? [raw] : typeof raw === 'string' ? raw.split(',') : null;
  if (!parts || !parts.length) refuse('ids', 'errors.bad_ids');
  const ids = parts.map(positiveId);
  if (!ids.every(isId)) refuse('ids', 'errors.bad_ids');
  if (ids.length > max) refuse('ids', 'errors.too_many_ids', { max });
  return [...new Set(ids)];
}

/** One positive integer id (take, update, sort). */
export function parseId(raw: unknown): number {
  const id = typeof raw === 'string' || typeof raw === 'number' ? positiveId(raw) : NaN;
  if (!isId(id)) invalid([{ field: 'id', message: 'validation.invalid_id' }]);
  return id;
}

function positiveInt(name: string, raw: unknown, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isSafeInteger(n)) invalid([{ field: name, message: 'validation.integer' }]);
  if (n < 1) invalid([{ field: name, message: 'validation.min_value', params: { min: 1 } }]);
  return n;
}

export function parseOrder(r: Resource, raw: unknown): ListQuery['order'] {
  const text = raw === undefined || raw === '' ? r.order : String(raw);
  // Longer than any real order list: refused before a pattern looks at it.
  if (text.length > 512) refuse('order', 'errors.bad_order', { order: text.slice(0, 32) + '…' });
  const order: ListQuery['order'] = [];
  for (const part of text.split(',')) {
    const m = ORDER_PART.exec(part);
    if (!m) refuse('order', 'errors.bad_order', { order: text });
    const [, column, dir = 'asc'] = m;
    const f = fieldOf(r, column!);
    if (!f || !f.sortable || f.hidden) refuse('order', 'errors.unknown_column', { column });
    order.push([column!, dir.toLowerCase() as 'asc' | 'desc']);
  }
  return order;
}

export interface ListOptions {
  defaultLimit: number;
  maxLimit: number;
  /** Parameters the action accepts beyond filters (e.g. `ids` for find). */
  extra?: readonly string[];
}

const FLAG = new Set(['1', 'true']);
/** `column [asc|desc]`, and a filter key `field[_like|_gte|_lte|_ne]` (exported for the worst-case benchmark). */
export const ORDER_PART = /^\s*([A-Za-z_][\w]*)(?:\s+(asc|desc))?\s*$/i;
export const FILTER_KEY = /^(.+?)(?:_(like|gte|lte|ne))?$/;

/** The query of rows/find/export: paging, order, trash switch, filters and `q`. */
export function parseListQuery(r: Resource, query: Record<string, unknown>, opts: ListOptions): ListQuery {
  const out: ListQuery = { page: 1, limit: opts.defaultLimit, order: [], onlyTrashed: false, filters: [] };
  for (const [key, raw] of Object.entries(query)) {
    // A repeated key would be ambiguous (which value wins?): refused rather than guessed.
    if (Array.isArray(raw)) refuse(key, 'errors.unknown_param', { param: `${key}[]` });
    const value = raw === undefined || raw === null ? '' : String(raw);
    if (key === 'page') out.page = positiveInt(key, value, 1);
    else if (key === 'limit') {
      // Above the cap is served at the cap (the answer's `limit` says so), not refused: a stale page size still lists.
      out.limit = Math.min(positiveInt(key, value, opts.defaultLimit), opts.maxLimit);
    } else if (key === 'order') out.order = parseOrder(r, value);
    else if (key === 'onlyTrashed') out.onlyTrashed = FLAG.has(value);
    else if (key === 'q') out.q = value.slice(0, 100) || undefined;
    else if (key === 'ids' && opts.extra?.includes('ids')) out.ids = value === '' ? undefined : parseIds(value);
    else if (opts.extra?.includes(key) || key === '_') continue; // `_` is a cache buster some clients add
    else {
      if (value === '') continue; // an empty filter box filters nothing
      const m = FILTER_KEY.exec(key)!;
      const [, name, suffix] = m;
      const f = fieldOf(r, name!);
      const negated = suffix === 'ne';
      const op = (negated ? 'eq' : suffix ?? 'eq') as FilterOp;
      if (!f || f.hidden || !f.filter.includes(op)) refuse(key, 'errors.unknown_param', { param: key });
      if (op === 'eq' && value.includes(',')) {
        const values = value.split(',').slice(0, 200).map((v) => filterValue(key, f, v, 'eq'));
        out.filters.push({ field: name!, op: negated ? 'nin' : 'in', value: values });
      } else out.filters.push({ field: name!, op: negated ? 'ne' : op, value: filterValue(key, f, value, op) });
    }
  }
  if (!out.order.length) out.order = parseOrder(r, undefined);
  return out;
}

/**
 * The largest magnitude a numeric column holds. The schema's validator may
 * allow more (no `max`), and a larger value would overflow in MySQL (a 500)
 * or be kept beyond the column's precision by SQLite.
 */
function columnLimit(c: Column): number | undefined {
  switch (c.type) {
    case 'integer': return 2 ** 31 - 1;
    case 'bigint': return Number.MAX_SAFE_INTEGER;
    case 'decimal': return 10 ** ((c.precision ?? 14) - (c.scale ?? 2)) - 10 ** -(c.scale ?? 2);
    default: return undefined;
  }
}

function outOfRange(key: string, f: Field, value: unknown): FieldIssue | undefined {
  const max = columnLimit(f.column);
  if (max === undefined || typeof value !== 'number' || Math.abs(value) <= max) return undefined;
  return value > 0
    ? { field: key, message: 'validation.max_value', params: { max } }
    : { field: key, message: 'validation.min_value', params: { min: -max } };
}


/**
 * Checks a create (`partial = false`) or update body. Unknown or server-owned
 * fields are refused by name; values go through each field's zod validator.
 */
export function parseValues(r: Resource, body: unknown, partial: boolean, allow: readonly string[] = []): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest('errors.bad_json');
  const issues: FieldIssue[] = [];
  const values: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if (allow.includes(key)) continue;
    const f = fieldOf(r, key);
    if (!f || !isWritable(f)) {
      // Quoted, so that an empty or blank key is still visible in the message.
      issues.push({ field: key, message: 'validation.unknown_field', params: { field: JSON.stringify(key) } });
      continue;
    }
    // The one contract of "empty" (schema/define.ts): a blank secret or generated field keeps its value,
    // any other blank is the field's empty value, or "required" when the field has none.
    if (isBlank(value)) {
      if (keepsWhenBlank(f)) continue;
      const empty = emptyValue(f);
      if (empty !== undefined) {
        values[key] = empty;
        continue;
      }
      issues.push({ field: key, message: requiredMessage(f) });
      continue;
    }
    const parsed = f.input.safeParse(value);
    const range = parsed.success ? outOfRange(key, f, parsed.data) : undefined;
    if (!parsed.success) issues.push(...zodIssues(parsed.error, key));
    else if (range) issues.push(range);
    else values[key] = parsed.data;
  }
  if (!partial) {
    for (const [key, f] of fieldList(r)) {
      if (isWritable(f) && f.required && !(key in values) && !issues.some((i) => i.field === key)) {
        const parsed = f.input.safeParse(undefined);
        issues.push(parsed.success ? { field: key, message: 'validation.required' } : zodIssues(parsed.error, key)[0]!);
      }
    }
  }
  if (issues.length) invalid(issues);
  return values;
}
