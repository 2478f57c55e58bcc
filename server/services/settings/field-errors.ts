/**
 * A zod failure as the API contract's 400: `msg` names the first bad field,
 * `data.errors` lists one message per field (the first, as a form shows one).
 * Messages are i18n keys with their params (`%{min}`, `%{max}`).
 */
import type { z } from 'zod';
import { fieldErrors, withLabels, type FieldError } from '../../../schema/issues';
import { AppError } from '../../http';

export { fieldErrors, type FieldError };

/** `labelKeyOf` names each field's label in the catalogs, so the message reads the label, not the key. */
export function invalidInput(error: z.ZodError, root = '', labelKeyOf?: (field: string) => string): AppError {
  const found = fieldErrors(error, { fallback: root });
  const errors = labelKeyOf ? withLabels(found, labelKeyOf) : found;
  const first = errors[0] ?? { field: root, message: 'validation.invalid_type' };
  return new AppError(400, 'errors.invalid_field', { ...first.params, field: first.field, message: first.message }, { errors });
}
