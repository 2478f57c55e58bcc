/**
 * buildApp(options) -> a ready Fastify instance that never listens (main.ts
 * does; tests use `inject`). The app is plugins: infrastructure first, each
 * declaring what it needs and closing what it opened (server/plugins/), then
 * the routes, encapsulated: the generic engine from the schemas, the
 * hand-written ones (server/routes/) and the payments with their jobs
 * (server/payments/), each route declaring its rule in `config.rule`.
 */
import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { resourceList } from '../schema';
import type { Resource } from '../schema/define';
import type { Lang } from '../schema/i18n';
import { engineRoutes } from './engine/routes';
import { learnLabels } from './i18n';
import { paymentRoutes, type PaymentOptions, type PaymentParts } from './payments';
import { authPlugin } from './plugins/auth';
import { appCachePlugin } from './plugins/cache';
import { configRowsPlugin } from './plugins/config-rows';
import { dbPlugin } from './plugins/db';
import { driversPlugin } from './plugins/drivers';
import { errorsPlugin } from './plugins/errors';
import { headersPlugin } from './plugins/headers';
import { idempotencyPlugin } from './plugins/idempotency';
import type { WriteGuard } from './engine/store';
import { limitsPlugin } from './plugins/limits';
import { logsPlugin } from './plugins/logs';
import { settingsPlugin } from './plugins/settings';
import { signingPlugin } from './plugins/signing';
import { routes } from './routes';
import { settlementRoutes } from './reports/settlement';
import { viewsGuard } from './routes/views';
import { requestLog, type BatchedWriter } from './services/request-log';
import type { AppParts } from './types';

export type { AppParts };

export interface AppOptions {
  dataDir: string;
  /** A serving process: it holds its SQLite file alone (server/db/sqlite-lock.ts); scripts beside it do not. */
  exclusive?: boolean;
  configDir: string;
  /** `mysql://user:pass@host:port/db`; absent: SQLite in dataDir; `sqlite::memory:` for tests. */
  databaseUrl?: string;
  adminPassword?: string;
  /** Told when this start created the admin account, with its password when generated (main.ts prints it once). */
  onAdminCreated?: (generatedPassword: string | undefined) => void;
  /** The install's language: what the first start names in it (the super-admin group), and what a caller naming none reads. */
  lang?: Lang;
  /** The built front end, served at `/`. */
  staticDir?: string;
  trustProxy?: boolean | string;
  logger?: boolean;
  /** Where the request log goes (stdout, batched, by default); main.ts holds it back until its opening block is out. */
  logWriter?: BatchedWriter;
  /** The resources to serve (tests add their own); defaults to the registry. */
  resources?: readonly Resource[];
  /** Create what the schemas need beyond the migration files (tests, throwaway databases). */
  syncSchema?: boolean;
  /** Where the migration files are (server/db/migrations by default; a test writes its own). */
  migrationsDir?: string;
  /** How often queued log rows are written. */
  logFlushMs?: number;
  /**
   * The time the server reads, in epoch milliseconds (`Date.now` by default):
   * rate-limit windows, config-row freshness, order expiry, callback
   * backoff, and lifetimes in the ram and file caches (SMS limits and holds,
   * resend waits, nonces; Redis keeps its own time). Tests pass their own
   * and move it instead of waiting.
   */
  clock?: () => number;
  /** Payment jobs (expiry, outbox); off unless asked for. */
  payments?: PaymentOptions;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const resources = options.resources ?? resourceList;
  learnLabels(resources);
  const log = options.logger ? requestLog(options.logWriter) : undefined;
  const app = Fastify({
    ...(log?.options ?? { logger: false }),
    trustProxy: options.trustProxy ?? false,
    bodyLimit: 1024 * 1024,
    requestIdHeader: false,
    // Migrating a fresh MySQL database on a busy machine takes longer than the 10 s default.
    pluginTimeout: 120_000,
  });
  log?.register(app);
  const { dataDir, configDir } = options;
  app.decorate('clock', options.clock ?? Date.now);

  await app.register(errorsPlugin, { logger: options.logger, lang: options.lang });
  await app.register(headersPlugin);
  await app.register(dbPlugin, { ...options, resources });
  await app.register(settingsPlugin, { configDir });
  await app.register(appCachePlugin, { dataDir, resources });
  await app.register(configRowsPlugin);
  await app.register(signingPlugin);
  await app.register(driversPlugin, { dataDir });
  // Before any route: the rule book and the limits see routes as they register.
  await app.register(authPlugin, { configDir });
  await app.register(idempotencyPlugin);
  await app.register(limitsPlugin);
  await app.register(logsPlugin, { logFlushMs: options.logFlushMs });
  // Answers over 1 KB (lists, exports) go out compressed when the client accepts it.
  await app.register(fastifyCompress, { threshold: 1024 });

  // Domains add their checks of generic writes here (the payments: a provider must be set up before its orders).
  const guards: WriteGuard[] = [viewsGuard(resources)];
  // ...and what follows the rows a write changed, once per transaction (the dashboard's totals of orders).
  const settlers: WriteGuard[] = [];
  await app.register(engineRoutes, { resources, guards, settlers });
  await app.register(routes, { resources, dataDir, staticDir: options.staticDir, lang: options.lang });
  await app.register(settlementRoutes);
  let paymentParts: PaymentParts | undefined;
  await app.register(paymentRoutes, { ...options.payments, logger: options.logger, guards, settlers, parts: (parts) => { paymentParts = parts; } });

  app.decorate('paydesk', {
    db: app.db, config: app.configRows, settings: app.settings, logs: app.opLog, rules: app.ruleBook, payments: paymentParts!,
  } satisfies AppParts);
  await app.ready();
  return app;
}
