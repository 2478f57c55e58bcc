/**
 * `npm run seed`: demo data to try Paydesk out (see seed-demo.ts). Uses the
 * same environment as `npm start` and the same app (migrations, defaults).
 */
import { buildApp } from '../server/app';
import { placesFrom } from '../server/places';
import { DEMO_COUNTS, seedDemo } from './seed-demo';

const env = process.env;
const app = await buildApp({
  ...placesFrom(env),
  adminPassword: env.ADMIN_PASSWORD || undefined,
});
await seedDemo(app.paydesk.db);
await app.close();
console.log(`Seeded ${DEMO_COUNTS.users} users (password "demo-pass-123"; "operator" sees only its orders), ${DEMO_COUNTS.orders} orders, ${DEMO_COUNTS.logs} log rows.`);
