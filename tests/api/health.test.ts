/**
 * The probes a load balancer polls: `/api/health` says the process answers,
 * `/api/ready` says this instance can serve (database, migrations, cache),
 * and neither is slowed or refused by what guards the API (tokens,
 * signatures, rate limits) nor leaves operation-log rows behind.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeSafety, limits } from '../multi/safety-config';
import { freePort } from '../multi/server-process';
import { DIALECTS, makeApp, type TestApp } from '../support/app';

const ENGLISH = { cookie: 'lang=en-us' };

describe.each(DIALECTS)('health and readiness on %s', (dialect) => {
  let t: TestApp;
  let token: string;
  const logRows = async () => {
    await t.app.paydesk.logs.flush();
    return Number((await t.app.db.any.selectFrom('logs').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  };

  beforeAll(async () => {
    t = await makeApp({ dialect, rateLimits: true });
    token = await t.signIn();
    // Signing on and a budget of 2 calls a second per route: what would refuse an unsigned, frequent caller.
    await changeSafety(async (method, url, body) => (await t.call(method, url, body, token)).body, (s) => {
      s.sign = true;
      limits({ global: 2, point: 2 })(s);
    });
  });
  afterAll(() => t?.close());

  it('answers both probes without a token, a signature or a rate limit, and logs neither', async () => {
    const before = await logRows();
    for (let i = 0; i < 10; i++) {
      const health = await t.call('GET', '/api/health');
      expect(health.status).toBe(200);
      expect(health.body).toMatchObject({ code: 200, data: { status: 'alive' } });
      const ready = await t.call('GET', '/api/ready');
      expect(ready.status, ready.text).toBe(200);
      expect(ready.body.data).toEqual({ database: true, migrations: true, cache: true });
    }
    expect(await logRows()).toBe(before);
    // An API route refuses the same caller (unsigned, over the budget): the probes pass by design, not by accident.
    expect((await t.call('GET', '/api/users/rows', undefined, token)).status).toBeGreaterThanOrEqual(400);
  });

  it('is not ready, naming the migrations, when one this build knows is not applied; health stays 200', async () => {
    const last = t.app.migrations.at(-1)!;
    await t.app.db.any.deleteFrom('kysely_migration').where('name', '=', last).execute();
    try {
      const ready = await t.call('GET', '/api/ready', undefined, undefined, ENGLISH);
      expect(ready.status).toBe(503);
      expect(ready.body).toMatchObject({ code: 503, msg: 'Not ready: migrations failed', data: { database: true, migrations: false, cache: true } });
      // Internals (which migration, driver errors) stay in the server's log.
      expect(ready.text).not.toContain(last);
      expect((await t.call('GET', '/api/health')).status).toBe(200);
    } finally {
      await t.app.db.any.insertInto('kysely_migration').values({ name: last, timestamp: new Date().toISOString() }).execute();
    }
    expect((await t.call('GET', '/api/ready')).status).toBe(200);
  });

  it('names the failed part in the caller\'s language', async () => {
    await t.app.db.any.deleteFrom('kysely_migration').where('name', '=', t.app.migrations[0]!).execute();
    try {
      const ready = await t.call('GET', '/api/ready', undefined, undefined, { cookie: 'lang=zh-cn' });
      expect(ready.body.msg).toBe('服务暂不可用：数据库迁移 异常');
    } finally {
      await t.app.db.any.insertInto('kysely_migration').values({ name: t.app.migrations[0]!, timestamp: new Date().toISOString() }).execute();
    }
  });

  // Last: the app has no database afterwards.
  it('answers 503 naming the database (and the migrations it cannot read) once the database is gone; health stays 200', async () => {
    await t.app.db.kysely.destroy();
    const ready = await t.call('GET', '/api/ready', undefined, undefined, ENGLISH);
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({ msg: 'Not ready: database, migrations failed', data: { database: false, migrations: false, cache: true } });
    expect((await t.call('GET', '/api/health')).status).toBe(200);
  });
});

describe('readiness with Redis unreachable', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp();
    // Redis going away under a running server: the cache switched (as cache.toml changes apply live) to a
    // closed port, rather than stopping the Redis that other suites share.
    await t.app.settings.update('cache', 'redis', { host: '127.0.0.1', port: await freePort(), database: 0, prefix: 'gone', expired: 7200, password: 'unused-password' });
    await t.app.settings.update('cache', 'default', { type: 'redis' });
  });
  afterAll(() => t?.close());

  it('is not ready (503, cache) while health stays 200', async () => {
    const ready = await t.call('GET', '/api/ready', undefined, undefined, ENGLISH);
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({ code: 503, msg: 'Not ready: cache failed', data: { database: true, migrations: true, cache: false } });
    expect((await t.call('GET', '/api/health')).body).toMatchObject({ code: 200, data: { status: 'alive' } });
  });
});
