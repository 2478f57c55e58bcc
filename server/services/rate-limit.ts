/**
 * Rate limits, with @fastify/rate-limit (issue 32: limits that fit merchants).
 *
 * - Anonymous callers (no token) are counted per address, as
 *   SYSTEM_SAFETY_API.qps says: `limit.global` requests a second over the
 *   whole API and `limit.point` on each route. `block`: an address that goes
 *   over a limit in `block.count` separate one-second windows within
 *   `block.second` is refused (429) for the rest of that period, until it
 *   ends or an operator lifts it (rate-blocks.ts). A burst counts once per
 *   window. The address is `request.ip`, which follows X-Forwarded-For only
 *   when the app is built with `trustProxy`.
 * - A caller with an API key or a token is counted per key or per user,
 *   once the guard has verified it, with its own budget (`limit.caller`),
 *   whoever else calls from its address; over it, 429 for that second
 *   only, never the block. A token that names nobody counts as anonymous.
 * - Every refusal says when to try again: `Retry-After`, and the
 *   `RateLimit-Policy` and `RateLimit` fields of the IETF httpapi draft
 *   (`"<policy>";q=<quota>;w=<window>` and `"<policy>";r=<left>;t=<seconds>`).
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
import { tokenOf } from '../auth/tokens';
import { AppError } from '../http';
import type { KeyValueCache } from '../types';
import type { ConfigRows } from './config-rows';
import { RateBlocks } from './rate-blocks';

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
      // Stryker disable next-line ArithmeticOperator: equivalent with one-second windows; a refusal's wait is rounded up to at least 1 s (refuse), which is what any part of a second left comes to
      callback(null, { current: window.count, ttl: window.start + timeWindow - now });
    }

    child() {
      return new ClockedStore();
    }
  };
}

export async function rateLimits(app: FastifyInstance, o: { config: ConfigRows; cache: () => KeyValueCache; cacheSettings: SettingsOf<'cache'>; clock: () => number }) {
  let redis: Redis | undefined;
  // The Redis store is tested by ratelimit.test.ts's Redis suite, which needs TEST_REDIS_URL; mutation runs are SQLite-only.
  // Stryker disable all: out of reach of the mutation runs (above)
  if (o.cacheSettings.default.type === 'redis') {
    const { host, port, database, password, prefix } = o.cacheSettings.redis;
    // ioredis is loaded only when the cache is Redis.
    const { Redis } = await import('ioredis');
    redis = new Redis({ host, port, db: database, password: password || undefined, keyPrefix: `${prefix}:rl:`, connectTimeout: 1000, maxRetriesPerRequest: 1 });
    app.addHook('onClose', async () => { await redis!.quit(); });
  }
  // Stryker restore all
  await app.register(rateLimit, {
    global: false,
    // Stryker disable next-line BooleanLiteral: only a failing store (Redis down) tells it apart, and mutation runs have no Redis
    skipOnError: true,
    // Stryker disable next-line ObjectLiteral: as above, only with Redis
    ...(redis ? { redis }
      : { store: clockedStore(o.clock) }),
  });

  const qps = () => o.config.peek('SYSTEM_SAFETY_API').qps;
  const blocks = new RateBlocks(o.cache, o.clock);
  app.decorate('rateBlocks', blocks);
  const callerOf = (r: FastifyRequest) => (r.caller.apiKeyId ? `key:${r.caller.apiKeyId}` : `user:${r.caller.user!.id}`);

  // `createRateLimit` only counts and answers; the route hooks of `app.rateLimit`
  // share one "already ran" mark per request, so a second one (per route) would never run.
  // `ban: 1` makes `isBanned` (the library's `current - max > ban`) mark every refusal
  // of a window but its first: the first is the one that counts toward the block.
  const anonymous = [
    { policy: 'global', check: app.createRateLimit({ timeWindow: WINDOW_MS, ban: 1, max: async () => qps().limit.global, keyGenerator: (r) => `g:${r.ip}` }) },
    { policy: 'point', check: app.createRateLimit({ timeWindow: WINDOW_MS, ban: 1, max: async () => qps().limit.point, keyGenerator: (r) => `p:${r.ip}:${r.method}:${r.routeOptions.url}` }) },
  ];
  const callers = app.createRateLimit({
    timeWindow: WINDOW_MS,
    // Requests a second over the whole API for one API key or signed-in user (`limit.caller`, 200 by default): a
    // merchant's server creating orders at 100 a second stays well within it (Stripe's live budget is 100 a second).
    max: async () => qps().limit.caller,
    keyGenerator: (r) => `c:${callerOf(r)}`,
  });

  /** 429 saying when to try again, in the caller's language and in the draft's fields. */
  function refuse(reply: FastifyReply | null, policy: string, quota: number, windowSeconds: number, seconds: number, key: string, params: Record<string, unknown> = {}) {
    const wait = Math.max(1, Math.ceil(seconds));
    // Stryker disable OptionalChaining: equivalent; without a reply (onResponse) the refusal is dropped, whatever it throws
    reply?.header('retry-after', wait);
    reply?.header('ratelimit-policy', `"${policy}";q=${quota};w=${windowSeconds}`);
    reply?.header('ratelimit', `"${policy}";r=0;t=${wait}`);
    // Stryker restore OptionalChaining
    return new AppError(429, key, { seconds: wait, minutes: Math.ceil(wait / 60), ...params });
  }

  function refuseBlocked(reply: FastifyReply | null, until: number) {
    const { block } = qps();
    return refuse(reply, 'block', block.count, block.second, (until - o.clock()) / 1000, 'errors.rate_blocked', { until: new Date(until).toISOString().slice(11, 16) });
  }

  /** The address's limits and block; a refusal's first in a window counts toward the block. */
  async function limitAnonymous(request: FastifyRequest, reply: FastifyReply | null) {
    const { block, limit } = qps();
    if (block.enable) {
      const until = await blocks.until(request.ip);
      if (until) throw refuseBlocked(reply, until);
    }
    if (!limit.enable) return;
    for (const { policy, check } of anonymous) {
      const result = await check(request);
      if (result.isAllowed || !result.isExceeded) continue;
      if (!result.isBanned && block.enable) {
        const until = await blocks.violated(request.ip, block);
        if (until) throw refuseBlocked(reply, until);
      }
      throw refuse(reply, policy, result.max, 1, result.ttlInSeconds, 'errors.rate_wait');
    }
  }

  /** Requests with a token wait for the guard: counted by who it proved they are. */
  const deferred = new WeakSet<FastifyRequest>();

  async function beforeAnything(request: FastifyRequest, reply: FastifyReply) {
    if (tokenOf(request.headers)) return void deferred.add(request);
    await limitAnonymous(request, reply);
  }

  async function afterGuard(request: FastifyRequest, reply: FastifyReply) {
    if (!deferred.delete(request)) return;
    if (!request.caller.user) return limitAnonymous(request, reply);
    if (!qps().limit.enable) return;
    const result = await callers(request);
    if (result.isAllowed || !result.isExceeded) return;
    throw refuse(reply, request.caller.apiKeyId ? 'key' : 'user', result.max, 1, result.ttlInSeconds, 'errors.rate_wait');
  }

  // A token the guard refused (401, 403) never reached afterGuard: it counts against its address, as anonymous.
  app.addHook('onResponse', async (request) => {
    if (deferred.delete(request)) await limitAnonymous(request, null).catch(() => undefined);
  });

  // Every API route gets the address check before anything else is done, and the caller's after the guard.
  app.addHook('onRoute', (route) => {
    if (!route.config?.rule) return;
    route.onRequest = [...[route.onRequest ?? []].flat(), beforeAnything] as never;
    route.preHandler = [...[route.preHandler ?? []].flat(), afterGuard] as never;
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The blocks of anonymous abuse in force: the console lists and lifts them, as `npm run unblock` does. */
    rateBlocks: RateBlocks;
  }
}
