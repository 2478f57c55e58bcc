/**
 * `npm run unblock <address>`: lifts the hour-long block of an address
 * (SYSTEM_SAFETY_API.qps.block) from a shell, as the console's blocked-clients
 * list does, and logs it in the operation log. Uses the same environment as
 * `npm start`, so it reaches the same cache (file or Redis). With the `ram`
 * cache the blocks live in the server's memory: lift them from the console.
 * Without an argument it lists the blocks in force.
 */
import { buildApp } from '../server/app';
import { placesFrom } from '../server/places';

const client = process.argv[2]?.trim();
const app = await buildApp({ ...placesFrom(process.env), adminPassword: process.env.ADMIN_PASSWORD || undefined });
try {
  if (!client) {
    const blocks = await app.rateBlocks.list();
    if (!blocks.length) console.log('No address is blocked.');
    for (const b of blocks) console.log(`${b.client}  blocked since ${new Date(b.since).toISOString()} until ${new Date(b.until).toISOString()}`);
    console.log('Usage: npm run unblock <address>');
  } else {
    const lifted = await app.rateBlocks.lift(client);
    const now = Math.floor(app.clock() / 1000);
    await app.paydesk.db.kysely.insertInto('logs').values({
      uid: 0, title: 'rate-limits.unblock', scene: 'delete', method: 'DELETE', api: 'npm run unblock', code: lifted ? 200 : 404,
      content: lifted ? `block of ${client} lifted` : `${client} was not blocked`, bindId: 0, bindType: 'rate-limits', ip: '', agent: 'npm run unblock',
      params: JSON.stringify({ client }), createTime: now, updateTime: now, deleteTime: 0,
    }).execute();
    console.log(lifted ? `Lifted the block of ${client}.` : `${client} is not blocked; its overruns are forgotten.`);
    process.exitCode = lifted ? 0 : 1;
  }
} finally {
  await app.close();
}
