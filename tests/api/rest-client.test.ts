/**
 * A react-admin app of the integrator's own, on Paydesk's tables: the real
 * ra-data-simple-rest provider with react-admin's own fetchJson, over HTTP,
 * with a token, calls every method it has. Each write must leave its
 * operation-log row and change what the console's own routes answer at once
 * (their cached reads dropped); an operator without `manage` reaches only his
 * own orders.
 */
import type { DataProvider } from 'ra-core';
import { fetchUtils, HttpError } from 'ra-core';
import simpleRestProvider from 'ra-data-simple-rest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../support/app';
import { adminApi, createOrder, createRow, dataOf, type Api } from '../support/fixtures';
import { userWith } from './payments-support';

/** The provider as the README tells an integrator to make it: the token through fetchUtils' httpClient. */
function provider(base: string, token: string): DataProvider {
  return simpleRestProvider(`${base}/api/rest`, (url: string, options: fetchUtils.Options = {}) => {
    const headers = new Headers(options.headers ?? { Accept: 'application/json' });
    headers.set('Accept-Language', 'en-US');
    return fetchUtils.fetchJson(url, { ...options, headers, user: { authenticated: true, token: `Bearer ${token}` } });
  });
}

const REST_ROUTES = ['GET api/rest/receive-money', 'GET api/rest/receive-money/:id', 'POST api/rest/receive-money', 'PUT api/rest/receive-money/:id', 'DELETE api/rest/receive-money/:id'];

describe.each(DIALECTS)('ra-data-simple-rest on %s', (dialect) => {
  let api: Api;
  let base: string;
  let admin: DataProvider;

  /** The operation-log rows of a dialect route about one row. */
  const logged = async (method: string, route: string, bindId: number) =>
    api.t.app.paydesk.db.any.selectFrom('logs').select(['scene', 'code', 'uid']).where('method', '=', method).where('api', '=', route).where('bindId', '=', bindId).execute();
  /** The console's own (cached) reads of a row: its list total and the row by id. */
  const consoleView = async (resource: string, id: number, query = '') => ({
    total: dataOf(await api.call('GET', `/api/${resource}/rows?limit=1${query}`)).total as number,
    row: dataOf(await api.call('GET', `/api/${resource}/take?id=${id}`)) as Record<string, unknown> | null,
  });

  beforeAll(async () => {
    api = await adminApi(dialect);
    base = await api.t.app.listen({ port: 0, host: '127.0.0.1' });
    const token = (await api.t.call('POST', '/api/comm/sign-in', { account: 'admin', password: 'admin-pass-123' })).body.data.token.no;
    admin = provider(base, token);
  });
  afterAll(() => api?.close());

  describe('a plain table (comments)', () => {
    let ids: number[];
    let article: number;

    beforeAll(async () => {
      article = 7000 + Math.floor(Math.random() * 1000);
      ids = [];
      for (const [i, nickname] of ['carol', 'alice', 'bob', 'alice2', 'dave'].entries()) {
        ids.push((await createRow(api, 'comment', { content: `comment ${i}`, nickname, bindId: i < 3 ? article : article + 1 })).id);
      }
    });

    it('getList sorts, pages and filters, and its Content-Range total is what the console counts', async () => {
      const page = await admin.getList('comment', { pagination: { page: 1, perPage: 2 }, sort: { field: 'id', order: 'ASC' }, filter: { nickname_like: 'a' } });
      // carol, alice, alice2 and dave contain an "a"; bob does not.
      expect(page.total).toBe(4);
      expect(page.data.map((r) => r.nickname)).toEqual(['carol', 'alice']);
      const next = await admin.getList('comment', { pagination: { page: 2, perPage: 2 }, sort: { field: 'id', order: 'ASC' }, filter: { nickname_like: 'a' } });
      expect(next.data.map((r) => r.nickname)).toEqual(['alice2', 'dave']);
      const desc = await admin.getList('comment', { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'DESC' }, filter: { q: 'comment' } });
      expect(desc.data.map((r) => r.id)).toEqual([...ids].reverse());
      expect(desc.total).toBe(dataOf(await api.call('GET', '/api/comment/rows?q=comment')).total);
    });

    it('getOne, getMany and getManyReference answer plain rows', async () => {
      expect((await admin.getOne('comment', { id: ids[1]! })).data).toMatchObject({ id: ids[1], nickname: 'alice', content: 'comment 1' });
      const many = await admin.getMany('comment', { ids: [ids[0]!, ids[4]!] });
      expect(many.data.map((r) => r.id).sort()).toEqual([ids[0], ids[4]].sort());
      const refs = await admin.getManyReference('comment', {
        target: 'bindId', id: article, pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' }, filter: {},
      });
      expect(refs).toMatchObject({ total: 3, data: [{ id: ids[0] }, { id: ids[1] }, { id: ids[2] }] });
    });

    it('create, update and updateMany write through the engine: logged, and seen by the console at once', async () => {
      const before = await consoleView('comment', ids[0]!);
      const { data: made } = await admin.create('comment', { data: { content: 'made by react-admin', nickname: 'erin', bindId: article } });
      expect(made).toMatchObject({ content: 'made by react-admin', nickname: 'erin' });
      expect((await consoleView('comment', ids[0]!)).total).toBe(before.total + 1);
      expect(await logged('POST', '/api/rest/comment', made.id)).toEqual([expect.objectContaining({ scene: 'create', code: 201 })]);

      // A react-admin form sends the whole record back, its times and read-only fields included.
      const { data: record } = await admin.getOne('comment', { id: ids[0]! });
      const { data: saved } = await admin.update('comment', { id: ids[0]!, data: { ...record, content: 'edited' }, previousData: record });
      expect(saved).toMatchObject({ id: ids[0], content: 'edited' });
      expect((await consoleView('comment', ids[0]!)).row).toMatchObject({ content: 'edited' });
      expect(await logged('PUT', '/api/rest/comment/:id', ids[0]!)).toEqual([expect.objectContaining({ scene: 'update', code: 200 })]);

      await consoleView('comment', ids[1]!);
      const changed = await admin.updateMany('comment', { ids: [ids[1]!, ids[2]!], data: { nickname: 'renamed' } });
      expect(changed.data?.sort()).toEqual([ids[1], ids[2]].sort());
      expect((await consoleView('comment', ids[1]!)).row).toMatchObject({ nickname: 'renamed' });
      expect(await logged('PUT', '/api/rest/comment/:id', ids[2]!)).toHaveLength(1);
    });

    it('a refused write rejects with the message and the field errors react-admin shows', async () => {
      const error = await admin.create('comment', { data: { content: '', email: 'not-an-address' } }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(HttpError);
      expect((error as HttpError).status).toBe(400);
      expect((error as HttpError).message).toMatch(/content/i);
      expect(Object.keys((error as HttpError).body.errors).sort()).toEqual(['content', 'email']);
    });

    it('delete and deleteMany move the rows to the recycle bin, as the console\'s delete does', async () => {
      const before = await consoleView('comment', ids[3]!, '&onlyTrashed=1');
      const { data: gone } = await admin.delete<{ id: number; deleteTime: number }>('comment', { id: ids[3]! });
      expect(gone).toMatchObject({ id: ids[3] });
      expect(gone.deleteTime).toBeGreaterThan(0);
      expect((await consoleView('comment', ids[3]!, '&onlyTrashed=1')).total).toBe(before.total + 1);
      expect(await logged('DELETE', '/api/rest/comment/:id', ids[3]!)).toEqual([expect.objectContaining({ scene: 'remove', code: 200 })]);

      const { data: both } = await admin.deleteMany('comment', { ids: [ids[4]!, ids[2]!] });
      expect(both?.sort()).toEqual([ids[2], ids[4]].sort());
      const live = await admin.getList('comment', { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' }, filter: { id: ids } });
      expect(live.data.map((r) => r.id)).toEqual([ids[0], ids[1]]);
      expect(await logged('DELETE', '/api/rest/comment/:id', ids[4]!)).toHaveLength(1);
      // Once in the bin, it is not there to delete again.
      await expect(admin.delete('comment', { id: ids[3]! })).rejects.toMatchObject({ status: 404 });
    });
  });

  describe('orders of an operator without manage', () => {
    let operator: { id: number; token: string };
    let client: DataProvider;
    let theirs: number;

    beforeAll(async () => {
      operator = await userWith(api, REST_ROUTES, 0);
      client = provider(base, operator.token);
      theirs = (await createOrder(api, { title: 'Admin order' })).id;
    });

    it('he creates, lists, reads, edits and deletes his own orders with every method', async () => {
      const made: number[] = [];
      const { total: orders } = await consoleView('receive-money', theirs);
      for (const title of ['Tea', 'Cake', 'Soup']) {
        const { data } = await client.create('receive-money', { data: { title, amount: 8, currency: 'USD', payUrl: 'https://pay.example.com/x' } });
        expect(data).toMatchObject({ title, uid: operator.id, status: 'pending' });
        expect(await logged('POST', '/api/rest/receive-money', data.id)).toEqual([expect.objectContaining({ scene: 'create', uid: operator.id })]);
        made.push(data.id);
      }
      expect((await consoleView('receive-money', theirs)).total).toBe(orders + 3);
      const list = await client.getList('receive-money', { pagination: { page: 1, perPage: 25 }, sort: { field: 'amount', order: 'DESC' }, filter: { currency: 'USD' } });
      expect({ total: list.total, ids: list.data.map((r) => r.id).sort() }).toEqual({ total: 3, ids: [...made].sort() });
      expect((await client.getOne('receive-money', { id: made[0]! })).data).toMatchObject({ title: 'Tea' });
      expect((await client.getMany('receive-money', { ids: [made[1]!, theirs] })).data.map((r) => r.id)).toEqual([made[1]]);
      const refs = await client.getManyReference('receive-money', { target: 'uid', id: operator.id, pagination: { page: 1, perPage: 2 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
      expect({ total: refs.total, ids: refs.data.map((r) => r.id) }).toEqual({ total: 3, ids: made.slice(0, 2) });

      const { data: record } = await client.getOne('receive-money', { id: made[0]! });
      await api.call('GET', `/api/receive-money/take?id=${made[0]}`);
      await client.update('receive-money', { id: made[0]!, data: { ...record, title: 'Green tea' }, previousData: record });
      expect(dataOf(await api.call('GET', `/api/receive-money/take?id=${made[0]}`))).toMatchObject({ title: 'Green tea' });
      expect(await logged('PUT', '/api/rest/receive-money/:id', made[0]!)).toEqual([expect.objectContaining({ scene: 'update', uid: operator.id })]);
      const remarks = async () => dataOf(await api.call('GET', `/api/receive-money/find?ids=${made.join(',')}`)).map((r: { remark: string }) => r.remark).sort();
      expect(await remarks()).toEqual(['', '', '']);
      await client.updateMany('receive-money', { ids: [made[1]!, made[2]!], data: { remark: 'checked' } });
      expect(await remarks()).toEqual(['', 'checked', 'checked']);
      expect(await logged('PUT', '/api/rest/receive-money/:id', made[2]!)).toEqual([expect.objectContaining({ scene: 'update', uid: operator.id })]);

      const binned = async () => dataOf(await api.call('GET', `/api/receive-money/rows?onlyTrashed=1&id=${made[0]},${made[1]}`)).total;
      expect(await binned()).toBe(0);
      await client.delete('receive-money', { id: made[0]! });
      await client.deleteMany('receive-money', { ids: [made[1]!] });
      const left = await client.getList('receive-money', { pagination: { page: 1, perPage: 25 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
      expect(left.data.map((r) => r.id)).toEqual([made[2]]);
      expect(await binned()).toBe(2);
      expect(await logged('DELETE', '/api/rest/receive-money/:id', made[1]!)).toEqual([expect.objectContaining({ scene: 'remove' })]);
    });

    it('another owner\'s order he neither sees nor changes', async () => {
      const before = dataOf(await api.call('GET', `/api/receive-money/take?id=${theirs}`));
      await expect(client.getOne('receive-money', { id: theirs })).rejects.toMatchObject({ status: 404 });
      const refused = await client.update('receive-money', { id: theirs, data: { title: 'Mine now' }, previousData: before }).catch((e: HttpError) => e);
      expect(refused).toMatchObject({ status: 403, message: "You cannot change other users' data" });
      await expect(client.delete('receive-money', { id: theirs })).rejects.toMatchObject({ status: 403 });
      await expect(client.updateMany('receive-money', { ids: [theirs], data: { remark: 'x' } })).rejects.toMatchObject({ status: 403 });
      expect(dataOf(await api.call('GET', `/api/receive-money/take?id=${theirs}`))).toEqual(before);
      const { total } = await client.getList('receive-money', { pagination: { page: 1, perPage: 5 }, sort: { field: 'id', order: 'ASC' }, filter: { title: 'Admin order' } });
      expect(total).toBe(0);
    });

    it('a route his group does not hold is refused, in words', async () => {
      await expect(client.getList('users', { pagination: { page: 1, perPage: 5 }, sort: { field: 'id', order: 'ASC' }, filter: {} }))
        .rejects.toMatchObject({ status: 403, message: 'Permission denied' });
    });
  });
});
