/**
 * A zod failure as the API contract's 400: `msg` names the first bad field,
 * `data.errors` lists one message per field (the first, as a form shows one).
 * Messages are i18n keys with their params (`%{min}`, `%{max}`).
 */
import type { z } from 'zod';
import { AppError } from '../../http';

export interface FieldError {
  field: string;
  message: string;
  params?: Record<string, unknown>;
}

export function fieldErrors(error: z.ZodError, root = ''): FieldError[] {
  const byField = new Map<string, FieldError>();
  for (const issue of error.issues) {
    const at = issue.path.join('.');
    const fields = issue.code === 'unrecognized_keys' ? issue.keys.map((key) => (at ? `${at}.${key}` : key)) : [at];
    for (const field of fields.map((f) => f || root)) {
      if (byField.has(field)) continue;
      if (issue.code === 'unrecognized_keys') byField.set(field, { field, message: 'validation.unknown_field', params: { field } });
      else byField.set(field, { field, message: issue.message, ...limits(issue) });
    }
  }
  return [...byField.values()];
}

function limits(issue: z.core.$ZodIssue): { params?: Record<string, unknown> } {
  if (issue.code === 'too_small') return { params: { min: Number(issue.minimum) } };
  if (issue.code === 'too_big') return { params: { max: Number(issue.maximum) } };
  return {};
}

export function invalidInput(error: z.ZodError, root = ''): AppError {
  const errors = fieldErrors(error, root);
  const first = errors[0] ?? { field: root, message: 'validation.invalid_type' };
  return new AppError(400, 'errors.invalid_field', { ...first.params, field: first.field, message: first.message }, { errors });
}
