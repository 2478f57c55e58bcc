/**
 * buildApp(options) -> a ready Fastify instance that never listens (main.ts
 * does; tests use `inject`). Order: services, then the hooks every request
 * passes (language, permission, log), then routes: generated ones from the
 * schemas and the hand-written ones, each declaring its rule in `config.rule`.
 */
import fastifyJwt from '@fastify/jwt';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { resourceList } from '../schema';
import type { Resource } from '../schema/define';
import { pickLang, type Lang } from '../schema/i18n';
import { Guard } from './auth/guard';
import { loadSignInKeys } from './auth/rsa';
import { RuleBook } from './auth/rules';
import { Tokens } from './auth/tokens';
import { bootstrap } from './db/bootstrap';
import { connect } from './db/connect';
import { migrate } from './db/migrate';
import { engineRoutes } from './engine/routes';
import type { Engine } from './engine/store';
import { AppError, type Envelope } from './http';
import { t } from './i18n';
import { commRoutes } from './routes/comm';
import { docsRoutes } from './routes/docs';
import { mineRoutes } from './routes/mine';
import { staticRoutes } from './routes/static';
import { createServices } from './services';
import { Logs } from './services/logs';
import './types';

export interface AppOptions {
  dataDir: string;
  configDir: string;
  /** `mysql://user:pass@host:port/db`; absent: SQLite in dataDir; `sqlite::memory:` for tests. */
  databaseUrl?: string;
  adminPassword?: string;
  /** The built front end, served at `/`. */
  staticDir?: string;
  trustProxy?: boolean | string;
  logger?: boolean;
  /** The resources to serve (tests add their own); defaults to the registry. */
  resources?: readonly Resource[];
  /** Create what the schemas need beyond the migration files (tests, throwaway databases). */
  syncSchema?: boolean;
  /** How often queued log rows are written. */
  logFlushMs?: number;
}

export interface AppParts {
  db: import('./db/connect').Db;
  engine: Engine;
  config: import('./services/config-rows').ConfigRows;
  settings: import('./services/settings').Settings;
  logs: Logs;
}

/** Success messages of the writes, for their log rows (the row is written before the reply exists). */
const WRITE_CODE: Record<string, [number, string]> = { create: [201, 'messages.created'] };

function cookie(header: string | undefined, name: string): string | undefined {
  const m = header?.match(new RegExp(`(?:^|;\\s*)${name}=([^;]*)`));
  return m ? decodeURIComponent(m[1]!) : undefined;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const resources = options.resources ?? resourceList;
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: options.trustProxy ?? false,
    bodyLimit: 1024 * 1024,
    requestIdHeader: false,
  });
  const db = connect(options.databaseUrl, options.dataDir);
  app.addHook('onClose', () => db.close());
  await migrate(db.kysely, db.dialect, resources, { sync: options.syncSchema });
  await bootstrap(db, { adminPassword: options.adminPassword });

  const services = await createServices(app, { ...options, db });
  const { cache, config, settings } = services;
  const rules = new RuleBook(db);
  rules.collect(app);
  await services.rateLimits(app);

  await app.register(fastifyJwt, { secret: () => settings.get('crypt').jwt.key } as never);
  const tokens = new Tokens(app, () => cache.kv(), () => settings.get('crypt').jwt);
  const guard = new Guard(db, rules, tokens);
  const logs = new Logs(db, options.logFlushMs);

  const engine: Engine = {
    db,
    resources: new Map(resources.map((r) => [r.name, r])),
    cache: cache.tables,
    maxLimit: () => {
      const { paging } = config.peek('SYSTEM_SAFETY_API');
      return paging.enable && paging.limit ? paging.limit : 200;
    },
    touch: async (table, ids) => {
      await cache.tables.invalidate(table);
      // What the permission check knows of users: only the written ones are stale; any group change may touch anyone.
      if (table === 'users') guard.invalidate(ids);
      if (table === 'auth_group') guard.invalidate();
      if (table === 'auth_rules') rules.invalidate();
      if (table === 'config') config.invalidate();
    },
  };

  app.decorate('paydesk', { db, engine, config, settings, logs } satisfies AppParts);

  // Language of every message, from the `lang` cookie or Accept-Language.
  app.decorateRequest('lang', 'zh-cn' as Lang);
  app.decorateRequest('caller', null as never);
  app.decorateRequest('logged', false);
  app.decorateReply('outcome', null as never);
  app.addHook('onRequest', async (request, reply) => {
    request.lang = pickLang(cookie(request.headers.cookie, 'lang'), request.headers['accept-language']);
    request.caller = { user: null, scopeUid: 0 };
    reply.outcome = { code: 0, msg: '' };
    // Keeps SYSTEM_SAFETY_API fresh for the synchronous readers (rate limits, paging cap).
    if (request.routeOptions.config?.rule) await config.get('SYSTEM_SAFETY_API');
  });
  // Hand-written routes without a rule (static files, docs) are outside the permission system.
  app.addHook('preHandler', async (request) => {
    if (!request.routeOptions.config?.rule) return;
    const rule = await guard.rule(request);
    await services.checkSignature(request, rule.type);
    await guard.check(request, rule);
  });
  // Envelopes carry i18n keys until here: translate into the caller's language.
  app.addHook('preSerialization', async (request, reply, payload: unknown) => {
    const env = payload as Envelope | null;
    if (env && typeof env === 'object' && typeof env.msg === 'string' && typeof env.code === 'number') {
      reply.outcome = { code: env.code, msg: t(request.lang, env.msg, {}, request.routeOptions.config?.rule?.group) };
      return { ...env, msg: reply.outcome.msg };
    }
    return payload;
  });
  // Reads and failures are logged after the reply; a successful write logged itself in its transaction.
  app.addHook('onResponse', async (request, reply) => {
    if (!request.routeOptions.config?.rule || request.logged) return;
    logs.enqueue(logs.rowOf(request, reply.outcome.code || reply.statusCode, reply.outcome.msg));
  });
  app.addHook('onClose', async () => {
    await logs.close();
    await services.close();
  });

  app.setErrorHandler(async (error: Error & { statusCode?: number }, request, reply) => {
    let env: Envelope;
    if (error instanceof AppError) {
      env = { code: error.code, msg: t(request.lang, error.key, error.params, request.routeOptions.config?.rule?.group), data: error.data };
    } else if (error.statusCode && error.statusCode < 500) {
      const key = error.statusCode === 413 ? 'errors.body_too_large'
        : error.statusCode === 415 ? 'errors.unsupported_type'
        : error.statusCode === 429 ? 'errors.too_many_requests'
        : String((error as { code?: unknown }).code).startsWith('FST_ERR_CTP') ? 'errors.bad_json' : 'errors.bad_request';
      env = { code: error.statusCode, msg: t(request.lang, key), data: null };
    } else {
      request.log.error({ err: error, reqId: request.id }, 'unhandled error');
      if (!options.logger) console.error(`[${request.id}]`, error);
      env = { code: 500, msg: t(request.lang, 'errors.internal', { id: request.id }), data: null };
    }
    reply.outcome = { code: env.code, msg: env.msg };
    return reply.code(env.code).type('application/json').send(JSON.stringify(env));
  });
  app.setNotFoundHandler(async (request, reply) => {
    const msg = t(request.lang, 'errors.route_not_found', { method: request.method, url: request.url.split('?')[0] });
    return reply.code(404).send({ code: 404, msg, data: null });
  });

  const writeContext = (request: FastifyRequest) => ({
    caller: request.caller,
    audit: async (trx: Parameters<typeof logs.insert>[0], info: { bindId?: number }) => {
      const [code, key] = WRITE_CODE[request.routeOptions.config?.rule?.name ?? ''] ?? [200, 'messages.ok'];
      await logs.insert(trx, logs.rowOf(request, code, t(request.lang, key), info.bindId));
      request.logged = true;
    },
  });

  await engineRoutes(app, { engine, writeContext, authorize: (request, rule) => guard.authorize(request, rule) });
  const keys = loadSignInKeys(options.configDir);
  await commRoutes(app, {
    db, tokens, keys, config,
    cache: () => cache.kv(),
    senders: () => services.senders.current(),
    codeSecret: () => settings.get('crypt').jwt.key,
    touch: (table, ids) => engine.touch(table, ids),
  });
  await mineRoutes(app, { guard, rules });
  await services.routes(app);
  await docsRoutes(app, { resources, rules });
  if (options.staticDir) await staticRoutes(app, { root: options.staticDir });

  app.addHook('onReady', () => rules.sync());
  await app.ready();
  return app;
}
