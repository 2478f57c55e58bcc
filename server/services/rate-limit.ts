/**
 * Rate limits from SYSTEM_SAFETY_API.qps, with @fastify/rate-limit:
 * `limit.global` requests per second per client over the whole API and
 * `limit.point` per second per client on each route; `block`: a client that
 * goes over `block.count` times within `block.second` is refused (429) for
 * the rest of that window. The client is `request.ip`, which follows
 * X-Forwarded-For only when the app is built with `trustProxy`.
 *
 * Counters live in Redis when the cache is Redis at start (so limits hold
 * across instances); a later switch of the cache type applies to the limits
 * after a restart. Block marks always live in the shared cache.
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import type { SettingsOf } from '../../schema/settings';
import { AppError } from '../http';
import type { KeyValueCache } from '../types';
import type { ConfigRows } from './config-rows';

const UNLIMITED = 1_000_000_000;

export async function rateLimits(app: FastifyInstance, o: { config: ConfigRows; cache: () => KeyValueCache; cacheSettings: SettingsOf<'cache'> }) {
  let redis: Redis | undefined;
  if (o.cacheSettings.default.type === 'redis') {
    const { host, port, database, password, prefix } = o.cacheSettings.redis;
    redis = new Redis({ host, port, db: database, password: password || undefined, keyPrefix: `${prefix}:rl:`, connectTimeout: 1000, maxRetriesPerRequest: 1 });
    app.addHook('onClose', async () => { await redis!.quit(); });
  }
  await app.register(rateLimit, { global: false, redis, skipOnError: true });

  const qps = () => o.config.peek('SYSTEM_SAFETY_API').qps;
  const blockKey = (request: FastifyRequest) => `rl:blocked:${request.ip}`;

  /** A violation counts toward the block; enough of them within the window block the client. */
  async function violated(request: FastifyRequest) {
    const { block } = qps();
    if (!block.enable) return;
    const cache = o.cache();
    const count = await cache.incr(`rl:violations:${request.ip}`, block.second);
    if (count >= block.count) await cache.set(blockKey(request), 1, block.second);
  }

  const common = {
    timeWindow: 1000,
    allowList: () => !qps().limit.enable,
    onExceeded: (request: FastifyRequest) => void violated(request),
  };
  const global = app.rateLimit({ ...common, max: async () => (qps().limit.enable ? qps().limit.global : UNLIMITED), keyGenerator: (r) => `g:${r.ip}` });
  const point = app.rateLimit({
    ...common,
    max: async () => (qps().limit.enable ? qps().limit.point : UNLIMITED),
    keyGenerator: (r) => `p:${r.ip}:${r.method}:${r.routeOptions.url}`,
  });
  const blocked = async (request: FastifyRequest) => {
    if (qps().block.enable && (await o.cache().get(blockKey(request)))) throw new AppError(429, 'errors.blocked');
  };

  // Every API route gets the three checks, before anything else is done for the request.
  app.addHook('onRoute', (route) => {
    if (!route.config?.rule) return;
    route.onRequest = [...[route.onRequest ?? []].flat(), blocked, global, point] as never;
  });
}
