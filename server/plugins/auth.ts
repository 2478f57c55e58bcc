/**
 * Who is calling and what they may do: JWTs, the rule book (every route's
 * rule, collected as routes register and synced into auth-rules when the app
 * is ready), the sign-in keys, and the one permission hook of every route
 * with a rule: find its rule, check the signature, check the caller.
 */
import fastifyJwt from '@fastify/jwt';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { ApiKeys } from '../auth/api-keys';
import { Guard } from '../auth/guard';
import { loadSignInKeys, type SignInKeys } from '../auth/rsa';
import { RuleBook } from '../auth/rules';
import { Tokens } from '../auth/tokens';

declare module 'fastify' {
  interface FastifyInstance {
    ruleBook: RuleBook;
    guard: Guard;
    tokens: Tokens;
    signInKeys: SignInKeys;
  }
}

const auth: FastifyPluginAsync<{ configDir: string }> = async (app, o) => {
  const { settings } = app;
  await app.register(fastifyJwt, { secret: () => settings.get('crypt').jwt.key } as never);
  const rules = new RuleBook(app.db);
  rules.collect(app);
  const tokens = new Tokens(app, () => app.cache.kv(), () => settings.get('crypt').jwt);
  const guard = new Guard(app.db, rules, tokens, new ApiKeys(app.db, app.clock), app.clock);
  app.decorate('ruleBook', rules);
  app.decorate('tokens', tokens);
  app.decorate('guard', guard);
  app.decorate('signInKeys', loadSignInKeys(o.configDir));

  app.decorateRequest('caller', null as never);
  app.addHook('onRequest', async (request) => {
    request.caller = { user: null, scopeUid: 0, groups: [] };
  });
  // Hand-written routes without a rule (static files) are outside the permission system.
  app.addHook('preHandler', async (request) => {
    if (!request.routeOptions.config?.rule) return;
    const rule = await guard.rule(request);
    // A route that verifies its caller's own signature (payment notifications) is not asked for the console's.
    if (!request.routeOptions.config.rule.ownSignature) await app.signature.check(request, rule.type);
    await guard.check(request, rule);
  });
  app.addHook('onReady', () => rules.sync());
};

export const authPlugin = fp(auth, {
  name: 'paydesk-auth',
  fastify: '5.x',
  dependencies: ['paydesk-errors', 'paydesk-db', 'paydesk-settings', 'paydesk-cache', 'paydesk-signing'],
});
