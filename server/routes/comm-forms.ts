/**
 * The bodies of the public account calls (sign-up, forgotten password),
 * checked with the users schema's own rules for account, phone and email, and
 * the stricter sign-up rule for a new password (at least 8 characters).
 * A bad body is a 400 naming the first bad field, like every other call.
 */
import { z } from 'zod';
import { users } from '../../schema';
import { identityValue } from '../../schema/define';
import type { Social } from '../auth/accounts';
import type { SignInKeys } from '../auth/rsa';
import { invalidInput } from '../services/settings/field-errors';

const required = { error: 'validation.required' };

/** A mainland phone number or an email address, by the users schema's patterns. */
/** Longer than any phone or address a user has: refused before a pattern looks at it. */
const SOCIAL_MAX = 128;
const social = z.string(required).trim().min(1, required).max(SOCIAL_MAX, { error: 'errors.social_invalid', abort: true }).transform((value, ctx): Social => {
  if (users.fields.phone.input.safeParse(value).success) return { kind: 'phone', target: value };
  if (users.fields.email.input.safeParse(value).success) return { kind: 'email', target: identityValue(users.fields.email, value) };
  ctx.issues.push({ code: 'custom', message: 'errors.social_invalid', input: value });
  return z.NEVER;
});

const code = z.string(required).trim().min(1, required).max(32, { error: 'validation.max_length' });
const account = users.fields.account.input;
/** Sign-up and reset ask more of a password than the user form (at least 8 characters, against guessing). */
const newPassword = z.string(required).min(8, { error: 'errors.password_short' }).max(32, { error: 'validation.max_length' });
const passwordPair = { password: newPassword, AgainPassword: z.string(required).max(32, { error: 'validation.max_length' }) };
const samePasswords = (v: { password: string; AgainPassword: string }) => v.password === v.AgainPassword;
const differ = { path: ['AgainPassword'], error: 'errors.passwords_differ' };

/** A blank optional field is an absent one (the forgotten-password form sends either of two). */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());
/** A reset names the account, or the phone or address the code goes to: one of them is required. */
const socialOrAccount = { path: ['social'], error: 'errors.social_or_account' };
const hasSocialOrAccount = (v: { social?: Social; account?: string }) => v.social !== undefined || v.account !== undefined;

const forms = {
  codeRequest: z.object({ social }),
  signCode: z.object({ social, code }),
  signUp: z.object({ social, account, ...passwordPair, code, invite: z.string().trim().max(32).optional() }).refine(samePasswords, differ),
  resetRequest: z.object({ social: optional(social), account: optional(account) }).refine(hasSocialOrAccount, socialOrAccount),
  reset: z.object({ social: optional(social), account: optional(account), ...passwordPair, code })
    .refine(hasSocialOrAccount, socialOrAccount).refine(samePasswords, differ),
};
export type Form<K extends keyof typeof forms> = z.infer<(typeof forms)[K]>;

/** Fields the console may send RSA-encrypted, as at sign-in. */
const SEALED = ['account', 'password', 'AgainPassword'] as const;

/** The checked body, with sealed fields opened; 400 otherwise. */
export function readForm<K extends keyof typeof forms>(kind: K, body: unknown, keys: SignInKeys): Form<K> {
  const raw: Record<string, unknown> = { ...(body && typeof body === 'object' ? body : {}) };
  for (const field of SEALED) if (field in raw) raw[field] = keys.open(raw[field]);
  const parsed = forms[kind].safeParse(raw);
  if (!parsed.success) throw invalidInput(parsed.error);
  return parsed.data as Form<K>;
}

const blank = (v: unknown) => v === undefined || v === null || v === '';

/** Whether a body asks for a code: none of `fields` (the ones that complete the flow) is filled. */
export const asksForCode = (body: unknown, fields: readonly string[]) =>
  fields.every((k) => blank((body as Record<string, unknown> | null | undefined)?.[k]));
