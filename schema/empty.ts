import type { Field, Widget } from './field-types';
import { M } from './fields';

/**
 * "Empty", one contract per field kind, read by the generated form (what it
 * sends for a cleared input) and by the server (what it stores for a blank
 * value): a text, image or `|1|2|` list is `''`, a list of files `[]`, a JSON
 * value `null`, a date or a reference `0` ("not set"), a number its column
 * default, a select `''` when `''` is one of its choices. A field has no empty
 * (a blank is "required") when it is required, or when its own validator
 * refuses that value (an amount of at least 1, a select without `''`).
 * Secrets and generated (`auto`) fields keep their stored value when blank.
 */
const EMPTY_BY_WIDGET: Record<Widget, (f: Field) => unknown> = {
  none: () => undefined,
  text: () => '', textarea: () => '', password: () => '', image: () => '', ids: () => '',
  select: (f) => (f.options?.includes('') ? '' : undefined),
  number: (f) => f.column.default ?? 0,
  ref: () => 0,
  date: () => 0,
  switch: (f) => f.column.default ?? 0,
  json: () => null,
  files: () => [],
};

/** null, undefined or a blank text: what a cleared input gives (a list of files cleared is `[]`, already its empty). */
export const isBlank = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** A blank secret keeps the stored hash; a blank generated field keeps (or, on create, gets) its generated value. */
export const keepsWhenBlank = (f: Field): boolean => f.secret || f.auto !== undefined;

/** The value a blank stands for in this field, or undefined when the field needs a value. */
export function emptyValue(f: Field): unknown {
  if (f.required) return undefined;
  const empty = EMPTY_BY_WIDGET[f.widget](f);
  return empty !== undefined && f.input.safeParse(empty).success ? empty : undefined;
}

/** What a blank required field is told: a text its own words, any other field the generic ones. */
export function requiredMessage(f: Field): string {
  const textual = f.widget === 'text' || f.widget === 'textarea';
  const blank = textual ? f.input.safeParse('') : undefined;
  return blank && !blank.success ? blank.error.issues[0]!.message : M.required;
}
