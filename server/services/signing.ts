/**
 * Request signing (SYSTEM_SAFETY_API.sign): every /api call carries
 * `X-Timestamp` (epoch seconds), `X-Nonce` and `X-Sign`, the hex
 * HMAC-SHA256 with the API key over
 *
 *   METHOD \n /path \n canonical params \n timestamp \n nonce
 *
 * where the canonical params are the query and the top-level JSON body fields
 * merged, sorted by key, `encodeURIComponent(k)=encodeURIComponent(v)` joined
 * by `&` (strings as they are, other values JSON). A missing or wrong
 * signature, a timestamp more than 300 s away, or a nonce seen before is
 * refused with 401 and a message saying which. Anonymous public reads (GET
 * on a `common` rule with no token: an order by tradeNo, SITE_INFO, the docs)
 * are exempt: they carry nothing to protect, and payers' pages stay light. A
 * call that carries a token is signed wherever it goes, since a captured one
 * could be replayed with the caller's rights. `comm/init` is always exempt:
 * it is how a client learns whether, and with which key, to sign.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../http';
import type { KeyValueCache } from '../types';
import type { ConfigRows } from './config-rows';

export const SIGN_WINDOW_SECONDS = 300;

/**
 * `query` as Fastify parses it (always an object), `body` as it parsed the JSON: only an object's
 * fields count, so an array, a string or null signs as no parameters. Nothing parsed from a query
 * or from JSON is ever `undefined`, so there is none to leave out. A multipart upload's body is
 * not parsed before the handler reads its parts (it is `undefined` here): it signs as its query.
 */
export function canonicalParams(query: Record<string, unknown>, body: unknown): string {
  const merged: Record<string, unknown> = { ...query, ...(typeof body === 'object' && !Array.isArray(body) ? body : {}) };
  return Object.keys(merged)
    .sort()
    .map((k) => `${encodeURIComponent(k)}=${encodeURIComponent(typeof merged[k] === 'string' ? (merged[k] as string) : JSON.stringify(merged[k]))}`)
    .join('&');
}

export function signRequest(key: string, method: string, path: string, params: string, timestamp: string, nonce: string): string {
  return createHmac('sha256', key).update([method.toUpperCase(), path, params, timestamp, nonce].join('\n')).digest('hex');
}

const isAnonymous = (request: FastifyRequest) => !request.headers.authorization && !request.headers.token;
const isInit = (request: FastifyRequest) => request.routeOptions.url === '/api/comm/init';

export class SignatureCheck {
  /** `clock`: epoch milliseconds, the app's (AppOptions.clock), which the window is measured on. */
  constructor(private readonly config: ConfigRows, private readonly cache: () => KeyValueCache, private readonly clock: () => number = Date.now) {}

  async check(request: FastifyRequest, ruleType: string) {
    const safety = await this.config.get('SYSTEM_SAFETY_API');
    if (!safety.sign || (ruleType === 'common' && request.method === 'GET' && (isAnonymous(request) || isInit(request)))) return;
    const h = request.headers;
    const timestamp = h['x-timestamp'], nonce = h['x-nonce'], sign = h['x-sign'];
    if (typeof timestamp !== 'string' || typeof nonce !== 'string' || typeof sign !== 'string' || nonce.length < 16 || nonce.length > 64) {
      throw new AppError(401, 'errors.sign_missing');
    }
    if (!/^\d+$/.test(timestamp) || Math.abs(Math.floor(this.clock() / 1000) - Number(timestamp)) > SIGN_WINDOW_SECONDS) {
      throw new AppError(401, 'errors.sign_expired');
    }
    const params = canonicalParams(request.query as Record<string, unknown>, request.body);
    const expected = Buffer.from(signRequest(safety.key, request.method, request.url.split('?')[0]!, params, timestamp, nonce));
    const given = Buffer.from(sign.toLowerCase());
    // timingSafeEqual throws on buffers of different lengths: that is a wrong signature, not a crash.
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new AppError(401, 'errors.sign_invalid');
    // Remembered for as long as its timestamp could be accepted.
    if (!(await this.cache().add(`nonce:${nonce}`, 1, SIGN_WINDOW_SECONDS * 2))) throw new AppError(401, 'errors.sign_replayed');
  }
}
