/** Request signing (SYSTEM_SAFETY_API.sign): the check the permission hook runs once it knows the route's rule. */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { SignatureCheck } from '../services/signing';

declare module 'fastify' {
  interface FastifyInstance {
    signature: SignatureCheck;
  }
}

const signing: FastifyPluginAsync = async (app) => {
  app.decorate('signature', new SignatureCheck(app.configRows, () => app.cache.kv(), app.clock));
};

export const signingPlugin = fp(signing, { name: 'paydesk-signing', fastify: '5.x', dependencies: ['paydesk-config-rows', 'paydesk-cache'] });
