/**
 * Who may use the simple-rest dialect: each route is a rule granted through
 * groups; a database from before the dialect gives each group the routes
 * that do what it already held; the preset groups hold them the same way;
 * the API documentation lists them under their own tag.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, makeApp, type TestApp } from '../support/app';
import { adminApi, createOrder, createUser, dataOf, type Api } from '../support/fixtures';
import { up as upRestRules } from '../../server/db/migrations/20261126025917_rest_rules';
import { up as upRestPatch } from '../../server/db/migrations/20261128164500_rest_patch';

type RuleRow = { id: number; method: string; route: string; type: string };

describe.each(DIALECTS)('the dialect\'s rules on %s', (dialect) => {
  let api: Api;
  let root: string;
  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'paydesk-rest-rules-'));
    api = await adminApi(dialect, dialect === 'sqlite' ? { databaseUrl: `sqlite:${path.join(root, 'paydesk.db')}` } : {});
  });
  afterAll(async () => {
    await api?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  const rules = async (t: TestApp = api.t) => (await t.app.paydesk.db.any.selectFrom('auth_rules').select(['id', 'method', 'route', 'type']).execute()) as RuleRow[];
  const routesOf = (all: RuleRow[], ids: string) => ids.split('|').filter(Boolean).map((id) => all.find((r) => r.id === Number(id))).map((r) => `${r!.method} ${r!.route}`);

  it('every route of the dialect has a rule, and a public read is public only on its own route', async () => {
    const all = await rules();
    const of = (method: string, route: string) => all.find((r) => r.method === method && r.route === route);
    expect(of('GET', 'api/rest/users')).toMatchObject({ type: 'default' });
    expect(of('DELETE', 'api/rest/users/:id')).toMatchObject({ type: 'default' });
    expect(of('GET', 'api/receive-money/take')).toMatchObject({ type: 'common' });
    expect(of('GET', 'api/rest/receive-money/:id')).toMatchObject({ type: 'default' });
    // The operation log cannot be written by anyone, in either dialect.
    expect(of('POST', 'api/rest/logs')).toBeUndefined();
    const order = await createOrder(api);
    expect((await api.anon('GET', `/api/rest/receive-money/${order.id}`)).status).toBe(401);
    expect(dataOf(await api.anon('GET', `/api/receive-money/take?tradeNo=${order.tradeNo}`))).toMatchObject({ title: order.title });
  });

  it('a database from before PATCH: a group holding the dialect\'s PUT gains its PATCH, of the same type; one without it gains nothing', async () => {
    const k = api.t.app.paydesk.db.any;
    const before = await rules();
    const id = (s: string) => before.find((r) => `${r.method} ${r.route}` === s)!.id;
    // An operator had made editing tags through the dialect open to every signed-in user.
    await k.updateTable('auth_rules').set({ type: 'login' }).where('id', '=', id('PUT api/rest/tags/:id')).execute();
    const withPut = dataOf(await api.call('POST', '/api/auth-group/create', { name: 'Dialect edits', rules: `|${id('PUT api/rest/receive-money/:id')}|${id('GET api/rest/tags')}|` }), 201);
    // Holds the console's update but had the dialect's PUT taken away: PATCH is no way around that.
    const withoutPut = dataOf(await api.call('POST', '/api/auth-group/create', { name: 'Console only', rules: `|${id('PUT api/receive-money/update')}|` }), 201);
    await k.deleteFrom('auth_rules').where('method', '=', 'PATCH').execute();
    await upRestPatch(k);
    await upRestPatch(k); // run twice (a retried deploy): nothing doubles
    const after = await rules();
    const held = async (group: number) => routesOf(after, String((await k.selectFrom('auth_group').select('rules').where('id', '=', group).executeTakeFirstOrThrow()).rules)).sort();
    expect(await held(withPut.id)).toEqual(['GET api/rest/tags', 'PATCH api/rest/receive-money/:id', 'PUT api/rest/receive-money/:id']);
    expect(await held(withoutPut.id)).toEqual(['PUT api/receive-money/update']);
    expect(after.filter((r) => r.method === 'PATCH' && r.route === 'api/rest/receive-money/:id')).toHaveLength(1);
    expect(after.find((r) => r.method === 'PATCH' && r.route === 'api/rest/tags/:id')).toMatchObject({ type: 'login' });
    // Every table with the dialect's PUT has its PATCH again.
    expect(after.filter((r) => r.method === 'PATCH').length).toBe(before.filter((r) => r.method === 'PATCH').length);
    await k.updateTable('auth_rules').set({ type: 'default' }).where('route', '=', 'api/rest/tags/:id').execute();
  });

  it('a database from before the dialect: each group gains the routes that do what it already held', async () => {
    const k = api.t.app.paydesk.db.any;
    const before = await rules();
    const spec = ['GET api/users/rows', 'DELETE api/users/delete', 'GET api/receive-money/take', 'PUT api/receive-money/update', 'DELETE api/receive-money/remove'];
    const ids = spec.map((s) => before.find((r) => `${r.method} ${r.route}` === s)!.id);
    const user = await createUser(api, { password: 'secret-pass-1' });
    const order = await createOrder(api);
    const group = dataOf(await api.call('POST', '/api/auth-group/create', { name: 'Before the dialect', manage: 1, rules: `|${ids.join('|')}|`, uids: `|${user.id}|` }), 201);
    // As the database stood before: no rules of the dialect; then the migration's step runs on it (called directly:
    // the migrator would refuse to run it again once later migrations are recorded).
    await k.deleteFrom('auth_rules').where('route', 'like', 'api/rest/%').execute();
    await upRestRules(k);
    await upRestPatch(k);
    await api.t.app.close();

    const again = await makeApp({ databaseUrl: api.t.databaseUrl, dataDir: api.t.dataDir, configDir: api.t.configDir });
    try {
      const after = await rules(again);
      const { rules: held } = await again.app.paydesk.db.any.selectFrom('auth_group').select('rules').where('id', '=', group.id).executeTakeFirstOrThrow();
      expect(routesOf(after, String(held)).sort()).toEqual([
        ...spec,
        'GET api/rest/users', 'GET api/rest/receive-money/:id', 'PUT api/rest/receive-money/:id', 'PATCH api/rest/receive-money/:id', 'DELETE api/rest/receive-money/:id',
      ].sort());
      // The sync at start found the migration's rules by their hash: one row per route.
      expect(after.filter((r) => r.route === 'api/rest/users' && r.method === 'GET')).toHaveLength(1);
      expect(after.filter((r) => r.route.startsWith('api/rest/')).length).toBe(before.filter((r) => r.route.startsWith('api/rest/')).length);

      const token = await again.signIn(user.account, 'secret-pass-1');
      const en = { cookie: 'lang=en-us' };
      expect((await again.call('GET', '/api/rest/users?range=[0,4]', undefined, token, en)).status).toBe(200);
      expect((await again.call('GET', `/api/rest/receive-money/${order.id}`, undefined, token, en)).body).toMatchObject({ id: order.id });
      // Users are binned by `remove`, which the group does not hold: its permanent delete is no grant of the dialect's delete.
      expect((await again.call('DELETE', `/api/rest/users/${user.id}`, undefined, token, en)).body).toEqual({ message: 'Permission denied' });
      expect((await again.call('POST', '/api/rest/receive-money', { title: 'x' }, token, en)).status).toBe(403);
    } finally {
      await again.close();
    }
    // It starts a second app on the same database, which on a busy MariaDB takes what a suite's setup may take.
  }, 90_000);
});

describe('the preset groups and the documentation', () => {
  let api: Api;
  beforeAll(async () => { api = await adminApi('sqlite'); });
  afterAll(() => api?.close());

  it('a preset holds the dialect\'s routes that do what its own patterns grant', async () => {
    const all = (await api.t.app.paydesk.db.any.selectFrom('auth_rules').select(['id', 'method', 'route', 'type']).execute()) as RuleRow[];
    const presets = dataOf(await api.call('GET', '/api/auth-group/preset')) as Array<{ no: string; rules: string }>;
    const rest = (no: string) => routesOf(presets.find((p) => p.no === no)!.rules).filter((r) => r.includes('api/rest/'));
    function routesOf(ids: string) {
      return ids.split('|').filter(Boolean).map((id) => all.find((r) => r.id === Number(id))!).map((r) => `${r.method} ${r.route}`);
    }
    expect(rest('operator-own').sort()).toEqual([
      'DELETE api/rest/receive-money/:id', 'GET api/rest/receive-money', 'GET api/rest/receive-money/:id', 'POST api/rest/receive-money', 'PUT api/rest/receive-money/:id', 'PATCH api/rest/receive-money/:id',
      // It reads refunds (GET api/refunds/*); refunds are written only by the refund action, which has no dialect.
      'GET api/rest/refunds', 'GET api/rest/refunds/:id',
      // It reads its own orders' exceptions (GET api/order-exceptions/*), each settled one by one (issue 31 item 7).
      'GET api/rest/order-exceptions', 'GET api/rest/order-exceptions/:id',
      // It keeps its own saved views (list, read, save, rename, delete).
      'GET api/rest/views', 'GET api/rest/views/:id', 'POST api/rest/views', 'PUT api/rest/views/:id', 'PATCH api/rest/views/:id', 'DELETE api/rest/views/:id',
      // It reads its own orders' callbacks (GET api/callbacks/*), as a merchant's server verifying them does.
      'GET api/rest/callbacks', 'GET api/rest/callbacks/:id',
    ].sort());
    const auditor = rest('auditor');
    expect(auditor).toContain('GET api/rest/users');
    expect(auditor).toContain('GET api/rest/users/:id');
    expect(auditor.filter((r) => !r.startsWith('GET '))).toEqual([]);
    const operator = rest('operator-all');
    // It bins (remove) but never deletes for good: the dialect's delete of a table without a bin is not its.
    expect(operator).toContain('DELETE api/rest/users/:id');
    expect(operator).toContain('PUT api/rest/users/:id');
    expect(operator).toContain('PATCH api/rest/users/:id');
    expect(operator).not.toContain('DELETE api/rest/api-keys/:id');
  });

  it('OpenAPI lists the dialect under its own tag, with its parameters, its Content-Range and its errors', async () => {
    const doc = (await api.call('GET', '/api/docs/json')).body;
    expect(doc.tags).toEqual([expect.objectContaining({ name: 'simple-rest' })]);
    const list = doc.paths['/api/rest/users'].get;
    expect(list.tags).toEqual(['simple-rest']);
    const params = list.parameters.map((p: { name: string }) => p.name);
    expect(params.slice(0, 8)).toEqual(['sort', 'range', 'filter', '_start', '_end', '_sort', '_order', 'q']);
    // Refine's filters are parameters of their own, `_ne` wherever equality is.
    expect(params).toEqual(expect.arrayContaining(['status', 'status_ne', 'account_like', 'createTime_gte']));
    expect(Object.keys(list.responses[200].headers)).toEqual(['Content-Range', 'X-Total-Count']);
    expect(list.responses[400].content['application/json'].schema.properties).toHaveProperty('errors');
    expect(Object.keys(doc.paths['/api/rest/receive-money/{id}']).sort()).toEqual(['delete', 'get', 'patch', 'put']);
    expect(doc.paths['/api/rest/receive-money'].post.requestBody.content['application/json'].schema.required).toContain('title');
    expect(doc.paths['/api/users/rows'].get.tags).toEqual(['users']);
  });
});
