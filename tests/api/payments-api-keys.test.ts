/**
 * API keys (issue 13 item 5): shown once, stored hashed, acting with the
 * owner's groups, with an expiry and a last-used time, revocable, and never
 * seen again after the answer that created it (not in lists, not in the log).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DIALECTS } from '../support/app';
import { dataOf } from '../support/fixtures';
import { payApi, userWith, type PayApi } from './payments-support';

// Each suite builds an app; on MariaDB its migrations can outlast the default hook time on a busy machine.
vi.setConfig({ hookTimeout: 120_000 });

describe.each(DIALECTS)('API keys on %s', (dialect) => {
  let api: PayApi;
  beforeAll(async () => {
    api = await payApi(dialect);
  });
  afterAll(() => api?.close());

  const withKey = (key: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
    api.t.call(method, url, body, key, { cookie: 'lang=en-us' });

  it('is shown once, stored as a hash, and creates and reads orders as its owner', async () => {
    const merchant = await userWith(api, ['POST api/receive-money/create', 'GET api/receive-money/take'], 0);
    const created = dataOf(await api.t.call('POST', '/api/api-keys/create', { name: 'shop server' }, merchant.token), 201);
    expect(created.key).toMatch(/^pdk_[\w-]{40}$/);
    expect(created.key.startsWith(created.prefix)).toBe(true);
    const stored = await api.t.app.paydesk.db.any.selectFrom('api_keys').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(stored.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(created.key.slice(12));

    const order = dataOf(await withKey(created.key, 'POST', '/api/receive-money/create', { title: 'From the shop', amount: 9, currency: 'USD', notifyUrl: 'https://shop.example.com/paid' }), 201);
    expect(order.uid).toBe(merchant.id);
    expect(dataOf(await withKey(created.key, 'GET', `/api/receive-money/take?id=${order.id}`)).status).toBe('pending');
    // Only its owner's rules: no mark-paid.
    expect((await withKey(created.key, 'POST', '/api/receive-money/mark-paid', { id: order.id, reason: 'x' })).status).toBe(403);

    // The list shows the key's name and prefix, never the key or its hash; the log never has it.
    const listed = dataOf(await api.t.call('GET', '/api/api-keys/rows', undefined, merchant.token));
    expect(listed.rows).toHaveLength(1);
    expect(listed.rows[0].lastUsedTime).toBeGreaterThan(0);
    expect(JSON.stringify(listed)).not.toContain(created.key);
    expect(listed.rows[0].hash).toBeUndefined();
    await api.t.app.paydesk.logs.flush();
    const logs = await api.t.app.paydesk.db.any.selectFrom('logs').select(['params', 'content', 'agent', 'api']).execute();
    expect(logs.some((row) => row.api === '/api/api-keys/create')).toBe(true);
    expect(JSON.stringify(logs)).not.toContain(created.key);
  });

  it('stops working when revoked or expired, and cannot make or revoke keys itself', async () => {
    const admin = await api.t.signIn();
    const a = dataOf(await api.t.call('POST', '/api/api-keys/create', { name: 'revoke me' }, admin), 201);
    expect((await withKey(a.key, 'GET', '/api/receive-money/rows')).status).toBe(200);
    const child = await withKey(a.key, 'POST', '/api/api-keys/create', { name: 'child' });
    expect(child.status).toBe(403);
    expect(child.body.msg).toBe('Sign in to manage API keys; an API key cannot do it');
    expect((await withKey(a.key, 'PUT', '/api/api-keys/revoke', { id: a.id })).status).toBe(403);
    dataOf(await api.t.call('PUT', '/api/api-keys/revoke', { id: a.id }, admin));
    expect((await withKey(a.key, 'GET', '/api/receive-money/rows')).status).toBe(401);

    // Time moves by the app's clock: the key works until the second it expires, and not from that second on.
    const soon = api.clock.now + 60;
    const b = dataOf(await api.t.call('POST', '/api/api-keys/create', { name: 'short', expireTime: soon }, admin), 201);
    expect((await withKey(b.key, 'GET', '/api/receive-money/rows')).status).toBe(200);
    api.clock.now = soon - 1;
    expect((await withKey(b.key, 'GET', '/api/receive-money/rows')).status).toBe(200);
    api.clock.now = soon;
    expect((await withKey(b.key, 'GET', '/api/receive-money/rows')).status).toBe(401);
    api.clock.now += 3600;
    expect((await withKey(b.key, 'GET', '/api/receive-money/rows')).status).toBe(401);

    expect((await withKey('pdk_' + 'x'.repeat(40), 'GET', '/api/receive-money/rows')).status).toBe(401);
    const past = await api.t.call('POST', '/api/api-keys/create', { name: 'past', expireTime: 1000 }, admin);
    expect(past.status).toBe(400);
    expect((await api.t.call('POST', '/api/api-keys/create', {}, admin)).status).toBe(400);
  });

  it('stops working the moment its owner is banned', async () => {
    const owner = await userWith(api, ['GET api/receive-money/rows'], 0);
    const key = dataOf(await api.t.call('POST', '/api/api-keys/create', { name: 'banned owner' }, owner.token), 201);
    expect((await withKey(key.key, 'GET', '/api/receive-money/rows')).status).toBe(200);
    dataOf(await api.t.call('PUT', '/api/users/update', { id: owner.id, status: 'banned' }, await api.t.signIn()));
    expect((await withKey(key.key, 'GET', '/api/receive-money/rows')).body).toMatchObject({ code: 401, msg: 'This account is disabled' });
  });

  it("loses a rule the moment its owner's group is put in the recycle bin", async () => {
    const owner = await userWith(api, ['GET api/receive-money/rows'], 0);
    const key = dataOf(await api.t.call('POST', '/api/api-keys/create', { name: 'group gone' }, owner.token), 201);
    expect((await withKey(key.key, 'GET', '/api/receive-money/rows')).status).toBe(200);
    const group = await api.t.app.paydesk.db.any.selectFrom('auth_group').select('id').where('uids', '=', `|${owner.id}|`).executeTakeFirstOrThrow();
    dataOf(await api.t.call('DELETE', '/api/auth-group/remove', { ids: String(group.id) }, await api.t.signIn()));
    expect((await withKey(key.key, 'GET', '/api/receive-money/rows')).status).toBe(403);
  });

  it('stops working, as an expired session does, the moment its owner is put in the recycle bin', async () => {
    const owner = await userWith(api, ['GET api/receive-money/rows'], 0);
    const key = dataOf(await api.t.call('POST', '/api/api-keys/create', { name: 'trashed owner' }, owner.token), 201);
    expect((await withKey(key.key, 'GET', '/api/receive-money/rows')).status).toBe(200);
    dataOf(await api.t.call('DELETE', '/api/users/remove', { ids: String(owner.id) }, await api.t.signIn()));
    expect((await withKey(key.key, 'GET', '/api/receive-money/rows')).body).toMatchObject({ code: 401, msg: 'Your session has expired, please sign in again' });
    expect((await withKey(`${key.key}x`, 'GET', '/api/receive-money/rows')).body).toMatchObject({ code: 401, msg: 'Your session has expired, please sign in again' });
  });

  it('shows when it was last used, written at most once a minute', async () => {
    const admin = await api.t.signIn();
    const key = dataOf(await api.t.call('POST', '/api/api-keys/create', { name: 'last used' }, admin), 201);
    const lastUsed = async () => dataOf(await api.t.call('GET', '/api/api-keys/rows', undefined, admin)).rows.find((row: { id: number }) => row.id === key.id).lastUsedTime;
    expect(await lastUsed()).toBe(0);
    const first = api.clock.now;
    expect((await withKey(key.key, 'GET', '/api/receive-money/rows')).status).toBe(200);
    expect(await lastUsed()).toBe(first);
    api.clock.now = first + 59;
    expect((await withKey(key.key, 'GET', '/api/receive-money/rows')).status).toBe(200);
    expect(await lastUsed()).toBe(first);
    api.clock.now = first + 60;
    expect((await withKey(key.key, 'GET', '/api/receive-money/rows')).status).toBe(200);
    expect(await lastUsed()).toBe(first + 60);
  });

  it("lets a user see and revoke only their own keys", async () => {
    const one = await userWith(api, ['GET api/receive-money/rows'], 0);
    const two = await userWith(api, ['GET api/receive-money/rows'], 0);
    const key = dataOf(await api.t.call('POST', '/api/api-keys/create', { name: 'mine' }, one.token), 201);
    expect(dataOf(await api.t.call('GET', '/api/api-keys/rows', undefined, two.token)).rows).toHaveLength(0);
    const asTwo = (method: 'PUT' | 'DELETE', url: string, body: unknown) => api.t.call(method, url, body, two.token, { cookie: 'lang=en-us' });
    for (const [url, body] of [['/api/api-keys/revoke', { id: key.id }], ['/api/api-keys/rules', { id: key.id, rules: null }]] as const) {
      const refused = await asTwo('PUT', url, body);
      expect(refused.status, url).toBe(403);
      expect(refused.body.msg).toBe("You cannot change other users' data");
      // A key that does not exist is not found, not a crash.
      expect((await asTwo('PUT', url, { ...body, id: key.id + 1000 })).status, url).toBe(404);
    }
    // Which key, left out, is a clear 400.
    expect((await asTwo('PUT', '/api/api-keys/revoke', undefined)).status).toBe(400);
    expect((await asTwo('DELETE', '/api/api-keys/delete', { ids: String(key.id) })).status).toBe(403);
    expect((await withKey(key.key, 'GET', '/api/receive-money/rows')).status).toBe(200);
    // Its owner revokes it; revoking it again later keeps the time it stopped working.
    const revokedAt = api.clock.now;
    expect(dataOf(await api.t.call('PUT', '/api/api-keys/revoke', { id: key.id }, one.token))).toEqual({ id: key.id, revokedTime: revokedAt });
    api.clock.now += 60;
    expect(dataOf(await api.t.call('PUT', '/api/api-keys/revoke', { id: key.id }, one.token))).toEqual({ id: key.id, revokedTime: revokedAt });
    const rows = dataOf(await api.t.call('GET', '/api/api-keys/rows', undefined, one.token)).rows as Array<{ id: number; revokedTime: number }>;
    expect(rows.find((r) => r.id === key.id)?.revokedTime).toBe(revokedAt);
  });

  it('tells its owner what each change did, files its rules under API keys, and logs each change against the key', async () => {
    const admin = await api.t.signIn();
    const owner = (method: 'POST' | 'PUT', url: string, body: unknown) => api.t.call(method, url, body, admin, { cookie: 'lang=en-us' });
    // An expiry must be later than now: this very second is too late.
    const late = await owner('POST', '/api/api-keys/create', { name: 'late', expireTime: api.clock.now });
    expect(late.status).toBe(400);
    expect(late.body.msg).toContain('The expiry must be in the future');
    expect(late.body.data.errors[0].field).toBe('expireTime');
    const made = await owner('POST', '/api/api-keys/create', { name: 'told' });
    expect(made.body.msg).toBe('API key created: save it now, it cannot be shown again');
    const { id } = made.body.data as { id: number };
    // Changing a key's rules names what to change.
    const nothing = await owner('PUT', '/api/api-keys/rules', { id });
    expect(nothing.status).toBe(400);
    expect(nothing.body.msg).toContain('This field is required');
    expect(nothing.body.data.errors[0].field).toBe('rules');
    expect((await owner('PUT', '/api/api-keys/rules', { id, preset: 'merchant' })).body.msg).toBe("The key's rules were saved");
    expect((await owner('PUT', '/api/api-keys/revoke', { id })).body.msg).toBe('API key revoked');

    // The rules an operator grants show these routes under API keys, each by its action.
    const rules = dataOf(await api.t.call('GET', '/api/auth-rules/find?limit=1000', undefined, admin)) as Array<{ method: string; route: string; group: string; name: string }>;
    const named = (route: string) => rules.filter((r) => r.route === route).map((r) => `${r.group}/${r.name}`);
    expect(['create', 'choices', 'rules', 'revoke'].flatMap((name) => named(`api/api-keys/${name}`))).toEqual(['api-keys/create', 'api-keys/choices', 'api-keys/rules', 'api-keys/revoke']);
    // The operation log ties each change to the key, as the kind of write it was.
    await api.t.app.paydesk.logs.flush();
    const logs = await api.t.app.paydesk.db.any.selectFrom('logs').select(['api', 'scene', 'bindId']).where('api', 'like', '/api/api-keys/%').where('bindId', '=', id).execute();
    expect(logs.map((l) => l.api).sort()).toEqual(['/api/api-keys/create', '/api/api-keys/revoke', '/api/api-keys/rules']);
    expect(Object.fromEntries(logs.map((l) => [l.api, l.scene]))).toMatchObject({ '/api/api-keys/create': 'create', '/api/api-keys/rules': 'update' });
  });

  it("lets revoke anyone's key only a group that grants the revoke rule itself with manage", async () => {
    const one = await userWith(api, ['GET api/receive-money/rows'], 0);
    // Managing orders is no power over keys (issue 32: an auditor took merchants' keys down this way).
    const ordersManager = await userWith(api, ['GET api/receive-money/rows'], 1);
    const key = dataOf(await api.t.call('POST', '/api/api-keys/create', { name: 'leaked' }, one.token), 201);
    expect((await api.t.call('PUT', '/api/api-keys/revoke', { id: key.id }, ordersManager.token)).status).toBe(403);
    expect((await withKey(key.key, 'GET', '/api/receive-money/rows')).status).toBe(200);
    const keysManager = await userWith(api, ['PUT api/api-keys/revoke'], 1);
    dataOf(await api.t.call('PUT', '/api/api-keys/revoke', { id: key.id }, keysManager.token));
    expect((await withKey(key.key, 'GET', '/api/receive-money/rows')).status).toBe(401);
  });
});
