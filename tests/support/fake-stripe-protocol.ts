/**
 * The wire rules of Stripe's API that the fake in fake-stripe.ts enforces, so
 * a client that passes against it speaks to Stripe the same way: form bodies
 * in bracket notation, a secret key as a bearer token, a `Stripe-Version`
 * header, Stripe's error shape, and `Idempotency-Key` replay and mismatch.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export type Params = { [key: string]: string | Params | Params[] | string[] };

/** A Stripe error answer: `{error: {type, message, param?, code?}}` with its HTTP status. */
export class StripeError extends Error {
  constructor(readonly status: number, readonly type: string, message: string, readonly param?: string, readonly code?: string) {
    super(message);
  }
  body() {
    return { error: { type: this.type, message: this.message, ...(this.param && { param: this.param }), ...(this.code && { code: this.code }) } };
  }
}
export const invalid = (message: string, param?: string, code = 'parameter_missing') => new StripeError(400, 'invalid_request_error', message, param, code);

/**
 * `line_items[0][price_data][currency]=hkd` -> `{line_items: [{price_data: {currency: 'hkd'}}]}`.
 * A key whose segments are all numbers becomes an array; anything not in
 * bracket notation is refused, as Stripe refuses a JSON body.
 */
export function parseForm(body: string): Params {
  const root: Params = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const match = /^([A-Za-z0-9_]+)((?:\[[A-Za-z0-9_]*\])*)$/.exec(key);
    if (!match) throw invalid(`Received unknown parameter: ${key}`, key, 'parameter_unknown');
    // Stripe reads an empty value as unsetting the parameter, which a create call cannot do (a metadata key aside).
    if (value === '' && match[1] !== 'metadata') {
      throw invalid(`You passed an empty string for '${key}'. We assume empty values are an attempt to unset a parameter; however '${key}' cannot be unset. You should remove '${key}' from your request or supply a non-empty value.`, key, 'parameter_invalid_empty');
    }
    const path = [match[1]!, ...[...match[2]!.matchAll(/\[([^\]]*)\]/g)].map((m) => m[1]!)];
    let node: any = root;
    path.forEach((segment, i) => {
      const last = i === path.length - 1;
      if (segment === '' ) throw invalid(`Invalid array: ${key}`, key, 'parameter_invalid_empty');
      if (last) node[segment] = value;
      else node = node[segment] ??= {};
    });
  }
  return arrays(root) as Params;
}

/** Objects keyed 0..n-1 are arrays, as Stripe reads `payment_method_types[0]`. */
function arrays(node: unknown): unknown {
  if (!node || typeof node !== 'object') return node;
  const entries = Object.entries(node as Record<string, unknown>).map(([k, v]) => [k, arrays(v)] as const);
  const keys = entries.map(([k]) => k);
  if (keys.length && keys.every((k, i) => k === String(i))) return entries.map(([, v]) => v);
  return Object.fromEntries(entries);
}

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Who is calling: a test secret key, or a 401 worded as Stripe words it. */
export function authenticate(req: IncomingMessage): string {
  const header = req.headers.authorization ?? '';
  const key = /^Bearer (\S+)$/.exec(header)?.[1];
  if (!key) throw new StripeError(401, 'invalid_request_error', 'You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. \'Authorization: Bearer YOUR_SECRET_KEY\').');
  if (!/^(sk|rk)_test_[A-Za-z0-9]+$/.test(key)) {
    throw new StripeError(401, 'invalid_request_error', `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`, undefined, 'api_key_invalid');
  }
  if (!req.headers['stripe-version']) throw invalid('The Stripe-Version header is required by this API.', undefined, 'stripe_version_missing');
  return key;
}

interface Stored { fingerprint: string; status: number; body: unknown; done: boolean }

/**
 * Stripe keeps an `Idempotency-Key` (per API key) for 24 hours: the same key
 * with the same parameters answers the stored answer again, with
 * `Idempotent-Replayed: true`; other parameters are a 400 idempotency_error;
 * a second request while the first is still running is a 409.
 */
export class IdempotencyStore {
  private readonly keys = new Map<string, Stored>();
  replays = 0;

  async run(apiKey: string, key: string | undefined, fingerprintOf: { method: string; path: string; body: string },
    work: () => Promise<{ status: number; body: unknown }>): Promise<{ status: number; body: unknown; replayed: boolean }> {
    if (!key) return { ...(await work()), replayed: false };
    const id = `${apiKey}\n${key}`;
    const fingerprint = createHash('sha256').update(`${fingerprintOf.method} ${fingerprintOf.path}\n${fingerprintOf.body}`).digest('hex');
    const stored = this.keys.get(id);
    if (stored) {
      if (stored.fingerprint !== fingerprint) {
        throw new StripeError(400, 'idempotency_error', `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`);
      }
      if (!stored.done) throw new StripeError(409, 'idempotency_error', 'There is currently another in-progress request using this Stripe API key and idempotency key. Please try again later.');
      this.replays++;
      return { status: stored.status, body: stored.body, replayed: true };
    }
    const entry: Stored = { fingerprint, status: 0, body: null, done: false };
    this.keys.set(id, entry);
    try {
      const answer = await work();
      Object.assign(entry, answer, { done: true });
      return { ...answer, replayed: false };
    } catch (error) {
      // Stripe keeps a 4xx answer under the key too; a failure of the fake itself is not stored.
      if (error instanceof StripeError) {
        Object.assign(entry, { status: error.status, body: error.body(), done: true });
      } else {
        this.keys.delete(id);
      }
      throw error;
    }
  }
}

export const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
export const obj = (v: unknown): Params | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Params) : undefined);
export const integer = (v: unknown, param: string): number | undefined => {
  if (v === undefined) return undefined;
  if (typeof v !== 'string' || !/^-?\d+$/.test(v)) throw invalid(`Invalid integer: ${String(v)}`, param, 'parameter_invalid_integer');
  return Number(v);
};
