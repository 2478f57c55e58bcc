/**
 * Starts Paydesk: reads the environment, builds the app (which migrates and
 * seeds on first start), listens and prints what it runs on. SIGTERM/SIGINT
 * stop taking requests, finish the ones in flight, flush the operation log
 * and close the database.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { pickLang } from '../schema/i18n';
import { PAY_PROVIDERS } from '../schema/options';
import { buildApp } from './app';
import { DatabaseUrlError, parseDatabaseUrl, type DatabaseTarget } from './db/url';
import { placesFrom } from './places';
import { BatchedWriter } from './services/request-log';
import { startBanner } from './start-banner';
import { explainStartFailure, FrontEndMissingError } from './start-failure';

const env = process.env;
const places = placesFrom(env);
const lang = pickLang(env.INSTALL_LANG);
const port = Number(env.PORT ?? 3000);
const host = env.HOST ?? '0.0.0.0';

function stop(message: string): never {
  console.error(message);
  process.exit(1);
}

let database: DatabaseTarget;
try {
  // Checked before anything is built or created: a bad value must not leave a new SQLite file behind.
  database = parseDatabaseUrl(places.databaseUrl, places.dataDir);
} catch (error) {
  if (error instanceof DatabaseUrlError) stop(`Paydesk did not start: ${error.message}`);
  throw error;
}

/** One line naming the cause and the fix (start-failure.ts); the stack too only when asked for. */
function failed(error: unknown): never {
  if (env.DEBUG === '1' || env.LOG === 'debug') console.error(error);
  stop(explainStartFailure(error, { lang, database, databaseUrl: places.databaseUrl, dataDir: places.dataDir, configDir: places.configDir, host, port }));
}

const staticDir = path.resolve(env.STATIC_DIR ?? 'dist');
// The built server (npm run serve, npm start) serves the built front end: without one, a console that cannot load.
// npm start builds it first or stops; a STATIC_DIR given, or the server run from its sources (tests, dev), is let be.
const runningBuilt = fileURLToPath(import.meta.url).endsWith(path.join('build', 'server', 'main.js'));
if (runningBuilt && !env.STATIC_DIR && !fs.existsSync(path.join(staticDir, 'index.html'))) failed(new FrontEndMissingError(staticDir));

let admin: { password?: string } | undefined;
// The request log waits for the opening block, so that block is what a start prints first.
const logWriter = new BatchedWriter(1);
logWriter.hold();
let app: FastifyInstance;
try {
  app = await buildApp({
    ...places,
    // The serving process holds its SQLite file alone; `npm run seed` and the other scripts beside it do not.
    exclusive: true,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    onAdminCreated: (password) => { admin = { password }; },
    lang,
    staticDir,
    trustProxy: env.TRUST_PROXY ? (env.TRUST_PROXY === 'true' ? true : env.TRUST_PROXY) : false,
    logger: env.LOG !== 'off',
    logWriter,
    // Every instance runs the payment jobs unless told not to (they coordinate through the database).
    payments: {
      jobs: env.PAYDESK_JOBS !== 'off',
      callbacksToPrivate: env.PAYDESK_CALLBACKS_TO_PRIVATE === 'allow',
      // Another API per provider (STRIPE_API_BASE, PAYPAL_API_BASE: stripe-mock, a local fake); the provider's own when unset.
      apiBases: Object.fromEntries(PAY_PROVIDERS.map((name) => [name, env[`${name.toUpperCase()}_API_BASE`] || undefined])),
    },
  });
  await app.listen({ port, host });
} catch (error) {
  failed(error);
}
process.stdout.write(startBanner({ database, cache: app.settings.get('cache'), dataDir: places.dataDir, host, port, admin }));
logWriter.release();

let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: finishing requests in flight, then closing`);
    await app.close(); // stops listening, waits for in-flight requests, runs onClose (log flush, db close)
    process.exit(0);
  });
}
