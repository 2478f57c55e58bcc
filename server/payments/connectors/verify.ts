/** What every connector's `verify` shares: reading a header, and the one refusal for a bad signature. */
import { AppError } from '../../http';

/** Refused before anything is read: the same answer whatever was wrong, so nothing is learnt from it. */
export const badSignature = () => new AppError(401, 'errors.notify_signature');
/** How old a signed notification may be (Standard Webhooks and Stripe both suggest five minutes). */
export const TOLERANCE_SECONDS = 300;

export const header = (headers: Record<string, unknown>, name: string) => {
  const value = headers[name];
  // Stryker disable next-line ConditionalExpression: Node gives every header but set-cookie as one string, so a value is a string or missing
  return typeof value === 'string' ? value : undefined;
};

/** Secrets of a provider from pay.toml: several, separated by spaces, any of which may have signed. */
export const secretsOf = (value: string) => value.match(/\S+/g) ?? [];

/** 401 when the operator has set no secret: nothing can be verified. */
export function requireSecrets(value: string): string[] {
  const secrets = secretsOf(value);
  if (!secrets.length) throw new AppError(401, 'errors.notify_not_configured');
  return secrets;
}
