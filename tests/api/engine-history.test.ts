/**
 * The record history the engine's writes leave (one revision per row written,
 * in the write's own transaction, at the app's time), and who may read it: a
 * table's history only to those who may list that table's rows, each by the
 * scope his own `rows` rule gives him.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../support/app';
import { adminApi, createOrder, createRow, createUser, dataOf, unique, type Api } from '../support/fixtures';
import { userWith } from './payments-support';

interface Revision { action: string; userId: number; uid: number; createTime: number; resource: string; changes: Record<string, [unknown, unknown]> }

describe.each(DIALECTS)('record history of engine writes on %s', (dialect) => {
  let api: Api;
  let adminId: number;
  // The app's clock, an hour ahead of the machine's: a revision's time must be this one.
  const clock = { now: Math.floor(Date.now() / 1000) + 3600 };

  beforeAll(async () => {
    api = await adminApi(dialect, { clock: () => clock.now * 1000 });
    adminId = dataOf(await api.call('GET', '/api/users/rows?account=admin')).rows[0].id;
  });
  afterAll(() => api?.close());

  /** A row's revisions, newest first, as `token` (the admin by default) reads them. */
  async function historyOf(resource: string, rowId: number, token?: string): Promise<Revision[]> {
    const url = `/api/revisions/rows?limit=100&resource=${resource}&rowId=${rowId}`;
    return dataOf(token ? await api.t.call('GET', url, undefined, token) : await api.call('GET', url)).rows;
  }

  it('records each write with the row before and after, by whom, at the app\'s time', async () => {
    const total = async () => dataOf(await api.call('GET', '/api/revisions/rows?limit=1&resource=tags')).total as number;
    const before = await total();
    const tag = await createRow(api, 'tags', { name: unique('first') });
    const renamed = unique('second');
    dataOf(await api.call('PUT', '/api/tags/update', { id: tag.id, name: renamed }));
    for (const [method, action] of [['DELETE', 'remove'], ['PUT', 'restore'], ['DELETE', 'remove'], ['DELETE', 'delete']] as const) {
      dataOf(await api.call(method, `/api/tags/${action}`, { ids: String(tag.id) }));
    }
    const history = await historyOf('tags', tag.id);
    expect(history.map((x) => x.action)).toEqual(['delete', 'remove', 'restore', 'remove', 'update', 'create']);
    const [deleted, removed, restored, , updated, created] = history;
    expect(created!.changes).toMatchObject({ name: [null, tag.name] });
    expect(updated!.changes).toEqual({ name: [tag.name, renamed] });
    expect(restored!.changes.deleteTime![1]).toBe(0);
    expect(Number(restored!.changes.deleteTime![0])).toBeGreaterThan(0);
    expect(Object.keys(removed!.changes)).toEqual(['deleteTime']);
    expect(removed!.changes.deleteTime![0]).toBe(0);
    expect(Number(removed!.changes.deleteTime![1])).toBeGreaterThan(0);
    expect(deleted!.changes).toMatchObject({ name: [renamed, null] });
    for (const x of history) expect(x).toMatchObject({ userId: adminId, createTime: clock.now });
    // One revision per row written, and none besides.
    expect(await total()).toBe(before + 6);
  });

  it('records each row a bin emptying deletes, and nothing for a move in order or a refused write', async () => {
    const binned = [await createRow(api, 'tags', { name: unique('bin') }), await createRow(api, 'tags', { name: unique('bin') })];
    dataOf(await api.call('DELETE', '/api/tags/remove', { ids: binned.map((t) => t.id).join(',') }));
    dataOf(await api.call('DELETE', '/api/tags/clear'));
    for (const tag of binned) {
      const [cleared] = await historyOf('tags', tag.id);
      expect(cleared).toMatchObject({ action: 'delete', changes: { name: [tag.name, null] } });
    }

    const group = await createRow(api, 'auth-group', { name: unique('g') });
    dataOf(await api.call('PUT', '/api/auth-group/sort', { id: group.id, mode: 'up' }));
    expect((await historyOf('auth-group', group.id)).map((x) => x.action)).toEqual(['create']);

    const tag = await createRow(api, 'tags', { name: unique('kept') });
    expect((await api.call('PUT', '/api/tags/update', { id: tag.id, name: binned[0]!.name, describe: 'x' })).status).toBe(200);
    expect((await api.call('PUT', '/api/tags/update', { id: tag.id, name: tag.name.repeat(9) })).status).toBe(400);
    expect((await historyOf('tags', tag.id)).map((x) => x.action)).toEqual(['update', 'create']);
  });

  it('shows a table\'s history only to those who may list its rows, each by his own scope', async () => {
    const tag = await createRow(api, 'tags', { name: unique('seen') });
    const user = await createUser(api, { nickname: unique('hidden') });
    const reader = await userWith(api, ['GET api/revisions/rows', 'GET api/tags/rows'], 1);
    expect((await historyOf('tags', tag.id, reader.token)).length).toBe(1);
    expect(await historyOf('users', user.id, reader.token)).toEqual([]);

    // His own orders' history, where the orders list gives him only his own, though he manages the history.
    const seller = await userWith(api, ['GET api/revisions/rows', 'GET api/receive-money/rows', 'POST api/receive-money/create'], 0);
    const mine = dataOf(await api.t.call('POST', '/api/receive-money/create', { title: 'Own', amount: 5, currency: 'USD', payUrl: 'https://pay.example.com/x' }, seller.token), 201);
    const theirs = await createOrder(api);
    expect((await historyOf('receive-money', mine.id, seller.token)).map((x) => x.uid)).toEqual([seller.id]);
    expect(await historyOf('receive-money', theirs.id, seller.token)).toEqual([]);

    // Who may list no table reads no history at all.
    const blind = await userWith(api, ['GET api/revisions/rows'], 1);
    expect(dataOf(await api.t.call('GET', '/api/revisions/rows?limit=100', undefined, blind.token)).total).toBe(0);
  });
});
