/**
 * Form validation straight from each field's zod `input`: the
 * schema's messages are i18n keys, and the issue's bounds become the
 * `%{min}`/`%{max}` of the translation.
 */
import { emptyValue, isBlank, keepsWhenBlank, requiredMessage, type Field } from '../../schema/define';

export interface FieldError {
  message: string;
  args: Record<string, unknown>;
}

export function validateValue(field: Field, value: unknown): FieldError | undefined {
  // The schema's contract of "empty": a blank is fine where the field has an empty value (or keeps its own).
  if (isBlank(value)) return keepsWhenBlank(field) || emptyValue(field) !== undefined ? undefined : { message: requiredMessage(field), args: {} };
  const result = field.input.safeParse(value);
  if (result.success) return undefined;
  const issue = result.error.issues[0]! as { message: string; minimum?: unknown; maximum?: unknown };
  return { message: issue.message, args: { min: issue.minimum, max: issue.maximum, _: issue.message } };
}

/** A react-admin `validate` function for one field. */
export const validatorFor = (field: Field) => (value: unknown) => validateValue(field, value);

/** Attachments are a JSON list of paths; a value that is not one reads as no attachments. */
export function parseFileList(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  if (typeof value !== 'string' || !value.trim()) return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/** `|1|2|` <-> [1, 2] for the ids picker. */
export const idsFromPipes = (value: unknown): number[] =>
  typeof value === 'string' ? value.split('|').filter(Boolean).map(Number) : [];
export const idsToPipes = (ids: unknown): string =>
  Array.isArray(ids) && ids.length > 0 ? `|${ids.join('|')}|` : '';
