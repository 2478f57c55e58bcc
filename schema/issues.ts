/**
 * A zod failure as field errors: `{field, message, params}` with `message` an
 * i18n key (`validation.*`) and `%{min}`/`%{max}` in `params`. Our schemas
 * give their own keys; zod's built-in texts (an unknown key, a wrong type)
 * are mapped to ours so no raw English reaches a user. Shared by the server's
 * 400 answers and the admin's forms.
 */
import type { z } from 'zod';

export interface FieldError {
  field: string;
  message: string;
  params?: Record<string, unknown>;
}

type Issue = z.core.$ZodIssue;

function messageOf(issue: Issue): string {
  // Our schemas' messages are catalog keys (`validation.min_value`, `errors.passwords_differ`).
  if (/^[a-z_]+(\.[\w-]+)+$/.test(issue.message)) return issue.message;
  switch (issue.code) {
    case 'too_small': return issue.origin === 'string' ? 'validation.min_length' : 'validation.min_value';
    case 'too_big': return issue.origin === 'string' ? 'validation.max_length' : 'validation.max_value';
    case 'invalid_value': return 'validation.choice';
    case 'invalid_format': return 'validation.pattern';
    case 'invalid_type': return 'validation.invalid_type';
    default: return 'validation.input_invalid';
  }
}

function params(issue: Issue): Record<string, unknown> | undefined {
  if (issue.code === 'too_small') return { min: Number(issue.minimum) };
  if (issue.code === 'too_big') return { max: Number(issue.maximum) };
  if (issue.code === 'custom' && issue.params) return issue.params;
  return undefined;
}

/**
 * One error per field (the first, as a form shows one). Fields are dotted
 * paths, under `prefix` when given; an issue about the whole value is filed
 * under `fallback` (or the prefix).
 */
export function fieldErrors(error: z.ZodError, opts: { prefix?: string; fallback?: string } = {}): FieldError[] {
  const byField = new Map<string, FieldError>();
  const join = (...parts: Array<string | number | undefined>) => parts.filter((p) => p !== '' && p !== undefined).join('.');
  for (const issue of error.issues) {
    const path = join(opts.prefix, ...(issue.path as Array<string | number>));
    const at = path || (opts.fallback ?? '');
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        const field = join(path, key);
        if (!byField.has(field)) byField.set(field, { field, message: 'validation.unknown_field', params: { field: key } });
      }
    } else if (!byField.has(at)) {
      const p = params(issue);
      byField.set(at, { field: at, message: messageOf(issue), ...(p && { params: p }) });
    }
  }
  return [...byField.values()];
}

/**
 * The same errors, each naming the catalog key of its field's label
 * (`params.label`), so a message can say "缓存前缀：…" rather than "prefix：…".
 */
export const withLabels = (errors: FieldError[], labelKeyOf: (field: string) => string): FieldError[] =>
  errors.map((e) => ({ ...e, params: { ...e.params, label: labelKeyOf(e.field) } }));
