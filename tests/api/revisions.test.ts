/**
 * Record history (issue 21 item 3): every engine write and every money move
 * leaves a revision with who, when and each changed field old and new,
 * secrets as `***`; settings saved through /api/toml too. Retention deletes
 * what is older than the setting on the app's clock; a version is restored by
 * an ordinary update (refused for a paid order's frozen amount); an operator
 * who reads only his own rows reads only their history.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { resources } from '../../schema';
import type { Resource } from '../../schema/define';
import { valuesAt, type RevisionRow } from '../../schema/revisions';
import { DIALECTS } from '../support/app';
import { createRow, createUser, dataOf, unique } from '../support/fixtures';
import { order, payApi, userWith, type PayApi } from './payments-support';

vi.setConfig({ hookTimeout: 120_000 });

const DAY = 86400;

interface Revision extends RevisionRow {
  resource: string;
  action: string;
  userId: number;
  apiKeyId: number;
  actor: string;
  uid: number;
  createTime: number;
}

describe.each(DIALECTS)('record history on %s', (dialect) => {
  let api: PayApi;
  let adminId: number;
  beforeAll(async () => {
    api = await payApi(dialect);
    adminId = dataOf(await api.call('GET', '/api/users/rows?account=admin')).rows[0].id;
  });
  afterAll(() => api?.close());

  /** The ids of these rules (`GET api/tags/rows`), as a group's `|1|2|` list. */
  async function ruleIds(routes: string[]) {
    const rules = dataOf(await api.call('GET', '/api/auth-rules/find?limit=1000')) as Array<{ id: number; method: string; route: string }>;
    return `|${routes.map((r) => rules.find((x) => `${x.method} ${x.route}` === r)!.id).join('|')}|`;
  }

  /** A row's revisions, newest first, as the API answers them to `token` (the admin's by default). */
  async function historyOf(resource: string, rowId: number, token?: string): Promise<Revision[]> {
    const url = `/api/revisions/rows?limit=100&resource=${resource}&rowId=${rowId}`;
    const res = token ? await api.t.call('GET', url, undefined, token) : await api.call('GET', url);
    return dataOf(res).rows;
  }

  it('records create, update, remove, restore and delete with who, when and old and new values', async () => {
    const total = async () => dataOf(await api.call('GET', '/api/revisions/rows?limit=1&resource=tags')).total as number;
    const before = await total();
    api.clock.now += 60;
    const tag = await createRow(api, 'tags', { name: unique('before') });
    const renamed = unique('after');
    dataOf(await api.call('PUT', '/api/tags/update', { id: tag.id, name: renamed }));
    dataOf(await api.call('DELETE', '/api/tags/remove', { ids: String(tag.id) }));
    dataOf(await api.call('PUT', '/api/tags/restore', { ids: String(tag.id) }));
    dataOf(await api.call('DELETE', '/api/tags/remove', { ids: String(tag.id) }));
    dataOf(await api.call('DELETE', '/api/tags/delete', { ids: String(tag.id) }));

    const history = await historyOf('tags', tag.id);
    expect(history.map((x) => x.action)).toEqual(['delete', 'remove', 'restore', 'remove', 'update', 'create']);
    const [deleted, , restored, removed, updated, created] = history;
    expect(created!.changes).toMatchObject({ name: [null, tag.name] });
    expect(updated!.changes).toEqual({ name: [tag.name, renamed] });
    expect(Object.keys(removed!.changes!)).toEqual(['deleteTime']);
    expect(removed!.changes!.deleteTime![0]).toBe(0);
    expect(Number(removed!.changes!.deleteTime![1])).toBeGreaterThan(0);
    expect(restored!.changes!.deleteTime![1]).toBe(0);
    expect(deleted!.changes).toMatchObject({ name: [renamed, null] });
    for (const x of history) {
      expect(x).toMatchObject({ userId: adminId, apiKeyId: 0 });
      // The app's clock, which this suite moves.
      expect(x.createTime).toBe(api.clock.now);
    }
    // One revision per row written, and none besides.
    expect(await total()).toBe(before + 6);
  });

  it('masks passwords and hidden fields as *** on both sides', async () => {
    const user = await createUser(api, { password: 'first-pass-1', nickname: 'Masked' });
    dataOf(await api.call('PUT', '/api/users/update', { id: user.id, password: 'second-pass-2', nickname: 'Shown' }));
    const [updated, created] = await historyOf('users', user.id);
    expect(created!.changes!.password).toEqual([null, '***']);
    expect(updated!.changes).toMatchObject({ password: ['***', '***'], nickname: ['Masked', 'Shown'] });
    expect(JSON.stringify([updated, created])).not.toMatch(/argon2|first-pass|second-pass/);
  });

  it('records settings saved through /api/toml with their secrets masked', async () => {
    const before = dataOf(await api.call('GET', '/api/toml/pay')).values.callback;
    const secret = 'whsec_' + Buffer.from('a-new-callback-secret-0123').toString('base64');
    dataOf(await api.call('PUT', '/api/toml/pay-callback', { ...before, secret, timeout: before.timeout + 5 }));
    const [saved] = await historyOf('toml:pay', 0);
    expect(saved).toMatchObject({ action: 'settings', userId: adminId });
    expect(saved!.changes).toEqual({ 'callback.secret': ['***', '***'], 'callback.timeout': [before.timeout, before.timeout + 5] });
    expect(JSON.stringify(saved)).not.toContain(secret);
  });

  it('records payment transitions: an operator\'s mark-paid and the expiry job', async () => {
    const paid = await order(api);
    dataOf(await api.call('POST', '/api/receive-money/mark-paid', { id: paid.id, channelTradeNo: 'ch_123', reason: 'paid at the desk' }));
    const [moved] = await historyOf('receive-money', paid.id);
    expect(moved).toMatchObject({ action: 'payment', userId: adminId });
    expect(moved!.changes).toMatchObject({
      status: ['pending', 'completed'], paidAmount: [0, 12.5], channelTradeNo: ['', 'ch_123'], paidTime: [0, api.clock.now],
    });

    const due = await order(api, { expireTime: api.clock.now + 120 });
    api.clock.now += 180;
    expect(await api.t.app.paydesk.payments.expireDue()).toBeGreaterThanOrEqual(1);
    const [expired] = await historyOf('receive-money', due.id);
    expect(expired).toMatchObject({ action: 'payment', userId: 0, actor: 'expiry', changes: { status: ['pending', 'expired'] } });
  });

  it('restores a version by an ordinary update, and refuses one that would rewrite a paid order\'s amount', async () => {
    const tag = await createRow(api, 'tags', { name: unique('first') });
    dataOf(await api.call('PUT', '/api/tags/update', { id: tag.id, name: unique('second') }));
    const history = await historyOf('tags', tag.id);
    const first = history.at(-1)!;
    const values = valuesAt(resources.tags as unknown as Resource, history, first.id);
    expect(values).toEqual({ name: tag.name });
    expect(dataOf(await api.call('PUT', '/api/tags/update', { id: tag.id, ...values })).name).toBe(tag.name);
    // The restore is itself a revision.
    expect((await historyOf('tags', tag.id))[0]!.changes!.name![1]).toBe(tag.name);

    const sold = await order(api, { amount: 12.5 });
    dataOf(await api.call('PUT', '/api/receive-money/update', { id: sold.id, amount: 20 }));
    dataOf(await api.call('POST', '/api/receive-money/mark-paid', { id: sold.id, reason: 'paid at the desk' }));
    const orderHistory = await historyOf('receive-money', sold.id);
    const asCreated = valuesAt(resources['receive-money'] as unknown as Resource, orderHistory, orderHistory.at(-1)!.id);
    expect(asCreated).toEqual({ amount: 12.5 });
    const refused = await api.call('PUT', '/api/receive-money/update', { id: sold.id, ...asCreated });
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body.data.errors.map((e: { field: string }) => e.field)).toEqual(['amount']);
    expect((await historyOf('receive-money', sold.id)).length).toBe(orderHistory.length);
  });

  it('shows an operator who reads only his own rows the history of his rows alone', async () => {
    const routes = ['POST api/receive-money/create', 'PUT api/receive-money/update', 'GET api/receive-money/rows', 'GET api/revisions/rows', 'GET api/revisions/export'];
    const alice = await userWith(api, routes, 0);
    const bob = await userWith(api, routes, 0);
    const create = async (token: string) => dataOf(await api.t.call('POST', '/api/receive-money/create', {
      title: 'Mine', amount: 12.5, currency: 'USD', payUrl: 'https://pay.example.com/x',
    }, token), 201);
    const hers = await create(alice.token);
    const his = await create(bob.token);
    dataOf(await api.t.call('PUT', '/api/receive-money/update', { id: his.id, remark: 'bob-secret-remark' }, bob.token));

    expect((await historyOf('receive-money', hers.id, alice.token)).length).toBe(1);
    expect(await historyOf('receive-money', his.id, alice.token)).toEqual([]);
    const all = dataOf(await api.t.call('GET', '/api/revisions/rows?limit=100', undefined, alice.token)).rows as Revision[];
    expect(all.length).toBeGreaterThan(0);
    expect(all.every((x) => x.uid === alice.id)).toBe(true);
    const exported = await api.t.call('GET', '/api/revisions/export', undefined, alice.token);
    expect(exported.status).toBe(200);
    expect(exported.text).not.toContain('bob-secret-remark');
    // The admin, who manages everyone's rows, sees both.
    expect((await historyOf('receive-money', his.id)).length).toBe(2);
    // Nobody writes history through the API.
    expect((await api.call('POST', '/api/revisions/create', { resource: 'tags', rowId: 1 })).status).toBe(404);
  });

  it('shows a reader of every owner\'s history only the tables whose rows he may list, by their own scope', async () => {
    const tag = await createRow(api, 'tags', { name: unique('seen') });
    const user = await createUser(api, { nickname: unique('hidden') });
    const reader = await userWith(api, ['GET api/revisions/rows', 'GET api/tags/rows'], 1);
    expect((await historyOf('tags', tag.id, reader.token)).length).toBe(1);
    expect(await historyOf('users', user.id, reader.token)).toEqual([]);
    expect(await historyOf('toml:pay', 0, reader.token)).toEqual([]);
    const all = dataOf(await api.t.call('GET', '/api/revisions/rows?limit=100', undefined, reader.token)).rows as Revision[];
    expect(all.length).toBeGreaterThan(0);
    expect(new Set(all.map((x) => x.resource))).toEqual(new Set(['tags']));
    // A second group that lists tags without managing them takes nothing away from the first,
    // and a group that reads the settings shows their history beside.
    await createRow(api, 'auth-group', { name: unique('g'), manage: 0, all: 0, rules: await ruleIds(['GET api/tags/rows']), uids: `|${reader.id}|` });
    await createRow(api, 'auth-group', { name: unique('g'), manage: 0, all: 0, rules: await ruleIds(['GET api/toml/:name']), uids: `|${reader.id}|` });
    const again = await reader.signIn();
    expect((await historyOf('tags', tag.id, again)).length).toBe(1);
    expect((await historyOf('toml:pay', 0, again)).length).toBeGreaterThan(0);

    // His own orders only, where the orders list gives him only his own, though he manages the history.
    const seller = await userWith(api, ['GET api/revisions/rows', 'GET api/receive-money/rows', 'POST api/receive-money/create'], 0);
    const mine = dataOf(await api.t.call('POST', '/api/receive-money/create', { title: 'Own', amount: 12.5, currency: 'USD', payUrl: 'https://pay.example.com/x' }, seller.token), 201);
    const theirs = await order(api);
    const manager = await userWith(api, ['GET api/revisions/rows'], 1);
    const ownGroup = await createRow(api, 'auth-group', { name: unique('g'), manage: 0, all: 0, rules: await ruleIds(['GET api/receive-money/rows']), uids: `|${manager.id}|` });
    expect(ownGroup.id).toBeGreaterThan(0);
    expect(await historyOf('receive-money', theirs.id, manager.token)).toEqual([]);
    expect((await historyOf('receive-money', mine.id, seller.token)).length).toBe(1);

    // Who may list no table reads no history at all.
    const blind = await userWith(api, ['GET api/revisions/rows'], 1);
    expect(dataOf(await api.t.call('GET', '/api/revisions/rows?limit=100', undefined, blind.token)).total).toBe(0);
  });

  it('shows the history of a table any signed-in user may list as the list shows its rows: all of them through a group managing that very rule', async () => {
    const tag = await createRow(api, 'tags', { name: unique('open') });
    const reader = await userWith(api, ['GET api/revisions/rows'], 1);
    expect(await historyOf('tags', tag.id, reader.token)).toEqual([]);
    const rule = dataOf(await api.call('GET', '/api/auth-rules/find?method=GET&route=api/tags/rows'))[0] as { id: number };
    dataOf(await api.call('PUT', '/api/auth-rules/update', { id: rule.id, type: 'login' }));
    try {
      // Managing the history lifts no other rule's scope: the tags list shows him his own rows, and so does their history.
      expect(await historyOf('tags', tag.id, reader.token)).toEqual([]);
      const manager = await userWith(api, ['GET api/revisions/rows', 'GET api/tags/rows'], 1);
      expect((await historyOf('tags', tag.id, manager.token)).length).toBe(1);
    } finally {
      dataOf(await api.call('PUT', '/api/auth-rules/update', { id: rule.id, type: 'default' }));
    }
    // His API keys are such a table: no group lists their rule, yet he reads the history of his own key (its deletion,
    // the generic write that leaves a revision), not of the admin's.
    const own = dataOf(await api.t.call('POST', '/api/api-keys/create', { name: unique('k') }, reader.token), 201) as { id: number };
    const admins = dataOf(await api.call('POST', '/api/api-keys/create', { name: unique('k') }), 201) as { id: number };
    dataOf(await api.t.call('DELETE', '/api/api-keys/delete', { ids: String(own.id) }, reader.token));
    dataOf(await api.call('DELETE', '/api/api-keys/delete', { ids: String(admins.id) }));
    expect((await historyOf('api-keys', own.id, reader.token)).map((x) => x.action)).toEqual(['delete']);
    expect(await historyOf('api-keys', admins.id, reader.token)).toEqual([]);
  });

  it('shows of saved views only one\'s own history, though one manages their list: a view is its owner\'s alone', async () => {
    const state = { filter: {}, columns: [], sort: { field: 'id', order: 'DESC' }, perPage: 25 };
    const adminView = dataOf(await api.call('POST', '/api/views/create', { name: unique('v'), resource: 'tags', state }), 201);
    const manager = await userWith(api, ['GET api/revisions/rows', 'GET api/views/rows', 'POST api/views/create'], 1);
    const own = dataOf(await api.t.call('POST', '/api/views/create', { name: unique('v'), resource: 'tags', state }, manager.token), 201);
    expect((await historyOf('views', own.id, manager.token)).length).toBe(1);
    expect(await historyOf('views', adminView.id, manager.token)).toEqual([]);
    expect((await historyOf('views', adminView.id)).length).toBe(1);
  });

  it('shows nobody the history of a table by a rule other than its list: not a writer, not a limited key', async () => {
    const tag = await createRow(api, 'tags', { name: unique('written') });
    const user = await createUser(api, { nickname: unique('listed') });
    // Whoever may only add tags does not read what was done to them.
    const writer = await userWith(api, ['GET api/revisions/rows', 'POST api/tags/create'], 1);
    expect(await historyOf('tags', tag.id, writer.token)).toEqual([]);
    // Not even of the tag he added himself.
    const written = dataOf(await api.t.call('POST', '/api/tags/create', { name: unique('own') }, writer.token), 201);
    expect(await historyOf('tags', written.id, writer.token)).toEqual([]);
    expect((await historyOf('tags', written.id)).length).toBe(1);
    // A key limited to the users list reads their history, not the tags' its owner could.
    const key = dataOf(await api.call('POST', '/api/api-keys/create', { name: unique('k'), rules: ['GET api/revisions/rows', 'GET api/users/rows'] }), 201) as { key: string };
    expect(await historyOf('tags', tag.id, key.key)).toEqual([]);
    expect((await historyOf('users', user.id, key.key)).length).toBe(1);
    expect((await historyOf('tags', tag.id)).length).toBe(1);
  });

  it('deletes revisions past the retention on the app\'s clock, and keeps all with 0', async () => {
    const old = await createRow(api, 'tags', { name: unique('old') });
    api.clock.now += 31 * DAY;
    // A token lives 7 days on the app's clock: a month on, the admin signs in again.
    const token = await api.t.signIn();
    const recent = dataOf(await api.t.call('POST', '/api/tags/create', { name: unique('recent') }, token), 201) as { id: number };
    const prune = () => api.t.app.paydesk.payments.pruneRevisions();

    dataOf(await api.t.call('PUT', '/api/toml/history-revisions', { keep_days: 0 }, token));
    expect(await prune()).toBe(0);
    expect((await historyOf('tags', old.id, token)).length).toBe(1);

    dataOf(await api.t.call('PUT', '/api/toml/history-revisions', { keep_days: 30 }, token));
    expect(await prune()).toBeGreaterThanOrEqual(1);
    expect(await historyOf('tags', old.id, token)).toEqual([]);
    expect((await historyOf('tags', recent.id, token)).length).toBe(1);
    // The change of the retention itself is recorded, and survives its own cleanup.
    expect((await historyOf('toml:history', 0, token))[0]!.changes).toEqual({ 'revisions.keep_days': [0, 30] });
  });
});
