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
 * across instances); a later switch of the cache type applies to the limits
 * after a restart. Violation counts live in the shared cache.
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { SettingsOf } from '../../schema/settings';
import { AppError } from '../http';
import type { KeyValueCache } from '../types';
import type { ConfigRows } from './config-rows';

const WINDOW_MS = 1000;

export async function rateLimits(app: FastifyInstance, o: { config: ConfigRows; cache: () => KeyValueCache; cacheSettings: SettingsOf<'cache'> }) {
  let redis: Redis | undefined;
  if (o.cacheSettings.default.type === 'redis') {
    const { host, port, database, password, prefix } = o.cacheSettings.redis;
    // ioredis is loaded only when the cache is Redis.
    const { Redis } = await import('ioredis');
    redis = new Redis({ host, port, db: database, password: password || undefined, keyPrefix: `${prefix}:rl:`, connectTimeout: 1000, maxRetriesPerRequest: 1 });
    app.addHook('onClose', async () => { await redis!.quit(); });
  }
  await app.register(rateLimit, { global: false, redis, skipOnError: true });

  const qps = () => o.config.peek('SYSTEM_SAFETY_API').qps;
  const violations = (request: FastifyRequest) => `rl:violations:${request.ip}`;

  // `createRateLimit` only counts and answers; the route hooks of `app.rateLimit`
  // share one "already ran" mark per request, so a second one (per route) would never run.
  const limits = [
    app.createRateLimit({ timeWindow: WINDOW_MS, max: async () => qps().limit.global, keyGenerator: (r) => `g:${r.ip}` }),
    app.createRateLimit({ timeWindow: WINDOW_MS, max: async () => qps().limit.point, keyGenerator: (r) => `p:${r.ip}:${r.method}:${r.routeOptions.url}` }),
  ];

  /**
   * The first refusal of a window counts toward the block, whose period starts
   * at the first violation; the refusal that reaches `block.count` says so.
   */
  async function violated(request: FastifyRequest, limitKey: string, ttlSeconds: number) {
    const { block } = qps();
    if (!block.enable) return;
    const cache = o.cache();
    if (!(await cache.add(`rl:over:${limitKey}`, 1, Math.max(1, ttlSeconds)))) return;
    if ((await cache.incr(violations(request), block.second)) >= block.count) throw new AppError(429, 'errors.blocked');
  }

  async function limit(request: FastifyRequest, reply: FastifyReply) {
    const { block, limit } = qps();
    if (block.enable && Number((await o.cache().get(violations(request))) ?? 0) >= block.count) throw new AppError(429, 'errors.blocked');
    if (!limit.enable) return;
    for (const check of limits) {
      const result = await check(request);
      if (result.isAllowed || !result.isExceeded) continue;
      reply.header('retry-after', result.ttlInSeconds);
      await violated(request, result.key, result.ttlInSeconds);
      throw new AppError(429, 'errors.too_many_requests');
    }
  }

  // Every API route gets the check before anything else is done for the request.
  app.addHook('onRoute', (route) => {
    if (!route.config?.rule) return;
    route.onRequest = [...[route.onRequest ?? []].flat(), limit] as never;
  });
}
