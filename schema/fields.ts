/**
 * The field builders, `f.text()`, `f.number()`… (the README lists each with
 * its options). Each makes a `Field`: its column (for migrations and Kysely
 * types), its zod validator (for the server and the admin forms alike) and its
 * list/form hints. Validation messages are i18n keys (`validation.*`); the
 * translator fills `%{min}`/`%{max}` from the zod issue.
 */
import { z } from 'zod';
import type { Column, Common, Field, FilterOp, Identity, SystemKind } from './field-types';
import type { Phrase } from './phrases';

type Msg = string;
export const M = {
  required: 'validation.required',
  min: 'validation.min_length',
  max: 'validation.max_length',
  pattern: 'validation.pattern',
  minValue: 'validation.min_value',
  maxValue: 'validation.max_value',
  decimals: 'validation.decimals',
  integer: 'validation.integer',
  choice: 'validation.choice',
  json: 'validation.json',
} as const;

function field<T>(spec: Partial<Field<T>> & Pick<Field<T>, 'column' | 'input' | 'widget'>, o: Common, natural: readonly FilterOp[]): Field<T> {
  const filter = o.filter === true ? natural : o.filter === false || o.filter === undefined ? [] : o.filter;
  return {
    hidden: false, secret: false, readOnly: false, required: false,
    list: true, sortable: false, search: false, filter: [],
    ...spec,
    ...(o.required !== undefined && { required: o.required }),
    ...(o.list !== undefined && { list: o.list }),
    ...(o.sortable !== undefined && { sortable: o.sortable }),
    ...(o.search !== undefined && { search: o.search }),
    ...(o.readOnly !== undefined && { readOnly: o.readOnly }),
    ...(o.hidden !== undefined && { hidden: o.hidden }),
    ...(o.filter !== undefined && { filter }),
    ...(o.label && { label: o.label }),
    ...(o.uniquePerOwner && { uniquePerOwner: true }),
    ...(o.entry && { entry: o.entry }),
    column: { ...spec.column, ...(o.unique && { unique: true }) },
  };
}

export interface TextOptions extends Common {
  min?: number;
  /** Characters; past 1024 the column is TEXT and the widget a textarea. */
  max?: number;
  pattern?: RegExp;
  messages?: { required?: Msg; min?: Msg; max?: Msg; pattern?: Msg; length?: Msg };
  /** Longer text: a TEXT column and a textarea. */
  long?: boolean;
  default?: string;
  auto?: 'token';
  /** The server writes it in a fixed form (schema/phrases.ts) that a list cell reads in the reader's words. */
  phrase?: Phrase;
  /**
   * An identity column: a value that says who or what (an account, an address,
   * an invitation code, a trade number). `exact` compares byte for byte;
   * `lower` also normalises to NFC and lower case at every write and lookup,
   * so `Victim@Example.com` and `victim@example.com` are one address and
   * `ADMIN` cannot sit beside `admin`.
   */
  identity?: Identity;
}

/** A value as an identity field stores and looks it up: the one normalisation, for writes and lookups alike. */
export function identityValue(f: Pick<Field, 'identity'>, value: string): string {
  return f.identity === 'lower' ? value.normalize('NFC').toLowerCase() : value;
}

/** Whether a field stores a number (ids, references, amounts, times): its filters take numbers, on both sides. */
export const isNumericColumn = (f: Pick<Field, 'column'>): boolean => ['increments', 'integer', 'bigint', 'decimal'].includes(f.column.type);

/** Longest text any field takes when it names no `max` (a MEDIUMTEXT holds 16 MB; a body is at most 1 MB). */
const TEXT_HARD_MAX = 1_000_000;

/**
 * An email address: one `@`, and a domain of dot-separated labels. Each part
 * is matched one way only (labels exclude the dot), so a failing match costs
 * linear time; the older `[^\s@]+\.[^\s@]+` split a run of dots every way.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

function textInput(o: TextOptions): z.ZodType<string> {
  const m = o.messages ?? {};
  let s = z.string({ error: m.required ?? M.required }).trim();
  if (o.required) s = s.min(1, { error: m.required ?? M.required });
  if (o.min) s = s.min(o.min, { error: m.length ?? m.min ?? M.min });
  // `abort`: an over-long value stops here and never reaches the pattern (no regex runs on a megabyte).
  s = s.max(o.max ?? TEXT_HARD_MAX, { error: m.length ?? m.max ?? M.max, abort: true });
  const pattern = o.pattern;
  // A blank optional value is allowed: the pattern speaks only of what is given.
  const checked = pattern ? s.refine((v) => v === '' || pattern.test(v), { error: m.pattern ?? M.pattern }) : s;
  return o.identity === 'lower' ? checked.transform((v) => identityValue(o, v)) as unknown as z.ZodType<string> : checked;
}

function text(o: TextOptions = {}): Field<string> {
  const long = o.long ?? (o.max ?? 255) > 1024;
  return field<string>({
    column: long ? { type: 'text', nullable: false } : { type: 'varchar', length: o.max ?? 255, nullable: false, default: o.default ?? '', ...(o.identity && { exact: true }) },
    input: textInput(o),
    widget: long ? 'textarea' : 'text',
    auto: o.auto,
    phrase: o.phrase,
    identity: o.identity,
    list: !long,
  }, o, ['eq', 'like']);
}

export interface NumberOptions extends Common {
  min?: number;
  max?: number;
  decimals?: number;
  /** The sibling field holding the currency of this amount. */
  money?: string;
  default?: number;
  messages?: { min?: Msg; max?: Msg; decimals?: Msg };
  /** 64-bit column (epoch milliseconds, large counters). */
  big?: boolean;
}

function numberInput(o: NumberOptions): z.ZodType<number> {
  let n = z.number({ error: M.integer });
  if (!o.decimals) n = n.int({ error: M.integer });
  if (o.min !== undefined) n = n.min(o.min, { error: o.messages?.min ?? M.minValue });
  if (o.max !== undefined) n = n.max(o.max, { error: o.messages?.max ?? M.maxValue });
  const scale = 10 ** (o.decimals ?? 0);
  return o.decimals
    ? n.refine((v) => Math.abs(Math.round(v * scale) - v * scale) < 1e-6, { error: o.messages?.decimals ?? M.decimals })
    : n;
}

function number(o: NumberOptions = {}): Field<number> {
  const column: Column = o.decimals
    ? { type: 'decimal', precision: 14, scale: o.decimals, nullable: false, default: o.default ?? 0 }
    : { type: o.big ? 'bigint' : 'integer', nullable: false, default: o.default ?? 0 };
  return field<number>({ column, input: numberInput(o), widget: 'number', decimals: o.decimals, money: o.money }, o, ['eq', 'gte', 'lte']);
}

export interface SelectOptions<V extends string> extends Common {
  options: readonly V[];
  /** i18n namespace of the choice labels; defaults to the field's own. */
  optionSet?: string;
  default: V;
  colors?: Readonly<Record<string, string>>;
  listValue?: boolean;
}

function select<const V extends string>(o: SelectOptions<V>): Field<V> {
  const length = Math.max(16, ...o.options.map((v) => v.length));
  return field<V>({
    column: { type: 'varchar', length, nullable: false, default: o.default },
    input: z.enum(o.options as unknown as [V, ...V[]], { error: M.choice }),
    widget: 'select', options: o.options, optionSet: o.optionSet, colors: o.colors, listValue: o.listValue,
  }, { sortable: true, filter: true, ...o }, ['eq']);
}

/** 0/1 flag shown as a switch. */
function flag(o: Common & { default?: 0 | 1 } = {}): Field<0 | 1> {
  return field<0 | 1>({
    column: { type: 'integer', nullable: false, default: o.default ?? 0 },
    input: z.union([z.literal(0), z.literal(1)], { error: M.choice }),
    widget: 'switch',
  }, { filter: true, ...o }, ['eq']);
}

/** Epoch seconds, shown as a date. */
function time(o: Common = {}): Field<number> {
  return field<number>({
    column: { type: 'bigint', nullable: false, default: 0 },
    input: z.number().int().min(0),
    widget: 'date',
  }, { sortable: true, filter: true, ...o }, ['gte', 'lte']);
}

export interface JsonOptions<T> extends Common {
  schema?: z.ZodType<T>;
  widget?: 'json' | 'files';
}

/** What one JSON value may cost, whatever its schema: checked before the schema runs, so no input makes it walk far. */
export const JSON_LIMITS = { bytes: 64 * 1024, depth: 8 } as const;

/** Whether `value` stays within JSON_LIMITS; stops at the first level or byte too many. */
function withinJsonLimits(value: unknown): boolean {
  let budget = JSON_LIMITS.bytes;
  const visit = (v: unknown, depth: number): boolean => {
    if (depth > JSON_LIMITS.depth) return false;
    if (v !== null && typeof v === 'object') {
      budget -= 2;
      for (const [k, child] of Object.entries(v)) {
        budget -= k.length + 2;
        if (budget < 0 || !visit(child, depth + 1)) return false;
      }
      return budget >= 0;
    }
    budget -= typeof v === 'string' ? v.length + 2 : String(v).length;
    return budget >= 0;
  };
  return visit(value, 0);
}

/** JSON value stored as text (portable across SQLite and MySQL), at most JSON_LIMITS in size and depth. */
function json<T = unknown>(o: JsonOptions<T> = {}): Field<T> {
  const bounded = z.unknown().refine(withinJsonLimits, {
    message: 'validation.json_too_large', params: { kb: JSON_LIMITS.bytes / 1024, depth: JSON_LIMITS.depth },
  });
  return field<T>({
    column: { type: 'json', nullable: true, default: null },
    input: bounded.pipe(o.schema ?? z.unknown()) as unknown as z.ZodType<T>,
    widget: o.widget ?? 'json', list: false,
  }, o, []);
}

/** Attachment paths (JSON list) uploaded through /api/file/upload. */
function files(o: Common & { max?: number } = {}): Field<string[]> {
  return json<string[]>({ schema: z.array(z.string().max(512)).max(o.max ?? 20), widget: 'files', ...o });
}

/** Ids of another resource kept as `|1|2|` so `LIKE '%|2|%'` finds members. */
function ids(o: Common & { ref: string }): Field<string> {
  return field<string>({
    column: { type: 'text', nullable: false },
    input: z.string().max(65_535, { error: M.max, abort: true }).regex(/^(\|(\d+\|)*)?$/, { error: 'validation.ids' }),
    widget: 'ids', ref: o.ref, list: false,
  }, o, ['like']);
}

/**
 * The id of one row of another resource (who used an invitation); 0 points
 * nowhere. The server refuses an id with no row, and the console shows the row
 * by its title (`useAsTitle`).
 */
function ref(o: Common & { ref: string }): Field<number> {
  return field<number>({
    column: { type: 'integer', nullable: false, default: 0 },
    input: numberInput({ min: 0 }),
    widget: 'ref', ref: o.ref,
  }, o, ['eq']);
}

/** Image URL (avatar, banner): http(s), protocol-relative or site path. */
function image(o: Common & { max?: number; messages?: { pattern?: Msg } } = {}): Field<string> {
  const f = text({ max: o.max ?? 255, pattern: /^(https?:\/\/|\/\/|\/)/, messages: { pattern: o.messages?.pattern ?? 'validation.image_url' }, ...o });
  return { ...f, widget: 'image', list: o.list ?? false };
}

/** Argon2id-hashed secret: never returned, blank on update keeps the old one. */
function password(o: Common & { min?: number; max?: number; messages?: TextOptions['messages'] } = {}): Field<string> {
  const f = text({ max: o.max ?? 32, min: o.min ?? 6, messages: o.messages, label: o.label });
  return { ...f, column: { type: 'varchar', length: 255, nullable: false, default: '' }, widget: 'password', hidden: true, secret: true, list: false };
}

const sys = <T>(system: SystemKind, column: Column, o: Common = {}): Field<T> =>
  field<T>({ column, input: z.never() as unknown as z.ZodType<T>, widget: 'none', system, readOnly: true }, o, ['eq', 'gte', 'lte']);

export const f = {
  text, number, select, flag, time, json, files, ids, ref, image, password,
  /** Auto-increment primary key. */
  id: (o: Pick<Common, 'list'> = {}) => sys<number>('id', { type: 'increments', nullable: false }, { sortable: true, filter: ['eq'], ...o }),
  /** Owner (user id) of a row: drives the `manage` scope. */
  owner: () => sys<number>('owner', { type: 'integer', nullable: false, default: 0 }, { filter: ['eq'], list: false }),
  /** Up/down order (`sort` action). */
  serial: () => sys<number>('serial', { type: 'integer', nullable: false, default: 0 }, { sortable: true, list: false }),
  /** createTime and updateTime, epoch seconds, set by the server. */
  timestamps: () => ({
    createTime: sys<number>('createTime', { type: 'bigint', nullable: false, default: 0 }, { sortable: true, filter: ['gte', 'lte'] }),
    updateTime: sys<number>('updateTime', { type: 'bigint', nullable: false, default: 0 }, { sortable: true, filter: ['gte', 'lte'], list: false }),
  }),
  /** Soft delete: a row with deleteTime > 0 is in the recycle bin. */
  deleteTime: () => sys<number>('deleteTime', { type: 'bigint', nullable: false, default: 0 }, { sortable: true, filter: ['gte', 'lte'], list: false }),
  /** While 1, the resource's `locked` fields cannot change; only a super-admin sets or lifts it. */
  lock: (): Field<0 | 1> => ({ ...flag({ list: false }), system: 'lock' }),
};

