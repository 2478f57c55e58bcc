/**
 * A zod failure as the API contract's 400: `msg` names the first bad field,
 * `data.errors` lists one message per field (the first, as a form shows one).
 * Messages are i18n keys with their params (`%{min}`, `%{max}`).
 */
import type { z } from 'zod';
import { fieldErrors, type FieldError } from '../../../schema/issues';
import { AppError } from '../../http';

export { fieldErrors, type FieldError };

export function invalidInput(error: z.ZodError, root = ''): AppError {
  const errors = fieldErrors(error, { fallback: root });
  const first = errors[0] ?? { field: root, message: 'validation.invalid_type' };
  return new AppError(400, 'errors.invalid_field', { ...first.params, field: first.field, message: first.message }, { errors });
}
