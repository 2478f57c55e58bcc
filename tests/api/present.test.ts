/**
 * What the log and rule rows carry beyond their columns (issue 11
 * item 26): a log names its caller as `user` {id, avatar, nickname}, even to
 * a reader who may not read the users table; an auth rule has `fullName` in
 * the caller's language.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, makeApp, type TestApp } from '../support/app';

describe.each(DIALECTS)('rows beyond their columns on %s', (dialect) => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await makeApp({ dialect });
    admin = await t.signIn();
  });
  afterAll(() => t?.close());

  it('a log row names its caller with avatar and nickname, in rows, find and take', async () => {
    const created = await t.call('POST', '/api/users/create', { account: 'frank2024', password: 'frank-pass-1', nickname: 'Frank', avatar: '/storage/frank.png' }, admin);
    expect(created.body.code).toBe(201);
    const frank = await t.signIn('frank2024', 'frank-pass-1');
    expect((await t.call('GET', '/api/users/rows', undefined, frank)).body.code).toBe(403);
    await t.app.paydesk.logs.flush();

    const rows = (await t.call('GET', '/api/logs/rows?code=403', undefined, admin)).body.data.rows;
    expect(rows).toHaveLength(1);
    expect(rows[0].user).toEqual({ id: created.body.data.id, avatar: '/storage/frank.png', nickname: 'Frank' });

    const found = (await t.call('GET', `/api/logs/find?ids=${rows[0].id}`, undefined, admin)).body.data;
    expect(found[0].user.nickname).toBe('Frank');
    const taken = (await t.call('GET', `/api/logs/take?id=${rows[0].id}`, undefined, admin)).body.data;
    expect(taken.user.nickname).toBe('Frank');

    // A guest's call has no caller.
    await t.call('POST', '/api/comm/sign-in', { account: 'nobody1', password: 'wrong-pass-1' });
    await t.app.paydesk.logs.flush();
    const guest = (await t.call('GET', `/api/logs/rows?api=${encodeURIComponent('/api/comm/sign-in')}&code=400`, undefined, admin)).body.data.rows;
    expect(guest.length).toBeGreaterThan(0);
    expect(guest[0].user).toBeNull();
  });

  it("an auth rule's fullName reads in the caller's language", async () => {
    const zh = (await t.call('GET', '/api/auth-rules/rows?route=api/users/rows', undefined, admin)).body.data.rows[0];
    expect(zh.fullName).toBe('用户 · 列表');
    const en = (await t.call('GET', '/api/auth-rules/rows?route=api/users/rows', undefined, admin, { cookie: 'lang=en-us' })).body.data.rows[0];
    expect(en.fullName).toBe('Users · List');
    const signIn = (await t.call('GET', `/api/auth-rules/rows?route=${encodeURIComponent('api/comm/sign-in')}`, undefined, admin, { cookie: 'lang=en-us' })).body.data.rows[0];
    expect(signIn.fullName).toBe('Account · Sign in');
  });
});
