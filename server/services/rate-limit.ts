/**
 * Rate limits from SYSTEM_SAFETY_API.qps, with @fastify/rate-limit:
 * `limit.global` requests per second per client over the whole API and
 * `limit.point` per second per client on each route. `block`: a client that
 * goes over a limit in `block.count` separate one-second windows within
 * `block.second` is refused (429) for the rest of that period. A burst counts
 * once per window, so one impatient burst does not lock a client out for an
 * hour. The client is `request.ip`, which follows X-Forwarded-For only when
 * the app is built with `trustProxy`.
 *
 * Counters live in Redis when the cache is Redis at start (so limits hold
 * across instances, and Redis's key expiry ends a window); otherwise in this
 * process, in windows on the app's clock, so a test moves time instead of
 * waiting a second out. A later switch of the cache type applies to the
 * limits after a restart. Violation counts live in the shared cache.
 */
import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import type { SettingsOf } from '../../schema/settings';
import { AppError } from '../http';
import type { KeyValueCache } from '../types';
import type { ConfigRows } from './config-rows';

const WINDOW_MS = 1000;
/** Clients tracked at once per limit in one process (@fastify/rate-limit's own default). */
const CLIENTS = 5000;

/**
 * @fastify/rate-limit's store contract, counting in this process: a window
 * opens at a key's first request and lasts `timeWindow` ms on `clock`
 * (the library's own LocalStore reads Date.now, which no test can move).
 */
function clockedStore(clock: () => number) {
  return class ClockedStore implements FastifyRateLimitStore {
    private readonly windows = new LRUCache<string, { count: number; start: number }>({ max: CLIENTS });

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number) {
      const now = clock();
      let window = this.windows.get(key);
      if (!window || window.start + timeWindow <= now) this.windows.set(key, (window = { count: 0, start: now }));
      window.count++;
      callback(null, { current: window.count, ttl: window.start + timeWindow - now });
    }

    child() {
      return new ClockedStore();
    }
  };
}

export async function rateLimits(app: FastifyInstance, o: { config: ConfigRows; cache: () => KeyValueCache; cacheSettings: SettingsOf<'cache'>; clock: () => number }) {
  let redis: Redis | undefined;
  if (o.cacheSettings.default.type === 'redis') {
    const { host, port, database, password, prefix } = o.cacheSettings.redis;
    // ioredis is loaded only when the cache is Redis.
    const { Redis } = await import('ioredis');
    redis = new Redis({ host, port, db: database, password: password || undefined, keyPrefix: `${prefix}:rl:`, connectTimeout: 1000, maxRetriesPerRequest: 1 });
    app.addHook('onClose', async () => { await redis!.quit(); });
  }
  await app.register(rateLimit, { global: false, skipOnError: true, ...(redis ? { redis } : { store: clockedStore(o.clock) }) });

  const qps = () => o.config.peek('SYSTEM_SAFETY_API').qps;
  const violations = (request: FastifyRequest) => `rl:violations:${request.ip}`;

  // `createRateLimit` only counts and answers; the route hooks of `app.rateLimit`
  // share one "already ran" mark per request, so a second one (per route) would never run.
  // `ban: 1` makes `isBanned` (the library's `current - max > ban`) mark every refusal
  // of a window but its first: the first is the one that counts toward the block.
  const limits = [
    app.createRateLimit({ timeWindow: WINDOW_MS, ban: 1, max: async () => qps().limit.global, keyGenerator: (r) => `g:${r.ip}` }),
    app.createRateLimit({ timeWindow: WINDOW_MS, ban: 1, max: async () => qps().limit.point, keyGenerator: (r) => `p:${r.ip}:${r.method}:${r.routeOptions.url}` }),
  ];

  /**
   * A window's first refusal counts toward the block, whose period starts at
   * the first violation; the refusal that reaches `block.count` says so.
   */
  async function violated(request: FastifyRequest) {
    const { block } = qps();
    if (!block.enable) return;
    if ((await o.cache().incr(violations(request), block.second)) >= block.count) throw new AppError(429, 'errors.blocked');
  }

  async function limit(request: FastifyRequest, reply: FastifyReply) {
    const { block, limit } = qps();
    if (block.enable && Number((await o.cache().get(violations(request))) ?? 0) >= block.count) throw new AppError(429, 'errors.blocked');
    if (!limit.enable) return;
    for (const check of limits) {
      const result = await check(request);
      if (result.isAllowed || !result.isExceeded) continue;
      reply.header('retry-after', result.ttlInSeconds);
      if (!result.isBanned) await violated(request);
      throw new AppError(429, 'errors.too_many_requests');
    }
  }

  // Every API route gets the check before anything else is done for the request.
  app.addHook('onRoute', (route) => {
    if (!route.config?.rule) return;
    route.onRequest = [...[route.onRequest ?? []].flat(), limit] as never;
  });
}
