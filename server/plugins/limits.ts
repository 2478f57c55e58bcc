/** Rate limits from SYSTEM_SAFETY_API.qps on every route with a rule; register before the routes. */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { rateLimits } from '../services/rate-limit';

const limits: FastifyPluginAsync = async (app) => {
  await rateLimits(app, { config: app.configRows, cache: () => app.cache.kv(), cacheSettings: app.settings.get('cache'), clock: app.clock });
};

export const limitsPlugin = fp(limits, { name: 'paydesk-limits', fastify: '5.x', dependencies: ['paydesk-config-rows', 'paydesk-cache', 'paydesk-settings'], decorators: { fastify: ['clock'] } });
