/**
 * PayPal's REST API as the connector calls it: `fetch`, an OAuth2 bearer
 * token from the client credentials, and `PayPal-Request-Id` on every write.
 *
 * Why not the official @paypal/paypal-server-sdk: its client knows two
 * environments (Production and Sandbox, each a fixed host), with no base URI
 * of our own, so neither `PAYPAL_API_BASE` nor a test's local fake can be
 * reached through it; and its controllers (orders, payments, vault,
 * transaction search, subscriptions) have no call for verifying a webhook,
 * which this connector must make on every notification. The calls needed
 * are five small JSON requests, written here against PayPal's REST reference.
 *
 * The token is cached and fetched again a while before it expires; while one
 * fetch is under way every other call waits on it, so concurrent requests
 * make one token request. A 401 (a token revoked early) drops it and the call
 * is made once more with a fresh one.
 */
import { AppError } from '../../http';

export interface PayPalCredentials {
  client_id: string;
  client_secret: string;
}

/** What PayPal answered with a status of 400 or more: its `name` and the first detail's `issue` (`ORDER_NOT_APPROVED`). */
export class PayPalError extends Error {
  constructor(readonly status: number, readonly code: string, readonly issue: string, message: string) {
    super(message);
  }
}

export interface PayPalApiOptions {
  /** `https://api-m.sandbox.paypal.com`, or a fake's address; read on every call (the mode may change in settings). */
  base: () => string;
  credentials: () => PayPalCredentials;
  /** Epoch milliseconds (the app's clock), for the token's expiry. */
  now?: () => number;
  /** Milliseconds before a call counts as failed. */
  timeoutMs?: number;
}

/** A token is fetched again when less than this is left of it (PayPal's live for about nine hours). */
const REFRESH_BEFORE_MS = 5 * 60_000;

export interface PayPalApi {
  /** A JSON call; `requestId` makes a write idempotent at PayPal (the same id answers the first answer). */
  call<T>(method: 'GET' | 'POST', path: string, body?: unknown, requestId?: string): Promise<T>;
  /** How many tokens were fetched (tests and the bench read it). */
  readonly tokenFetches: number;
}

export function paypalApi(o: PayPalApiOptions): PayPalApi {
  const now = o.now ?? Date.now;
  const timeout = o.timeoutMs ?? 20_000;
  let cached: { key: string; token: string; refreshAt: number } | undefined;
  let fetching: { key: string; token: Promise<string> } | undefined;
  let fetches = 0;

  async function fetchToken(key: string, base: string, credentials: PayPalCredentials): Promise<string> {
    fetches++;
    const basic = Buffer.from(`${credentials.client_id}:${credentials.client_secret}`).toString('base64');
    const res = await fetch(`${base}/v1/oauth2/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: 'grant_type=client_credentials',
      signal: AbortSignal.timeout(timeout),
    });
    const answer = await res.json().catch(() => ({})) as { access_token?: string; expires_in?: number; error_description?: string };
    if (!res.ok || !answer.access_token) {
      // Wrong credentials are the operator's to fix: said as a refusal, not as PayPal being down.
      if (res.status === 401 || res.status === 400) throw new PayPalError(res.status, 'AUTHENTICATION_FAILURE', '', answer.error_description ?? 'client authentication failed');
      throw new PayPalError(res.status, 'TOKEN_UNAVAILABLE', '', `token request answered ${res.status}`);
    }
    const lifeMs = (answer.expires_in ?? 0) * 1000;
    cached = { key, token: answer.access_token, refreshAt: now() + lifeMs - Math.min(REFRESH_BEFORE_MS, lifeMs / 2) };
    return answer.access_token;
  }

  /** The cached token for these credentials, or one fetch of a new one shared by every caller waiting meanwhile. */
  function token(base: string, credentials: PayPalCredentials): Promise<string> {
    const key = `${base}\n${credentials.client_id}\n${credentials.client_secret}`;
    if (cached?.key === key && now() < cached.refreshAt) return Promise.resolve(cached.token);
    if (fetching?.key === key) return fetching.token;
    const pending = fetchToken(key, base, credentials).finally(() => {
      if (fetching?.token === pending) fetching = undefined;
    });
    fetching = { key, token: pending };
    return pending;
  }

  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown, requestId?: string, again = true): Promise<T> {
    const base = o.base();
    const credentials = o.credentials();
    if (!credentials.client_id || !credentials.client_secret) throw new AppError(409, 'errors.channel_not_ready', { channel: 'PayPal' });
    const bearer = await token(base, credentials);
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${bearer}`, accept: 'application/json',
        ...(body !== undefined && { 'content-type': 'application/json' }),
        ...(requestId && { 'paypal-request-id': requestId }),
        prefer: 'return=representation',
      },
      // A string is sent as it is: the webhook check embeds the notification's own bytes in its body.
      ...(body !== undefined && { body: typeof body === 'string' ? body : JSON.stringify(body) }),
      signal: AbortSignal.timeout(timeout),
    });
    if (res.status === 401 && again) {
      if (cached?.token === bearer) cached = undefined;
      return call<T>(method, path, body, requestId, false);
    }
    const text = await res.text();
    let answer: Record<string, any> = {};
    try {
      answer = text ? JSON.parse(text) : {};
    } catch {
      // Not JSON (a proxy's error page): its status says enough.
    }
    if (!res.ok) {
      const issue = String(answer.details?.[0]?.issue ?? '');
      throw new PayPalError(res.status, String(answer.name ?? answer.error ?? 'HTTP_' + res.status), issue, String(answer.message ?? answer.error_description ?? text).slice(0, 200));
    }
    return answer as T;
  }

  return {
    call: (method, path, body, requestId) => call(method, path, body, requestId),
    get tokenFetches() { return fetches; },
  };
}

/**
 * PayPal's reason when it understood and refused (an amount it cannot take, an order not approved, a refund
 * over what is left, wrong credentials): asking again changes nothing. Undefined for any other failure.
 */
export function refusalOf(error: unknown): string | undefined {
  if (!(error instanceof PayPalError)) return undefined;
  if (error.status >= 500 || error.status === 429 || error.status === 408) return undefined;
  return `${error.issue || error.code}: ${error.message}`.slice(0, 200);
}

/** A PayPal failure as the caller should see it: never a 500, never PayPal's internals; a refusal is a 409 with PayPal's reason. */
export function providerError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const reason = refusalOf(error);
  return reason === undefined ? new AppError(502, 'errors.provider_unavailable') : new AppError(409, 'errors.provider_refused', { reason });
}
