/**
 * Every generic action of the engine on several resources, and the extra
 * reads the schemas declare, as an API client sees them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../support/app';
import { adminApi, createOrder, createRow, createUser, dataOf, unique, type Api } from '../support/fixtures';

describe.each(DIALECTS)('generic actions on %s', (dialect) => {
  let api: Api;
  beforeAll(async () => {
    api = await adminApi(dialect);
  }, 60_000);
  afterAll(() => api?.close());

  it('creates, takes, finds, lists and updates users', async () => {
    const a = await createUser(api, { nickname: 'Ann', email: 'ann@example.com' });
    const b = await createUser(api, { nickname: 'Bob' });
    expect(a).toMatchObject({ nickname: 'Ann', email: 'ann@example.com', status: 'normal', source: 'default' });
    expect(a.id).toBeGreaterThan(0);
    expect(a.createTime).toBeGreaterThan(1_600_000_000);

    expect(dataOf(await api.call('GET', `/api/users/take?id=${a.id}`))).toMatchObject({ id: a.id, account: a.account });
    const found = dataOf(await api.call('GET', `/api/users/find?ids=${a.id},${b.id}`));
    expect(found.map((r: { id: number }) => r.id).sort()).toEqual([a.id, b.id].sort());

    const page = dataOf(await api.call('GET', `/api/users/rows?account=${a.account}`));
    expect(page).toMatchObject({ total: 1, page: 1, limit: 10, rows: [{ id: a.id }] });

    const updated = dataOf(await api.call('PUT', '/api/users/update', { id: a.id, nickname: 'Annie', status: 'banned' }));
    expect(updated).toMatchObject({ id: a.id, nickname: 'Annie', status: 'banned', email: 'ann@example.com' });
    expect(dataOf(await api.call('GET', `/api/users/take?id=${a.id}`)).nickname).toBe('Annie');
  });

  it('answers code 204 on HTTP 200 for a take of a missing row', async () => {
    const res = await api.call('GET', '/api/users/take?id=999999');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 204, data: null });
  });

  it('saves: without an id it creates, with one it updates', async () => {
    const made = dataOf(await api.call('POST', '/api/tags/save', { name: unique('tag') }));
    expect(made.id).toBeGreaterThan(0);
    const saved = dataOf(await api.call('POST', '/api/tags/save', { id: made.id, describe: 'coffee beans' }));
    expect(saved).toMatchObject({ id: made.id, name: made.name, describe: 'coffee beans' });
    const all = dataOf(await api.call('GET', `/api/tags/rows?name=${made.name}`));
    expect(all.total).toBe(1);
  });

  it('draws random rows only from the live rows', async () => {
    const tags = await Promise.all([1, 2, 3].map(() => createRow(api, 'tags', { name: unique('rand') })));
    const ids = new Set(dataOf(await api.call('GET', '/api/tags/find?limit=1000')).map((r: { id: number }) => r.id));
    const drawn = dataOf(await api.call('GET', '/api/tags/rand?limit=2'));
    expect(drawn).toHaveLength(2);
    for (const row of drawn) expect(ids.has(row.id)).toBe(true);
    dataOf(await api.call('DELETE', '/api/tags/remove', { ids: tags.map((t) => t.id).join(',') }));
    const live = dataOf(await api.call('GET', '/api/tags/rand?limit=50'));
    for (const row of live) expect(tags.some((t) => t.id === row.id)).toBe(false);
  });

  it('creates and updates orders', async () => {
    const order = await createOrder(api, { title: 'Tea', amount: 3.5, currency: 'HKD', payType: 'alipay' });
    expect(order).toMatchObject({ title: 'Tea', amount: 3.5, currency: 'HKD', payType: 'alipay', status: 'pending', files: null });
    const updated = dataOf(await api.call('PUT', '/api/receive-money/update', { id: order.id, title: 'Green tea', files: ['/storage/a.png'] }));
    expect(updated).toMatchObject({ title: 'Green tea', amount: 3.5, files: ['/storage/a.png'], tradeNo: order.tradeNo });
  });

  it('exports a CSV download', async () => {
    const user = await createUser(api, { nickname: 'Exported' });
    const res = await api.call('GET', `/api/users/export?account=${user.account}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="users-.*\.csv"/);
    expect(res.text).toContain(user.account);
  });

  it('moves auth groups up and down with sort', async () => {
    const a = await createRow(api, 'auth-group', { name: unique('ga') });
    const b = await createRow(api, 'auth-group', { name: unique('gb') });
    const c = await createRow(api, 'auth-group', { name: unique('gc') });
    const order = async () => (dataOf(await api.call('GET', '/api/auth-group/rows?limit=50')).rows as Array<{ id: number }>).map((r) => r.id);
    const before = await order();
    expect(before.slice(-3)).toEqual([a.id, b.id, c.id]);

    dataOf(await api.call('PUT', '/api/auth-group/sort', { id: c.id, mode: 'up' }));
    expect((await order()).slice(-3)).toEqual([a.id, c.id, b.id]);
    dataOf(await api.call('PUT', '/api/auth-group/sort', { id: a.id, mode: 'down' }));
    expect((await order()).slice(-3)).toEqual([c.id, a.id, b.id]);
    // The last row moving down stays last.
    dataOf(await api.call('PUT', '/api/auth-group/sort', { id: b.id, mode: 'down' }));
    expect((await order()).slice(-3)).toEqual([c.id, a.id, b.id]);
  });

  it('reads and updates config rows by key, validating the value', async () => {
    const site = dataOf(await api.call('GET', '/api/config/take?key=SITE_INFO'));
    expect(site.value.title).toBe('Paydesk');
    const row = dataOf(await api.call('GET', '/api/config/rows?key=SITE_INFO')).rows[0];
    expect(dataOf(await api.call('GET', `/api/config/take?id=${row.id}`))).toMatchObject({ key: 'SITE_INFO' });

    const value = { ...row.value, title: 'Paydesk Shop' };
    expect(dataOf(await api.call('PUT', '/api/config/update', { id: row.id, value })).value.title).toBe('Paydesk Shop');
    expect(dataOf(await api.call('GET', '/api/config/take?key=SITE_INFO')).value.title).toBe('Paydesk Shop');

    const bad = await api.call('PUT', '/api/config/update', { id: row.id, value: { ...value, title: '' } });
    expect(bad.status).toBe(400);
    expect(bad.body.data.errors[0].field).toBe('value.title');
    expect(dataOf(await api.call('GET', '/api/config/take?key=SITE_INFO')).value.title).toBe('Paydesk Shop');
  });

  it('has no routes for the actions a schema turns off', async () => {
    expect((await api.call('DELETE', '/api/config/remove', { ids: '1' })).status).toBe(404);
    expect((await api.call('POST', '/api/auth-rules/create', { name: 'x' })).status).toBe(404);
  });

  it('serves the users flat and briefly projections', async () => {
    const user = await createUser(api, { nickname: 'Projected', phone: '13800138000', remark: 'vip' });
    const flat = dataOf(await api.call('GET', `/api/users/flat?ids=${user.id}`));
    expect(flat).toEqual([{ id: user.id, nickname: 'Projected', account: user.account, avatar: '' }]);
    const briefly = dataOf(await api.call('GET', `/api/users/briefly?ids=${user.id}`));
    expect(briefly).toEqual([{ id: user.id, nickname: 'Projected', phone: '13800138000', email: '', uid: user.uid, avatar: '', remark: 'vip' }]);
  });

  it('serves the auth-rules tree and group names', async () => {
    const tree = dataOf(await api.call('GET', '/api/auth-rules/tree')) as Array<{ group: string; children: any[] }>;
    const users = tree.find((g) => g.group === 'users');
    expect(users?.children).toContainEqual(expect.objectContaining({ method: 'GET', route: 'api/users/rows', name: 'rows', type: 'default' }));
    expect(Object.keys(users!.children[0]).sort()).toEqual(['id', 'method', 'name', 'route', 'type']);
    const names = dataOf(await api.call('GET', '/api/auth-rules/group-names'));
    expect(names).toEqual(expect.arrayContaining(['users', 'receive-money', 'auth-group', 'config']));
    expect(new Set(names).size).toBe(names.length);
  });

  it('serves the auth-group presets with rule ids resolved', async () => {
    const presets = dataOf(await api.call('GET', '/api/auth-group/preset')) as Array<{ no: string; all: number; rules: string }>;
    expect(presets.find((p) => p.no === 'super-admin')).toMatchObject({ all: 1, manage: 1, rules: '' });
    const own = presets.find((p) => p.no === 'operator-own')!;
    const ids = own.rules.split('|').filter(Boolean).map(Number);
    const rules = dataOf(await api.call('GET', `/api/auth-rules/find?ids=${ids.join(',')}`)) as Array<{ method: string; route: string }>;
    expect(rules.length).toBe(ids.length);
    expect(rules.map((r) => `${r.method} ${r.route}`)).toContain('GET api/receive-money/rows');
    expect(rules.map((r) => `${r.method} ${r.route}`)).not.toContain('DELETE api/receive-money/delete');
  });
});
