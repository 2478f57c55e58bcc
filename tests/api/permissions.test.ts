/**
 * The permission check on every route: 404 for an
 * unknown route, common rules public, 401 without a valid token, login rules
 * for anyone signed in, default rules only through a group; and the manage
 * scope that keeps an operator to their own rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, makeApp, type TestApp } from '../support/app';

describe.each(DIALECTS)('permissions on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let operator: string;
  let operatorId: number;
  let groupId: number;
  const ruleId = async (method: string, route: string) => {
    const res = await t.call('GET', `/api/auth-rules/find?route=${route}&method=${method}`, undefined, admin);
    return res.body.data[0].id as number;
  };

  beforeAll(async () => {
    t = await makeApp({ dialect });
    admin = await t.signIn();
    const user = await t.call('POST', '/api/users/create', { account: 'operator1', password: 'operator-pass', nickname: 'Op' }, admin);
    expect(user.status).toBe(201);
    operatorId = user.body.data.id;
    const rules = await Promise.all([
      ruleId('GET', 'api/receive-money/rows'), ruleId('GET', 'api/receive-money/find'), ruleId('GET', 'api/receive-money/take'),
      ruleId('POST', 'api/receive-money/create'), ruleId('PUT', 'api/receive-money/update'), ruleId('DELETE', 'api/receive-money/remove'),
      ruleId('GET', 'api/receive-money/export'),
    ]);
    const group = await t.call('POST', '/api/auth-group/create', { name: 'Orders', no: 'orders', manage: 0, rules: `|${rules.join('|')}|`, uids: `|${operatorId}|` }, admin);
    expect(group.status).toBe(201);
    groupId = group.body.data.id;
    operator = await t.signIn('operator1', 'operator-pass');
  });
  afterAll(() => t?.close());

  it('answers 404 for a route that does not exist, naming it', async () => {
    const res = await t.call('GET', '/api/users/nope', undefined, admin);
    expect(res.status).toBe(404);
    expect(res.body.msg).toContain('/api/users/nope');
  });

  it('closes a route whose stored rule is gone, to the admin too, naming it without its query', async () => {
    const db = t.app.paydesk.db.any;
    const stored = await db.selectFrom('auth_rules').selectAll().where('method', '=', 'GET').where('route', '=', 'api/tags/rows').executeTakeFirstOrThrow();
    await db.deleteFrom('auth_rules').where('id', '=', stored.id).execute();
    try {
      const res = await t.call('GET', '/api/tags/rows?limit=1', undefined, admin);
      expect(res.status).toBe(404);
      expect(res.body.msg).toContain('GET /api/tags/rows');
      expect(res.body.msg).not.toContain('limit');
    } finally {
      await db.insertInto('auth_rules').values(stored).execute();
    }
    expect((await t.call('GET', '/api/tags/rows?limit=1', undefined, admin)).status).toBe(200);
  });

  it('needs a token for default and login rules, and none for common ones', async () => {
    expect((await t.call('GET', '/api/users/rows')).status).toBe(401);
    expect((await t.call('GET', '/api/auth-rules/mine')).status).toBe(401);
    expect((await t.call('GET', '/api/users/rows', undefined, 'not-a-token')).status).toBe(401);
    const site = await t.call('GET', '/api/config/take?key=SITE_INFO');
    expect(site.body).toMatchObject({ code: 200, data: { key: 'SITE_INFO' } });
    // A bad token on a public route is a stranger's call, not an error.
    expect((await t.call('GET', '/api/config/take?key=SITE_INFO', undefined, 'not-a-token')).body).toEqual(site.body);
  });

  it('lets an operator call only the rules of their groups', async () => {
    expect((await t.call('GET', '/api/receive-money/rows', undefined, operator)).status).toBe(200);
    const users = await t.call('GET', '/api/users/rows', undefined, operator);
    expect(users.status).toBe(403);
    expect((await t.call('DELETE', '/api/receive-money/delete', { ids: '1' }, operator)).status).toBe(403);
    // Login rules need no group.
    expect((await t.call('GET', '/api/auth-rules/mine', undefined, operator)).status).toBe(200);
  });

  it('lists the caller\'s own rules in mine, with their scope', async () => {
    const mine = await t.call('GET', '/api/auth-rules/mine', undefined, operator);
    const routes = mine.body.data.map((r: { method: string; route: string }) => `${r.method} ${r.route}`);
    expect(routes).toContain('GET api/receive-money/find');
    expect(routes).not.toContain('GET api/users/find');
    expect(mine.body.data.find((r: { route: string }) => r.route === 'api/receive-money/rows')).toMatchObject({ manage: true, scope: 'own' });
    const all = await t.call('GET', '/api/auth-rules/mine', undefined, admin);
    expect(all.body.data.length).toBeGreaterThan(150);
    expect(all.body.data.every((r: { scope: string }) => r.scope === 'all')).toBe(true);
  });

  it('gives in mine the scope the check gives: a rule, login or not, through a group that grants it and manages', async () => {
    const user = await t.call('POST', '/api/users/create', { account: 'manager1', password: 'manager-pass', nickname: 'Mgr' }, admin);
    const id = user.body.data.id;
    const ordersRows = await ruleId('GET', 'api/receive-money/rows');
    const groupIds: number[] = [];
    for (const manage of [1, 0]) {
      const made = await t.call('POST', '/api/auth-group/create', { name: `Orders ${manage}`, no: `orders-${manage}`, manage, rules: `|${ordersRows}|`, uids: `|${id}|` }, admin);
      expect(made.status).toBe(201);
      groupIds.push(made.body.data.id);
    }
    const tagsRows = await ruleId('GET', 'api/tags/rows');
    await t.call('PUT', '/api/auth-rules/update', { id: tagsRows, type: 'login' }, admin);
    try {
      const manager = await t.signIn('manager1', 'manager-pass');
      const mine = (await t.call('GET', '/api/auth-rules/mine', undefined, manager)).body.data as Array<{ route: string; scope: string }>;
      expect(mine.find((r) => r.route === 'api/receive-money/rows')).toMatchObject({ scope: 'all' });
      // A login rule no managing group lists reaches the caller's own rows alone.
      expect(mine.find((r) => r.route === 'api/tags/rows')).toMatchObject({ scope: 'own' });
      expect((await t.call('PUT', '/api/auth-group/update', { id: groupIds[0], rules: `|${ordersRows}|${tagsRows}|` }, admin)).status).toBe(200);
      const widened = (await t.call('GET', '/api/auth-rules/mine', undefined, manager)).body.data as Array<{ route: string; scope: string }>;
      expect(widened.find((r) => r.route === 'api/tags/rows')).toMatchObject({ scope: 'all' });
    } finally {
      await t.call('PUT', '/api/auth-rules/update', { id: tagsRows, type: 'default' }, admin);
    }
  });

  it('applies a rule type changed in the database at once', async () => {
    const id = await ruleId('GET', 'api/tags/rows');
    expect((await t.call('GET', '/api/tags/rows')).status).toBe(401);
    expect((await t.call('PUT', '/api/auth-rules/update', { id, type: 'common' }, admin)).status).toBe(200);
    expect((await t.call('GET', '/api/tags/rows')).status).toBe(200);
    await t.call('PUT', '/api/auth-rules/update', { id, type: 'login' }, admin);
    expect((await t.call('GET', '/api/tags/rows')).status).toBe(401);
    expect((await t.call('GET', '/api/tags/rows', undefined, operator)).status).toBe(200);
    await t.call('PUT', '/api/auth-rules/update', { id, type: 'default' }, admin);
    expect((await t.call('GET', '/api/tags/rows', undefined, operator)).status).toBe(403);
  });

  it('shows a stranger on a route made public none of the operators\' rows, even just after a manager listed them', async () => {
    const id = await ruleId('GET', 'api/tags/rows');
    await t.call('POST', '/api/tags/create', { name: 'Staff only' }, admin);
    try {
      expect((await t.call('PUT', '/api/auth-rules/update', { id, type: 'common' }, admin)).status).toBe(200);
      expect((await t.call('GET', '/api/tags/rows', undefined, admin)).body.data.total).toBeGreaterThan(0);
      const stranger = await t.call('GET', '/api/tags/rows');
      expect(stranger.status).toBe(200);
      expect(stranger.body.data).toMatchObject({ rows: [], total: 0 });
    } finally {
      await t.call('PUT', '/api/auth-rules/update', { id, type: 'default' }, admin);
    }
  });

  it('keeps an operator without manage to their own rows', async () => {
    const theirs = await t.call('POST', '/api/receive-money/create', { title: 'Admin order', amount: 10, currency: 'USD' }, admin);
    const mine = await t.call('POST', '/api/receive-money/create', { title: 'Op order', amount: 12.5, currency: 'HKD' }, operator);
    expect(mine.body.data.uid).toBe(operatorId);
    const rows = await t.call('GET', '/api/receive-money/rows', undefined, operator);
    expect(rows.body.data.rows.map((r: { title: string }) => r.title)).toEqual(['Op order']);
    expect(rows.body.data.total).toBe(1);
    const found = await t.call('GET', `/api/receive-money/find?ids=${theirs.body.data.id},${mine.body.data.id}`, undefined, operator);
    expect(found.body.data).toHaveLength(1);
    const take = await t.call('GET', `/api/receive-money/take?id=${theirs.body.data.id}`, undefined, operator);
    expect(take.body.code).toBe(204);
    const csv = await t.call('GET', '/api/receive-money/export', undefined, operator);
    expect(csv.text).toContain('Op order');
    expect(csv.text).not.toContain('Admin order');

    const update = await t.call('PUT', '/api/receive-money/update', { id: theirs.body.data.id, title: 'Hijacked' }, operator);
    expect(update.status).toBe(403);
    const batch = await t.call('DELETE', '/api/receive-money/remove', { ids: `${mine.body.data.id},${theirs.body.data.id}` }, operator);
    expect(batch.status).toBe(403);
    const after = await t.call('GET', '/api/receive-money/rows', undefined, admin);
    expect(after.body.data.total).toBe(2);
    expect(after.body.data.rows.map((r: { title: string }) => r.title).sort()).toEqual(['Admin order', 'Op order']);
  });

  it('refuses an owner set by the client', async () => {
    const res = await t.call('POST', '/api/receive-money/create', { title: 'X', amount: 5, currency: 'USD', uid: 1 }, operator);
    expect(res.status).toBe(400);
    expect(res.body.data.errors[0].field).toBe('uid');
  });

  it('widens the scope when a granting group manages others\' data', async () => {
    await t.call('PUT', '/api/auth-group/update', { id: groupId, manage: 1 }, admin);
    const rows = await t.call('GET', '/api/receive-money/rows', undefined, operator);
    expect(rows.body.data.total).toBe(2);
    await t.call('PUT', '/api/auth-group/update', { id: groupId, manage: 0 }, admin);
    expect((await t.call('GET', '/api/receive-money/rows', undefined, operator)).body.data.total).toBe(1);
  });

  it('widens it too when only one of two groups granting the rule manages others\' data', async () => {
    const rows = await ruleId('GET', 'api/receive-money/rows');
    const managers = await t.call('POST', '/api/auth-group/create', { name: 'Order managers', manage: 1, rules: `|${rows}|`, uids: `|${operatorId}|` }, admin);
    expect(managers.status, managers.text).toBe(201);
    try {
      expect((await t.call('GET', '/api/receive-money/rows', undefined, operator)).body.data.total).toBe(2);
    } finally {
      await t.call('DELETE', '/api/auth-group/delete', { ids: String(managers.body.data.id) }, admin);
    }
    expect((await t.call('GET', '/api/receive-money/rows', undefined, operator)).body.data.total).toBe(1);
  });

  it('stops a removed group from granting anything', async () => {
    await t.call('DELETE', '/api/auth-group/remove', { ids: String(groupId) }, admin);
    expect((await t.call('GET', '/api/receive-money/rows', undefined, operator)).status).toBe(403);
    await t.call('PUT', '/api/auth-group/restore', { ids: String(groupId) }, admin);
    expect((await t.call('GET', '/api/receive-money/rows', undefined, operator)).status).toBe(200);
  });
});
