/**
 * Starts Paydesk: reads the environment, builds the app (which migrates and
 * seeds on first start) and listens. SIGTERM/SIGINT stop taking requests,
 * finish the ones in flight, flush the operation log and close the database.
 */
import path from 'node:path';
import { pickLang } from '../schema/i18n';
import { buildApp } from './app';
import { placesFrom } from './places';

const env = process.env;
const app = await buildApp({
  ...placesFrom(env),
  adminPassword: env.ADMIN_PASSWORD || undefined,
  lang: pickLang(env.INSTALL_LANG),
  staticDir: path.resolve(env.STATIC_DIR ?? 'dist'),
  trustProxy: env.TRUST_PROXY ? (env.TRUST_PROXY === 'true' ? true : env.TRUST_PROXY) : false,
  logger: env.LOG !== 'off',
  // Every instance runs the payment jobs unless told not to (they coordinate through the database).
  payments: {
    jobs: env.PAYDESK_JOBS !== 'off',
    callbacksToPrivate: env.PAYDESK_CALLBACKS_TO_PRIVATE === 'allow',
    // Another Stripe API (stripe-mock, a local fake); Stripe's own when unset.
    stripeApiBase: env.STRIPE_API_BASE || undefined,
  },
});

const port = Number(env.PORT ?? 3000);
const host = env.HOST ?? '0.0.0.0';
await app.listen({ port, host });

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
