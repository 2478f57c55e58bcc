/**
 * Groups and rules as the console manages them: presets, the rule tree,
 * up/down order, locked groups and rules, and the special user reads.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, makeApp, type TestApp } from '../support/app';

describe.each(DIALECTS)('groups and rules on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await makeApp({ dialect });
    admin = await t.signIn();
  });
  afterAll(() => t?.close());

  it('offers presets whose rules are real rule ids', async () => {
    const presets = (await t.call('GET', '/api/auth-group/preset', undefined, admin)).body.data;
    expect(presets.map((p: { no: string }) => p.no)).toEqual(['super-admin', 'operator-all', 'operator-own', 'auditor']);
    const auditor = presets.find((p: { no: string }) => p.no === 'auditor');
    const ids = auditor.rules.split('|').filter(Boolean).map(Number);
    const rules = (await t.call('GET', `/api/auth-rules/find?ids=${ids.join(',')}&limit=1000`, undefined, admin)).body.data;
    expect(rules).toHaveLength(ids.length);
    // A read of the generic routes, or of the simple-rest dialect (a list, a row by id), the settlement report or the dashboard's figures.
    expect(rules.every((r: { method: string; route: string }) => r.method === 'GET' && /\/(take|find|rows|export)$|^api\/rest\/[\w-]+(\/:id)?$|^api\/receive-money\/settlement$|^api\/dashboard\/figures$/.test(r.route))).toBe(true);
    expect(rules.some((r: { route: string }) => r.route === 'api/receive-money/settlement')).toBe(true);
    expect(rules.some((r: { route: string }) => r.route === 'api/dashboard/figures')).toBe(true);
    expect(rules.some((r: { route: string }) => r.route === 'api/users/rows')).toBe(true);
  });

  it('builds the rule tree grouped by table, and the group names', async () => {
    const tree = (await t.call('GET', '/api/auth-rules/tree', undefined, admin)).body.data;
    const users = tree.find((g: { group: string }) => g.group === 'users');
    expect(users.children.map((r: { name: string }) => r.name)).toEqual(expect.arrayContaining(['rows', 'create', 'flat', 'briefly']));
    const names = (await t.call('GET', '/api/auth-rules/group-names', undefined, admin)).body.data;
    expect(names).toEqual(expect.arrayContaining(['users', 'receive-money', 'comm', 'auth-group']));
  });

  it('moves a group up and down', async () => {
    await t.call('POST', '/api/auth-group/create', { name: 'A' }, admin);
    const b = (await t.call('POST', '/api/auth-group/create', { name: 'B' }, admin)).body.data;
    const order = async () => (await t.call('GET', '/api/auth-group/rows', undefined, admin)).body.data.rows.map((g: { name: string }) => g.name);
    expect((await order()).slice(-2)).toEqual(['A', 'B']);
    expect((await t.call('PUT', '/api/auth-group/sort', { id: b.id, mode: 'up' }, admin)).status).toBe(200);
    expect((await order()).slice(-2)).toEqual(['B', 'A']);
    await t.call('PUT', '/api/auth-group/sort', { id: b.id, mode: 'down' }, admin);
    expect((await order()).slice(-2)).toEqual(['A', 'B']);
    expect((await t.call('PUT', '/api/auth-group/sort', { id: b.id, mode: 'sideways' }, admin)).status).toBe(400);
  });

  it('keeps a locked group\'s number, scope, all-flag and remark', async () => {
    const group = (await t.call('GET', '/api/auth-group/find?no=super-admin', undefined, admin)).body.data[0];
    expect(group.lock).toBe(1);
    for (const patch of [{ no: 'x' }, { manage: 0 }, { all: 0 }, { remark: 'changed' }]) {
      const res = await t.call('PUT', '/api/auth-group/update', { id: group.id, ...patch }, admin);
      expect(res.status, JSON.stringify(patch)).toBe(403);
    }
    const same = (await t.call('GET', `/api/auth-group/take?id=${group.id}`, undefined, admin)).body.data;
    expect(same).toMatchObject({ no: 'super-admin', manage: 1, all: 1, remark: '' });
    expect((await t.call('PUT', '/api/auth-group/update', { id: group.id, name: 'Root' }, admin)).status).toBe(200);
  });

  it('keeps a locked rule\'s type', async () => {
    const rule = (await t.call('GET', '/api/auth-rules/find?route=api/logs/rows', undefined, admin)).body.data[0];
    await t.app.paydesk.db.kysely.updateTable('auth_rules').set({ lock: 1 }).where('id', '=', rule.id).execute();
    const res = await t.call('PUT', '/api/auth-rules/update', { id: rule.id, type: 'common' }, admin);
    expect(res.status).toBe(403);
    expect((await t.call('GET', '/api/logs/rows')).status).toBe(401);
  });

  it('refuses a group that lists rules or members that do not exist', async () => {
    const before = (await t.call('GET', '/api/auth-group/rows', undefined, admin)).body.data.total;
    const rules = await t.call('POST', '/api/auth-group/create', { name: 'Ghost', rules: '|999999|' }, admin);
    expect(rules.status).toBe(400);
    expect(rules.body.data.errors[0].field).toBe('rules');
    const uids = await t.call('POST', '/api/auth-group/create', { name: 'Ghost', uids: '|1|424242|' }, admin);
    expect(uids.status).toBe(400);
    expect((await t.call('GET', '/api/auth-group/rows', undefined, admin)).body.data.total).toBe(before);
  });

  it('gives the short user lists without secrets', async () => {
    const briefly = (await t.call('GET', '/api/users/briefly', undefined, admin)).body.data;
    expect(Object.keys(briefly[0]).sort()).toEqual(['avatar', 'email', 'id', 'nickname', 'phone', 'remark', 'uid']);
    const flat = (await t.call('GET', '/api/users/flat?q=adm', undefined, admin)).body.data;
    expect(flat[0]).toMatchObject({ account: 'admin' });
    expect(flat[0]).not.toHaveProperty('password');
  });
});
