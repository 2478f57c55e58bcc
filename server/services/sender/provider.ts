/** What the SMS drivers share: where to call, how long to wait, how failure looks. */
import { AppError } from '../../http';

/** A provider call may not hold a sign-up request hostage. */
const PROVIDER_TIMEOUT_MS = 10_000;

/**
 * The user learns only that the message could not be sent; what the provider
 * said (its error code, never our keys) goes to the log through `cause`.
 */
export function sendFailed(provider: string, detail: string, key = 'errors.sms_failed'): AppError {
  return Object.assign(new AppError(503, key), { cause: new Error(`${provider}: ${detail}`) });
}

/** A settings endpoint is a host (`dysmsapi.aliyuncs.com`) or a full URL (tests, proxies). */
export function endpointUrl(setting: string | undefined, defaultHost: string): URL {
  const value = setting?.trim() || defaultHost;
  return new URL(value.includes('://') ? value : `https://${value}`);
}

/** `fetch` whose network failures and timeouts become the provider's 503. */
export async function callProvider(provider: string, url: URL, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) });
  } catch (error) {
    throw sendFailed(provider, `request failed: ${(error as Error).message}`);
  }
}

/** RFC 3986 percent-encoding (`encodeURIComponent` leaves `!'()*` alone; signers may not). */
export const rfc3986 = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** Mainland numbers are stored as 11 digits; international ones carry their `+`. */
export const toE164 = (phone: string) => (phone.startsWith('+') ? phone : `+86${phone}`);
