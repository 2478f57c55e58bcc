/**
 * A Refine app of the integrator's own on Paydesk's tables: the published
 * `@refinedev/simple-rest` provider, with its own axios instance and error
 * mapping, over HTTP, with a token and with an API key, calls every method
 * it has. Lists filter with each operator Refine sends and sort by several
 * fields; a window that is not a whole page lists what it says; PATCH writes
 * through the engine (logged, frozen fields refused by name); errors reach
 * Refine as the message and the status it shows; an operator without
 * `manage` reaches only his own orders.
 */
import type { BaseRecord, CrudFilters, CrudSort, HttpError } from '@refinedev/core';
import dataProvider, { axiosInstance } from '@refinedev/simple-rest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DIALECTS } from '../support/app';
import { adminApi, createOrder, dataOf, unique, type Api } from '../support/fixtures';
import { userWith } from './payments-support';

// One app per dialect; on a busy MariaDB its migrations can outlast the default hook time.
vi.setConfig({ hookTimeout: 120_000 });

type Provider = ReturnType<typeof dataProvider>;
type Order = BaseRecord & { id: number; title: string; amount: number; currency: string; uid: number; status: string };

/**
 * The provider as README shows it, the caller's credentials going with every
 * call as Refine's `meta.headers` (the shared instance keeps Refine's error
 * mapping, which is what a Refine app shows).
 */
function refine(base: string, credential: string): Provider {
  const provider = dataProvider(`${base}/api/rest`, axiosInstance);
  const headers = { Authorization: `Bearer ${credential}`, 'Accept-Language': 'en-US' };
  const withMeta = <T extends { meta?: Record<string, unknown> }>(params: T): T => ({ ...params, meta: { ...params.meta, headers } });
  return Object.fromEntries(Object.entries(provider).map(([name, method]) => [
    name, name === 'getApiUrl' ? method : name === 'custom' ? (params: { headers?: object }) => (method as Function)({ ...params, headers }) : (params: object) => (method as Function)(withMeta(params)),
  ])) as Provider;
}

/** What a Refine app shows of a refused call: its notification's text and status. */
const refused = (promise: Promise<unknown>) => promise.then(
  () => { throw new Error('the call went through'); },
  (error: HttpError) => ({ statusCode: error.statusCode, message: error.message }),
);

const ORDER_ROUTES = ['GET api/rest/receive-money', 'GET api/rest/receive-money/:id', 'POST api/rest/receive-money', 'PATCH api/rest/receive-money/:id', 'DELETE api/rest/receive-money/:id'];

describe.each(DIALECTS)('@refinedev/simple-rest on %s', (dialect) => {
  let api: Api;
  let base: string;
  let admin: Provider;
  let orders: Order[];
  const prefix = unique('rf');

  /** The operation-log rows of a dialect route about one row. */
  const logged = async (method: string, route: string, bindId: number) =>
    api.t.app.paydesk.db.any.selectFrom('logs').select(['scene', 'code', 'uid']).where('method', '=', method).where('api', '=', route).where('bindId', '=', bindId).execute();
  const list = (provider: Provider, filters: CrudFilters, sorters: CrudSort[] = [{ field: 'id', order: 'asc' }], pagination = { currentPage: 1, pageSize: 25 }) =>
    provider.getList<Order>({ resource: 'receive-money', filters, sorters, pagination });
  const titles = (rows: Order[]) => rows.map((row) => row.title);

  beforeAll(async () => {
    api = await adminApi(dialect);
    base = await api.t.app.listen({ port: 0, host: '127.0.0.1' });
    admin = refine(base, await api.t.signIn());
    orders = [];
    for (const [i, [amount, currency]] of ([[5, 'USD'], [10, 'HKD'], [15, 'USD'], [20, 'HKD'], [25, 'USD']] as const).entries()) {
      orders.push(await createOrder(api, { title: `${prefix} ${'abcde'[i]}`, amount, currency }) as Order);
    }
  });
  afterAll(() => api?.close());

  it('getList filters with every operator Refine sends and sorts by several fields; the total is X-Total-Count', async () => {
    const mine = { field: 'title', operator: 'contains', value: prefix } as const;
    expect(titles((await list(admin, [mine])).data)).toEqual(orders.map((o) => o.title));
    const range = await list(admin, [mine, { field: 'amount', operator: 'gte', value: 10 }, { field: 'amount', operator: 'lte', value: 20 }]);
    expect({ total: range.total, titles: titles(range.data) }).toEqual({ total: 3, titles: [orders[1]!.title, orders[2]!.title, orders[3]!.title] });
    expect(titles((await list(admin, [mine, { field: 'amount', operator: 'ne', value: 15 }])).data)).toEqual([0, 1, 3, 4].map((i) => orders[i]!.title));
    expect(titles((await list(admin, [mine, { field: 'amount', operator: 'eq', value: 20 }])).data)).toEqual([orders[3]!.title]);
    const any = await list(admin, [mine, { field: 'id', operator: 'in', value: [orders[0]!.id, orders[4]!.id] }]);
    expect(titles(any.data)).toEqual([orders[0]!.title, orders[4]!.title]);
    expect((await list(admin, [{ field: 'q', operator: 'eq', value: `${prefix} c` }])).data.map((o) => o.id)).toEqual([orders[2]!.id]);
    // Two sort fields: currency first (HKD before USD), the larger amount first within each.
    const sorted = await list(admin, [mine], [{ field: 'currency', order: 'asc' }, { field: 'amount', order: 'desc' }]);
    expect(titles(sorted.data)).toEqual([3, 1, 4, 2, 0].map((i) => orders[i]!.title));
    // Pages: the second page of two, and the short last one, each with the whole total.
    const second = await list(admin, [mine], undefined, { currentPage: 2, pageSize: 2 });
    expect({ total: second.total, titles: titles(second.data) }).toEqual({ total: 5, titles: [orders[2]!.title, orders[3]!.title] });
    expect(titles((await list(admin, [mine], undefined, { currentPage: 3, pageSize: 2 })).data)).toEqual([orders[4]!.title]);
  });

  it('a window that is not a whole page lists what it says, and one beyond the paging limit is cut and says so', async () => {
    const query = `title_like=${encodeURIComponent(prefix)}&_sort=id&_order=asc`;
    const { data } = await admin.custom<Order[]>({ url: `${base}/api/rest/receive-money`, method: 'get', query: { title_like: prefix, _start: 1, _end: 4 }, sorters: [{ field: 'id', order: 'asc' }] });
    expect(titles(data)).toEqual([1, 2, 3].map((i) => orders[i]!.title));
    const odd = await api.call('GET', `/api/rest/receive-money?${query}&_start=3&_end=5`);
    expect({ status: odd.status, range: odd.headers['content-range'], total: odd.headers['x-total-count'] }).toEqual({ status: 200, range: 'receive-money 3-4/5', total: '5' });
    // A browser app on another origin may read both totals.
    expect(odd.headers['access-control-expose-headers']).toBe('Content-Range, X-Total-Count');
    const long = await api.call('GET', '/api/rest/receive-money?_start=0&_end=100000');
    expect(long.body.length).toBeLessThan(100000);
    expect(long.headers['content-range']).toBe(`receive-money 0-${long.body.length - 1}/${long.headers['x-total-count']}`);
  });

  it('getMany, getOne, create, update (PATCH), deleteOne: each writes through the engine and is logged', async () => {
    const many = await admin.getMany<Order>({ resource: 'receive-money', ids: [orders[4]!.id, orders[1]!.id] });
    expect(many.data.map((o) => o.id).sort()).toEqual([orders[1]!.id, orders[4]!.id].sort());
    expect((await admin.getOne<Order>({ resource: 'receive-money', id: orders[0]!.id })).data).toMatchObject({ title: orders[0]!.title, amount: 5 });

    const { data: made } = await admin.create<Order>({ resource: 'receive-money', variables: { title: `${prefix} f`, amount: 30, currency: 'USD', payUrl: 'https://pay.example.com/f' } });
    expect(made).toMatchObject({ title: `${prefix} f`, status: 'pending' });
    await api.call('GET', `/api/receive-money/take?id=${made.id}`); // cached by the console, so the PATCH must drop it
    const { data: saved } = await admin.update<Order>({ resource: 'receive-money', id: made.id, variables: { remark: 'patched' } });
    expect(saved).toMatchObject({ id: made.id, title: `${prefix} f`, amount: 30 });
    expect(dataOf(await api.call('GET', `/api/receive-money/take?id=${made.id}`))).toMatchObject({ remark: 'patched', title: `${prefix} f` });
    expect(await logged('PATCH', '/api/rest/receive-money/:id', made.id)).toEqual([expect.objectContaining({ scene: 'update', code: 200 })]);

    // Orders have a recycle bin: the row goes there, as the console's delete does, and is not there to delete again.
    const { data: gone } = await admin.deleteOne<Order & { deleteTime: number }>({ resource: 'receive-money', id: made.id });
    expect(gone.id).toBe(made.id);
    expect(gone.deleteTime).toBeGreaterThan(0);
    expect(await logged('DELETE', '/api/rest/receive-money/:id', made.id)).toEqual([expect.objectContaining({ scene: 'remove' })]);
    expect(await refused(admin.deleteOne({ resource: 'receive-money', id: made.id }))).toMatchObject({ statusCode: 404 });
  });

  it('errors reach Refine as the message and the status it shows: a refused value, a read-only or frozen field by name', async () => {
    expect(await refused(admin.create({ resource: 'receive-money', variables: { amount: 3 } }))).toEqual({ statusCode: 400, message: expect.stringMatching(/title/i) });
    // Status moves only by the payment machine: a PATCH of it is refused by name, and nothing changes.
    expect(await refused(admin.update({ resource: 'receive-money', id: orders[0]!.id, variables: { status: 'completed' } })))
      .toEqual({ statusCode: 400, message: expect.stringContaining('status') });
    // Once paid, what was charged is frozen: the PATCH is refused naming the field, through the same write as PUT.
    dataOf(await api.call('POST', '/api/receive-money/mark-paid', { id: orders[0]!.id, reason: 'paid at the desk' }));
    const frozen = await refused(admin.update({ resource: 'receive-money', id: orders[0]!.id, variables: { amount: 6 } }));
    expect(frozen).toEqual({ statusCode: 409, message: expect.stringMatching(/amount/i) });
    expect(dataOf(await api.call('GET', `/api/receive-money/take?id=${orders[0]!.id}`))).toMatchObject({ amount: 5, status: 'completed' });
    expect(await refused(admin.getList({ resource: 'no-such-table' }))).toMatchObject({ statusCode: 404 });
  });

  it('react-admin\'s and Refine\'s parameters in one request are a 400 that says so', async () => {
    const mixed = await api.call('GET', `/api/rest/receive-money?range=${encodeURIComponent('[0,9]')}&_sort=id`);
    expect({ status: mixed.status, message: mixed.body.message }).toEqual({ status: 400, message: 'range is ra-data-simple-rest\'s parameter and _sort Refine\'s: send one style or the other, not both' });
    expect((await api.call('GET', '/api/rest/receive-money?_start=5&_end=2')).body).toMatchObject({ errors: { _end: expect.any(String) } });
    expect((await api.call('GET', '/api/rest/receive-money?_sort=id,amount&_order=asc')).body).toMatchObject({ errors: { _order: expect.any(String) } });
    expect((await api.call('GET', '/api/rest/receive-money?_sort=describe')).body).toMatchObject({ errors: { _sort: expect.any(String) } });
  });

  describe('an operator without manage, by token and by API key', () => {
    let operator: { id: number; token: string };
    let clients: Array<[string, Provider]>;

    beforeAll(async () => {
      operator = await userWith(api, ORDER_ROUTES, 0);
      const key = dataOf(await api.t.call('POST', '/api/api-keys/create', { name: 'refine app' }, operator.token), 201).key as string;
      clients = [['token', refine(base, operator.token)], ['API key', refine(base, key)]];
    });

    it('creates, lists, patches and deletes his own orders, and never sees or changes another\'s', async () => {
      for (const [how, client] of clients) {
        const { data: made } = await client.create<Order>({ resource: 'receive-money', variables: { title: `${prefix} ${how}`, amount: 8, currency: 'USD', payUrl: 'https://pay.example.com/x' } });
        expect(made.uid, how).toBe(operator.id);
        const seen = await list(client, [{ field: 'title', operator: 'contains', value: prefix }]);
        expect(seen.data.every((o) => o.uid === operator.id), how).toBe(true);
        expect(seen.data.map((o) => o.id), how).toContain(made.id);
        expect((await client.getMany<Order>({ resource: 'receive-money', ids: [made.id, orders[1]!.id] })).data.map((o) => o.id), how).toEqual([made.id]);
        expect((await client.update<Order>({ resource: 'receive-money', id: made.id, variables: { title: `${prefix} ${how}!` } })).data.title, how).toBe(`${prefix} ${how}!`);
        expect(await logged('PATCH', '/api/rest/receive-money/:id', made.id), how).toEqual([expect.objectContaining({ uid: operator.id })]);
        expect(await refused(client.getOne({ resource: 'receive-money', id: orders[1]!.id })), how).toMatchObject({ statusCode: 404 });
        expect(await refused(client.update({ resource: 'receive-money', id: orders[1]!.id, variables: { remark: 'mine now' } })), how)
          .toEqual({ statusCode: 403, message: 'You cannot change other users\' data' });
        expect(await refused(client.deleteOne({ resource: 'receive-money', id: orders[1]!.id })), how).toMatchObject({ statusCode: 403 });
        await client.deleteOne({ resource: 'receive-money', id: made.id });
        expect(await refused(client.getList({ resource: 'users' })), how).toEqual({ statusCode: 403, message: 'Permission denied' });
      }
      expect(dataOf(await api.call('GET', `/api/receive-money/take?id=${orders[1]!.id}`))).toMatchObject({ remark: '' });
    });
  });
});
