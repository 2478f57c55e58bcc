/**
 * `npm run seed`: demo data to try Paydesk out (see seed-demo.ts). Uses the
 * same environment as `npm start` and the same app (migrations, defaults).
 * Run again, it finds the demo data there and adds nothing, and says so.
 */
import { buildApp } from '../server/app';
import { DatabaseUrlError } from '../server/db/url';
import { placesFrom } from '../server/places';
import { DEMO_COUNTS, seedDemo } from './seed-demo';

const env = process.env;
const app = await buildApp({
  ...placesFrom(env),
  adminPassword: env.ADMIN_PASSWORD || undefined,
}).catch((error: Error) => {
  if (!(error instanceof DatabaseUrlError)) throw error;
  console.error(`npm run seed did not run: ${error.message}`);
  process.exit(1);
});
const added = await seedDemo(app.paydesk.db);
await app.close();
if (!added.users && !added.orders && !added.logs) {
  console.log('The demo data is already there: nothing added.');
} else {
  const parts = [
    added.users && `${added.users} users (password "demo-pass-123"; "operator" sees only its orders)`,
    added.orders && `${added.orders} orders`,
    added.logs && `${added.logs} log rows`,
  ].filter(Boolean);
  console.log(`Seeded ${parts.join(', ')}${added.users === DEMO_COUNTS.users ? '' : ' (the rest was already there)'}.`);
}
