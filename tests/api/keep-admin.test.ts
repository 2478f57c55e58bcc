/**
 * Issue 11 item 6: an operator cannot ban or remove his own account, and no
 * write may leave the site without an active super-admin, whichever way it
 * goes (ban, trash or delete the user; take him out of the group; change,
 * trash or delete the group). Refused writes change nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, makeApp, type TestApp } from '../support/app';

describe.each(DIALECTS)('keeping the super-admins on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let adminId: number;
  let superGroup: { id: number; uids: string };
  beforeAll(async () => {
    t = await makeApp({ dialect });
    admin = await t.signIn();
    adminId = (await t.call('POST', '/api/comm/check-token', undefined, admin)).body.data.user.id;
    superGroup = (await t.call('GET', '/api/auth-group/find?no=super-admin', undefined, admin)).body.data[0];
  });
  afterAll(() => t?.close());

  const zh = { cookie: 'lang=zh-cn' };
  const en = { cookie: 'lang=en-us' };
  const status = async (id: number) => (await t.call('GET', `/api/users/take?id=${id}`, undefined, admin)).body.data?.status;

  /** A second operator, in a group that may manage users but is not super-admin. */
  async function operator(account: string) {
    const user = (await t.call('POST', '/api/users/create', { account, password: 'operator-pass-1' }, admin)).body.data;
    const rules = (await t.call('GET', '/api/auth-rules/find?group=users&limit=200', undefined, admin)).body.data;
    const group = await t.call('POST', '/api/auth-group/create', {
      name: `ops ${account}`, manage: 1, uids: `|${user.id}|`, rules: `|${rules.map((r: { id: number }) => r.id).join('|')}|`,
    }, admin);
    expect(group.status, group.text).toBe(201);
    return { id: user.id as number, token: await t.signIn(account, 'operator-pass-1') };
  }

  it('refuses an operator banning his own account, with a clear message', async () => {
    const op = await operator('selfban1');
    const res = await t.call('PUT', '/api/users/update', { id: op.id, status: 'banned' }, op.token, en);
    expect(res.status).toBe(403);
    expect(res.body.msg).toBe('You cannot ban your own account');
    expect(await status(op.id)).toBe('normal');
    const zhRes = await t.call('PUT', '/api/users/update', { id: op.id, status: 'banned' }, op.token, zh);
    expect(zhRes.body.msg).toBe('不能禁用自己的账号');
  });

  it('refuses an operator removing or deleting his own account', async () => {
    const op = await operator('selfrm01');
    const removed = await t.call('DELETE', '/api/users/remove', { ids: String(op.id) }, op.token, en);
    expect(removed.status).toBe(403);
    expect(removed.body.msg).toBe('You cannot remove your own account');
    const deleted = await t.call('DELETE', '/api/users/delete', { ids: String(op.id) }, op.token, en);
    expect(deleted.status).toBe(403);
    expect((await t.call('POST', '/api/comm/check-token', undefined, op.token)).status).toBe(200);
  });

  it('still lets an operator ban someone else, and edit his own account', async () => {
    const op = await operator('banother');
    const other = (await t.call('POST', '/api/users/create', { account: 'victim01' }, admin)).body.data;
    expect((await t.call('PUT', '/api/users/update', { id: other.id, status: 'banned' }, op.token)).status).toBe(200);
    expect(await status(other.id)).toBe('banned');
    expect((await t.call('PUT', '/api/users/update', { id: op.id, nickname: 'Me' }, op.token)).status).toBe(200);
  });

  it('refuses banning, removing or deleting the last super-admin, by anyone', async () => {
    const op = await operator('lastadm1');
    for (const [method, url, body] of [
      ['PUT', '/api/users/update', { id: adminId, status: 'banned' }],
      ['DELETE', '/api/users/remove', { ids: String(adminId) }],
      ['DELETE', '/api/users/delete', { ids: String(adminId) }],
    ] as const) {
      // An operator is stopped by the permission ceiling already; the super-admin himself by this rule.
      expect((await t.call(method, url, body, op.token, en)).status, url).toBe(403);
      const self = await t.call(method, url, body, admin, en);
      expect(self.status, url).toBe(403);
      expect(self.body.msg).toMatch(/^You cannot (ban|remove) your own account$/);
    }
    expect(await status(adminId)).toBe('normal');
  });

  it('refuses taking the last super-admin out of the group, or removing the group', async () => {
    const out = await t.call('PUT', '/api/auth-group/update', { id: superGroup.id, uids: '' }, admin, zh);
    expect(out.status).toBe(403);
    expect(out.body.msg).toBe('至少要保留一位正常状态的超级管理员');
    expect((await t.call('DELETE', '/api/auth-group/remove', { ids: String(superGroup.id) }, admin)).status).toBe(403);
    expect((await t.call('DELETE', '/api/auth-group/delete', { ids: String(superGroup.id) }, admin)).status).toBe(403);
    const group = (await t.call('GET', `/api/auth-group/take?id=${superGroup.id}`, undefined, admin)).body.data;
    expect(group.uids).toBe(superGroup.uids);
    expect(group.deleteTime).toBe(0);
  });

  it('allows all of it once another active super-admin exists', async () => {
    const second = (await t.call('POST', '/api/users/create', { account: 'second01', password: 'second-pass-1' }, admin)).body.data;
    const joined = await t.call('PUT', '/api/auth-group/update', { id: superGroup.id, uids: `|${adminId}|${second.id}|` }, admin);
    expect(joined.status, joined.text).toBe(200);
    const secondToken = await t.signIn('second01', 'second-pass-1');
    expect((await t.call('PUT', '/api/users/update', { id: adminId, status: 'banned' }, secondToken)).status).toBe(200);
    // Now `second` is the last one: he may not be banned by anyone, nor leave the group.
    expect((await t.call('PUT', '/api/auth-group/update', { id: superGroup.id, uids: `|${second.id}|` }, secondToken)).status).toBe(200);
    expect((await t.call('PUT', '/api/auth-group/update', { id: superGroup.id, uids: '' }, secondToken)).status).toBe(403);
    expect((await t.call('PUT', '/api/users/update', { id: adminId, status: 'normal' }, secondToken)).status).toBe(200);
  });
});
