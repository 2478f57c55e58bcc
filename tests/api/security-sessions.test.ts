/**
 * Sessions end when an operator changes who may use an account (issue 10,
 * item 5): a password set through users/update or users/save, a ban, and a
 * trip to the recycle bin all revoke every token issued before, so an unban or
 * a restore does not bring an old session back.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, makeApp, type TestApp } from '../support/app';

describe.each(DIALECTS)('sessions ended by operators on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  const check = (token: string) => t.call('POST', '/api/comm/check-token', undefined, token);
  const account = async (name: string) => {
    const res = await t.call('POST', '/api/users/create', { account: name, password: 'first-pass-1' }, admin);
    expect(res.status, res.text).toBe(201);
    return { id: res.body.data.id as number, token: await t.signIn(name, 'first-pass-1') };
  };
  beforeAll(async () => {
    t = await makeApp({ dialect });
    admin = await t.signIn();
  });
  afterAll(() => t?.close());

  it('ends the sessions of a user whose password an operator sets, by update or by save', async () => {
    for (const [method, url] of [['PUT', '/api/users/update'], ['POST', '/api/users/save']] as const) {
      const user = await account(`pw${url.length}${method}`.toLowerCase().replace(/[^a-z0-9]/g, ''));
      expect((await check(user.token)).status).toBe(200);
      expect((await t.call(method, url, { id: user.id, password: 'second-pass-2' }, admin)).status).toBe(200);
      expect((await check(user.token)).status, url).toBe(401);
      // The new password signs in; a change of something else ends nothing.
      const fresh = await t.signIn(`pw${url.length}${method}`.toLowerCase().replace(/[^a-z0-9]/g, ''), 'second-pass-2');
      expect((await t.call(method, url, { id: user.id, nickname: 'Renamed' }, admin)).status).toBe(200);
      expect((await check(fresh)).status).toBe(200);
    }
  });

  it('ends the sessions of a banned user for good: unbanning does not revive them', async () => {
    const user = await account('bannedsoon');
    expect((await t.call('PUT', '/api/users/update', { id: user.id, status: 'banned' }, admin)).status).toBe(200);
    expect((await t.call('PUT', '/api/users/update', { id: user.id, status: 'normal' }, admin)).status).toBe(200);
    expect((await check(user.token)).status).toBe(401);
    expect(await t.signIn('bannedsoon', 'first-pass-1')).toBeTruthy();
  });

  it('ends the sessions of a user moved to the recycle bin, also after a restore', async () => {
    const user = await account('trashedsoon');
    expect((await t.call('DELETE', '/api/users/remove', { ids: String(user.id) }, admin)).status).toBe(200);
    expect((await t.call('PUT', '/api/users/restore', { ids: String(user.id) }, admin)).status).toBe(200);
    expect((await check(user.token)).status).toBe(401);
  });
});

describe('a change made through another instance (one SQLite file, the app clock)', () => {
  it('reaches this instance within a second: a trashed group stops granting its rules', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'paydesk-guard-'));
    const clock = { now: Date.now() };
    const shared = { dataDir: path.join(root, 'data'), configDir: path.join(root, 'config'), databaseUrl: `sqlite:${path.join(root, 'shared.db')}`, clock: () => clock.now };
    fs.mkdirSync(shared.dataDir);
    const a = await makeApp(shared);
    const b = await makeApp(shared);
    try {
      const admin = await a.signIn();
      const user = await a.call('POST', '/api/users/create', { account: 'elsewhere', password: 'first-pass-1' }, admin);
      const group = await a.call('POST', '/api/auth-group/create', { name: 'Everything', all: 1, manage: 0, uids: `|${user.body.data.id}|` }, admin);
      expect(group.status, group.text).toBe(201);
      const token = await b.signIn('elsewhere', 'first-pass-1');
      expect((await b.call('GET', '/api/users/rows', undefined, token)).status).toBe(200);
      expect((await a.call('DELETE', '/api/auth-group/remove', { ids: String(group.body.data.id) }, admin)).status).toBe(200);
      clock.now += 1000;
      expect((await b.call('GET', '/api/users/rows', undefined, token)).status).toBe(403);
    } finally {
      await a.close();
      await b.close();
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
