/** The config rows (SIGN_IN_UP, SYSTEM_SAFETY_API, SAFETY_SMS, SITE_INFO), typed and memoized. */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { ConfigRows } from '../services/config-rows';

declare module 'fastify' {
  interface FastifyInstance {
    configRows: ConfigRows;
  }
}

const configRows: FastifyPluginAsync = async (app) => {
  const config = new ConfigRows(app.db, app.clock);
  app.decorate('configRows', config);
  // Keeps SYSTEM_SAFETY_API fresh for the synchronous readers (rate limits, paging cap).
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config?.rule) await config.get('SYSTEM_SAFETY_API');
  });
};

export const configRowsPlugin = fp(configRows, { name: 'paydesk-config-rows', fastify: '5.x', dependencies: ['paydesk-db'], decorators: { fastify: ['clock'] } });
