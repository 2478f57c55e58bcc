/**
 * Starts Paydesk: reads the environment, builds the app (which migrates and
 * seeds on first start), listens and prints what it runs on. SIGTERM/SIGINT
 * stop taking requests, finish the ones in flight, flush the operation log
 * and close the database.
 */
import path from 'node:path';
import { pickLang } from '../schema/i18n';
import { buildApp } from './app';
import { DatabaseUrlError, describeDatabase, parseDatabaseUrl, type DatabaseTarget } from './db/url';
import { placesFrom } from './places';
import { BatchedWriter } from './services/request-log';
import { startBanner } from './start-banner';

const env = process.env;
const places = placesFrom(env);

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

let admin: { password?: string } | undefined;
// The request log waits for the opening block, so that block is what a start prints first.
const logWriter = new BatchedWriter(1);
logWriter.hold();
const app = await buildApp({
  ...places,
  adminPassword: env.ADMIN_PASSWORD || undefined,
  onAdminCreated: (password) => { admin = { password }; },
  lang: pickLang(env.INSTALL_LANG),
  staticDir: path.resolve(env.STATIC_DIR ?? 'dist'),
  trustProxy: env.TRUST_PROXY ? (env.TRUST_PROXY === 'true' ? true : env.TRUST_PROXY) : false,
  logger: env.LOG !== 'off',
  logWriter,
  // Every instance runs the payment jobs unless told not to (they coordinate through the database).
  payments: {
    jobs: env.PAYDESK_JOBS !== 'off',
    callbacksToPrivate: env.PAYDESK_CALLBACKS_TO_PRIVATE === 'allow',
    // Another Stripe API (stripe-mock, a local fake); Stripe's own when unset.
    stripeApiBase: env.STRIPE_API_BASE || undefined,
    // Another PayPal API (a local fake); PayPal's own for pay.toml's mode when unset.
    paypalApiBase: env.PAYPAL_API_BASE || undefined,
  },
}).catch((error: Error) => {
  console.error(error);
  stop(`Paydesk did not start on ${describeDatabase(database)}: ${error.message}`);
});

const port = Number(env.PORT ?? 3000);
const host = env.HOST ?? '0.0.0.0';
await app.listen({ port, host });
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
