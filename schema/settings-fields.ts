/**
 * The builders a settings field is made with, and the registry of what a form
 * needs beyond its type (schema/settings.ts). Apart from the files so that a
 * payment provider's declaration (schema/providers/) can describe its own
 * pay.toml section with them, and the settings schema take it from there;
 * and the value generators. Small on purpose: the console's first load reads
 * these (config rows, invite codes), not the settings files' schema.
 *
 * Browser-safe: the generators use `crypto.getRandomValues`.
 */
import { z } from 'zod';

export interface Choice {
  value: string | number;
  /** i18n key of the label. */
  label: string;
  /** Placeholders of the label (`DB%{n}`). */
  params?: Record<string, string | number>;
}
export type Generator = 'password' | 'jwtKey' | 'apiKey' | 'webhookSecret';
export interface FieldMeta {
  /** Never sent to the browser; a blank value on update keeps the stored one. */
  secret?: true;
  /** The form offers a button that fills the field with this generator. */
  generate?: Generator;
  /** Sent to the browser but shown as dots until asked for (an API key someone may look over a shoulder at). */
  masked?: true;
  /** Suggested or allowed values (enums: allowed; numbers and regions: suggested). */
  choices?: readonly Choice[];
  /** `date`: epoch seconds picked as a date; `image`: an image URL with an upload button. */
  widget?: 'date' | 'image';
  /** An array of ids picked from this resource's records. */
  reference?: string;
}
export const settingsMeta = z.registry<FieldMeta>();
export const fieldMeta = (schema: z.ZodType): FieldMeta => settingsMeta.get(schema) ?? {};

// ---- field builders -------------------------------------------------------

/** Missing is "required"; present but of another type names the expected type. */
const typeError = (kind: 'string' | 'integer') => (issue: { input?: unknown }) =>
  issue.input === undefined ? 'validation.required' : `validation.${kind}`;

interface TextRules {
  required?: boolean;
  min?: number;
  max?: number;
  pattern?: RegExp;
  /** Message of the pattern: `validation.pattern` unless a named one fits better. */
  message?: string;
}

export function text(r: TextRules = {}) {
  let s = z.string({ error: typeError('string') }).trim().max(r.max ?? 255, { error: 'validation.max_length', abort: true });
  if (r.required) s = s.min(1, { error: 'validation.required' });
  // Optional with a minimum: blank (not given) passes, a value given has the minimum (a Redis password).
  if (r.min) s = r.required ? s.min(r.min, { error: 'validation.min_length' }) : s.refine((v) => v === '' || v.length >= r.min!, { error: 'validation.min_length', params: { min: r.min } });
  const pattern = r.pattern;
  // A blank optional value is allowed: the pattern speaks only of what is given.
  // (An over-long value never reaches the pattern: the max check aborts first.)
  return pattern ? s.refine((v) => v === '' || pattern.test(v), { error: r.message ?? 'validation.pattern' }) : s;
}

export const int = (min: number, max: number, message?: { min?: string; max?: string }) =>
  z.number({ error: typeError('integer') }).int({ error: 'validation.integer' })
    .min(min, { error: message?.min ?? 'validation.min_value' })
    .max(max, { error: message?.max ?? 'validation.max_value' });

export function secret<T extends z.ZodType>(schema: T, generate?: Generator): T {
  settingsMeta.add(schema as z.ZodType, generate ? { secret: true, generate } : { secret: true });
  return schema;
}

export function choice<const V extends string>(values: readonly V[], set: string) {
  return z.enum(values as unknown as [V, ...V[]], { error: 'validation.choice' })
    .register(settingsMeta, { choices: values.map((value) => ({ value, label: `settings.options.${set}.${value}` })) });
}

/** A section: a strict object, so a misspelt key is refused instead of silently dropped. */
export const section = <S extends z.ZodRawShape>(shape: S) =>
  z.strictObject(shape, { error: (issue) => (issue.code === 'unrecognized_keys' ? 'validation.unknown_field' : 'validation.invalid_type') });

/** A Standard Webhooks / Stripe signing secret: `whsec_` and base64. */
export const WEBHOOK_SECRET = /^whsec_[A-Za-z0-9+/]+={0,2}$/;
/** One or more secrets separated by spaces: a notification signed with any of them is accepted (rotation without downtime). */
export const webhookSecrets = () =>
  text({ max: 1024, pattern: /^whsec_[A-Za-z0-9+/]+={0,2}(?:\s+whsec_[A-Za-z0-9+/]+={0,2})*$/, message: 'validation.webhook_secret' });

// ---- generators -------------------------------------------------------------

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Uniform random characters (rejection sampling: no modulo bias). */
export function randomString(length: number, alphabet = ALNUM): string {
  const limit = 256 - (256 % alphabet.length);
  let out = '';
  while (out.length < length) {
    for (const byte of crypto.getRandomValues(new Uint8Array(length * 2))) {
      if (byte < limit && out.length < length) out += alphabet[byte % alphabet.length];
    }
  }
  return out;
}

export const generatePassword = () => randomString(12);
/** A prefix plus 23 random characters, upper-cased. */
export const generateJwtKey = (prefix = 'PAYDESK_') => (prefix + randomString(23)).toUpperCase();
export const generateApiKey = () => randomString(32);
/** A Standard Webhooks secret: `whsec_` + base64 of 24 random bytes. */
export const generateWebhookSecret = () => 'whsec_' + btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(24))));
export const GENERATORS: Record<Generator, () => string> = {
  password: generatePassword, jwtKey: generateJwtKey, apiKey: generateApiKey, webhookSecret: generateWebhookSecret,
};
