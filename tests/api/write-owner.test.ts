/**
 * Every write has one owner: whatever path writes a row —
 * the account flows, sign-in, bootstrap, the demo seed, the rule sync, a
 * direct update of a config row — the reads that depend on it change at once,
 * on the file cache and on Redis, with no invalidation by hand. Each case
 * reads first, so a stale cached answer would be what the second read sees.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo, DEMO_COUNTS } from '../../scripts/seed-demo';
import { hashPassword } from '../../server/auth/passwords';
import { bootstrap } from '../../server/db/bootstrap';
import { commApp, SETUPS, type CommApp } from './comm-harness';

describe.each(SETUPS)('writes outside the engine on %s with %s cache', (dialect, cache) => {
  let t: CommApp;
  const get = async (url: string) => (await t.call('GET', url, undefined, t.admin)).body;
  const total = async (table: string, query = '') => (await get(`/api/${table}/rows?limit=1${query}`)).data.total as number;

  beforeAll(async () => {
    t = await commApp(dialect, cache);
    await t.setConfig('SAFETY_SMS', (v) => { v.brush.enable = false; v.burst.enable = false; });
  });
  afterAll(() => t?.close());

  it('sign-up: the new member shows in its group, the invitation shows as spent, the user list grows', async () => {
    const group = (await t.call('POST', '/api/auth-group/create', { name: 'Newcomers' }, t.admin)).body.data.id;
    const invite = (await t.call('POST', '/api/invite/create', { code: 'WRITEOWNER1' }, t.admin)).body.data.id;
    await t.setConfig('SIGN_IN_UP', (v) => {
      v.sign_up.allow = true;
      v.sign_up.invite.mode = 'open';
      v.sign_up.auth_group_ids = [group];
    });
    const users = await total('users');
    expect((await get(`/api/auth-group/take?id=${group}`)).data.uids).toBe('');
    expect((await get(`/api/invite/take?id=${invite}`)).data.usedBy).toBe(0);

    const social = 'owner-test@example.test';
    await t.call('POST', '/api/comm/sign-up', { social });
    const res = await t.call('POST', '/api/comm/sign-up', {
      social, account: 'ownertest', password: 'long-enough-1', AgainPassword: 'long-enough-1', code: t.lastCode(social), invite: 'WRITEOWNER1',
    });
    expect(res.body, res.text).toMatchObject({ code: 200 });
    const id = res.body.data.user.id;
    expect((await get(`/api/auth-group/take?id=${group}`)).data.uids).toBe(`|${id}|`);
    expect((await get(`/api/invite/take?id=${invite}`)).data.usedBy).toBe(id);
    expect(await total('users')).toBe(users + 1);
  });

  it('sign-in: the user row shows when and where', async () => {
    const id = await t.addUser({ account: 'signer', nickname: 'Signer', password: 'secret-123' });
    expect((await t.user(id)).signInTime).toBe(0);
    await t.signIn('signer', 'secret-123');
    expect((await t.user(id)).signInTime).toBeGreaterThan(0);
    expect((await t.user(id)).signInIp).toBe('127.0.0.1');
  });

  it('a direct ban stops the user\'s token at once', async () => {
    const id = await t.addUser({ account: 'banme', nickname: 'Ban me', password: 'secret-123' });
    const token = await t.signIn('banme', 'secret-123');
    expect((await t.call('POST', '/api/comm/check-token', undefined, token)).body.code).toBe(200);
    await t.app.paydesk.db.kysely.updateTable('users').set({ status: 'banned' }).where('id', '=', id).execute();
    expect((await t.call('POST', '/api/comm/check-token', undefined, token)).status).toBe(401);
  });

  it('a direct update of a config row applies at once', async () => {
    expect((await t.call('GET', '/api/config/take?key=SITE_INFO')).body.data.value.title).not.toBe('Changed directly');
    const { db, config } = t.app.paydesk;
    const value = { ...(await config.get('SITE_INFO')), title: 'Changed directly' };
    await db.kysely.updateTable('config').set({ value: JSON.stringify(value) as never }).where('key', '=', 'SITE_INFO').execute();
    expect((await t.call('GET', '/api/config/take?key=SITE_INFO')).body.data.value.title).toBe('Changed directly');

    const signUp = (await config.get('SIGN_IN_UP'));
    await db.kysely.updateTable('config')
      .set({ value: JSON.stringify({ ...signUp, sign_up: { ...signUp.sign_up, allow: false } }) as never })
      .where('key', '=', 'SIGN_IN_UP').execute();
    expect((await t.call('POST', '/api/comm/sign-up', { social: 'closed@example.test' })).status).toBe(403);
  });

  it('bootstrap puts back a missing default row, and the public read sees it', async () => {
    const { db } = t.app.paydesk;
    await db.kysely.deleteFrom('config').where('key', '=', 'SITE_INFO').execute();
    expect((await t.call('GET', '/api/config/take?key=SITE_INFO')).body.code).toBe(204);
    await bootstrap(db, { hashPassword });
    expect((await t.call('GET', '/api/config/take?key=SITE_INFO')).body).toMatchObject({ code: 200, data: { key: 'SITE_INFO' } });
  });

  it('the demo seed shows in the lists', async () => {
    const [users, orders] = [await total('users'), await total('receive-money')];
    await seedDemo(t.app.paydesk.db);
    expect(await total('users')).toBe(users + DEMO_COUNTS.users);
    expect(await total('receive-money')).toBe(orders + DEMO_COUNTS.orders);
  });

  it('the rule sync puts back a deleted rule, in the list and in the permission check', async () => {
    const { db, rules } = t.app.paydesk;
    const before = await total('auth-rules');
    await db.kysely.deleteFrom('auth_rules').where('route', '=', 'api/tags/rows').execute();
    expect(await total('auth-rules')).toBe(before - 1);
    expect((await t.call('GET', '/api/tags/rows', undefined, t.admin)).status).toBe(404);
    await rules.sync();
    expect(await total('auth-rules')).toBe(before);
    expect((await t.call('GET', '/api/tags/rows', undefined, t.admin)).status).toBe(200);
  });

  it('a list total follows rows that come, go or change a counted column, however they are written', async () => {
    const { db } = t.app.paydesk;
    const id = await t.addUser({ account: 'counted', nickname: 'Counted', password: 'secret-123' });
    const all = await total('users');
    const banned = await total('users', '&status=banned');
    const named = await total('users', '&q=Recounted');
    // An update of a column no count reads keeps the totals, and the row shows its new value.
    await db.kysely.updateTable('users').set({ remark: 'kept' }).where('id', '=', id).execute();
    expect((await t.user(id)).remark).toBe('kept');
    expect([await total('users'), await total('users', '&status=banned')]).toEqual([all, banned]);
    // A filtered column, a searched one, the bin, an insert: each moves the totals that read it.
    await db.kysely.updateTable('users').set({ status: 'banned' }).where('id', '=', id).execute();
    expect([await total('users'), await total('users', '&status=banned')]).toEqual([all, banned + 1]);
    await db.kysely.updateTable('users').set({ nickname: 'Recounted' }).where('id', '=', id).execute();
    expect(await total('users', '&q=Recounted')).toBe(named + 1);
    await db.kysely.updateTable('users').set({ deleteTime: 1 }).where('id', '=', id).execute();
    expect([await total('users'), await total('users', '&status=banned')]).toEqual([all - 1, banned]);
    await t.addUser({ account: 'counted2', nickname: 'Counted 2', password: 'secret-123' });
    expect(await total('users')).toBe(all);
  });

  it('announces a transaction\'s writes at its commit, and a rolled-back one\'s never', async () => {
    const { db } = t.app.paydesk;
    const heard: Array<[string, readonly number[] | undefined]> = [];
    // Only the tables written here: the operation log may flush its queue meanwhile.
    const stop = db.writes.on((table, ids) => void (table !== 'logs' && heard.push([table, ids])));
    try {
      await db.kysely.transaction().execute(async (trx) => {
        await trx.updateTable('tags').set({ updateTime: 1 }).where('id', 'in', [1, 2]).execute();
        await trx.updateTable('tags').set({ updateTime: 1 }).where('id', '=', 3).execute();
        expect(heard).toEqual([]);
      });
      expect(heard).toEqual([['tags', [1, 2, 3]]]);
      heard.length = 0;
      await expect(db.kysely.transaction().execute(async (trx) => {
        await trx.updateTable('tags').set({ updateTime: 2 }).execute();
        throw new Error('changed my mind');
      })).rejects.toThrow('changed my mind');
      expect(heard).toEqual([]);
      await db.kysely.updateTable('links').set({ updateTime: 3 }).where('deleteTime', '=', 0).execute();
      expect(heard).toEqual([['links', undefined]]);
    } finally {
      stop();
    }
  });
});
