/** `DELETE /api/cache/clear`: empties this app's cache (its prefix only). */
import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../http';
import type { Cache } from '../services/cache';

export interface CacheRoutesOptions {
  cache: Pick<Cache, 'clear'>;
}

export const cacheRoutes: FastifyPluginAsync<CacheRoutesOptions> = async (app, { cache }) => {
  app.delete('/api/cache/clear', { config: { rule: { name: 'cache_clear', group: 'cache', type: 'default' } } }, async () => {
    await cache.clear();
    return ok({ cleared: true }, 'messages.cache_cleared');
  });
};
