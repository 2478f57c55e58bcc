/**
 * What a client of the simple-rest dialect sees beyond ra-data-simple-rest's
 * happy path: the exact Content-Range of a page, the header a browser on
 * another origin needs, revalidation, every bad parameter named in a 400 in
 * the caller's language, a form that sends the whole record back, and a
 * delete on a table without a recycle bin.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../support/app';
import { adminApi, createOrder, createRow, dataOf, unique, type Api } from '../support/fixtures';

const q = (params: Record<string, unknown>) => Object.entries(params).map(([k, v]) => `${k}=${encodeURIComponent(JSON.stringify(v))}`).join('&');

describe.each(DIALECTS)('the simple-rest dialect on %s', (dialect) => {
  let api: Api;
  let tags: Array<{ id: number; name: string }>;
  const prefix = unique('tag');

  beforeAll(async () => {
    api = await adminApi(dialect);
    tags = [];
    for (let i = 0; i < 7; i++) tags.push(await createRow(api, 'tags', { name: `${prefix}-${i}` }) as { id: number; name: string });
  });
  afterAll(() => api?.close());

  it('a page says which rows it holds and of how many, and exposes that to a browser on another origin', async () => {
    const res = await api.call('GET', `/api/rest/tags?${q({ sort: ['name', 'DESC'], range: [3, 5], filter: { name_like: prefix } })}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-range']).toBe('tags 3-5/7');
    expect(res.headers['access-control-expose-headers']).toBe('Content-Range, X-Total-Count');
    expect(res.headers['x-total-count']).toBe('7');
    expect(res.body.map((t: { name: string }) => t.name)).toEqual([`${prefix}-3`, `${prefix}-2`, `${prefix}-1`]);
    // The last, short page ends where the rows end; past them there is nothing, and the total still shows.
    expect((await api.call('GET', `/api/rest/tags?${q({ range: [6, 8], filter: { name_like: prefix } })}`)).headers['content-range']).toBe('tags 6-6/7');
    const past = await api.call('GET', `/api/rest/tags?${q({ range: [9, 11], filter: { name_like: prefix } })}`);
    expect({ range: past.headers['content-range'], body: past.body }).toEqual({ range: 'tags */7', body: [] });
  });

  it('a page longer than the largest one is cut to it, and says so', async () => {
    const res = await api.call('GET', `/api/rest/tags?${q({ range: [0, 999] })}`);
    expect(res.headers['content-range']).toMatch(/^tags 0-\d+\/\d+$/);
    const [, end] = /0-(\d+)\//.exec(String(res.headers['content-range']))!;
    expect(res.body).toHaveLength(Number(end) + 1);
    expect(res.body.length).toBeLessThanOrEqual(50);
  });

  it('getMany of no ids is no rows, not every row', async () => {
    const res = await api.call('GET', `/api/rest/tags?${q({ filter: { id: [] } })}`);
    expect({ status: res.status, body: res.body, range: res.headers['content-range'] }).toEqual({ status: 200, body: [], range: 'tags */0' });
  });

  it('a list read again unchanged is a 304, and a write anywhere makes it new', async () => {
    const url = `/api/rest/tags?${q({ filter: { name_like: prefix } })}`;
    const first = await api.call('GET', url);
    const etag = String(first.headers.etag);
    expect((await api.call('GET', url, undefined, { 'if-none-match': etag })).status).toBe(304);
    dataOf(await api.call('PUT', '/api/tags/update', { id: tags[0]!.id, describe: 'changed' }));
    const after = await api.call('GET', url, undefined, { 'if-none-match': etag });
    expect(after.status).toBe(200);
    expect(after.body.find((t: { id: number }) => t.id === tags[0]!.id)).toMatchObject({ describe: 'changed' });
  });

  it.each([
    ['sort', { sort: ['name'] }, 'sort must be ["field", "ASC" or "DESC"]'],
    ['sort', { sort: ['nope', 'ASC'] }, 'Cannot sort by nope'],
    ['range', { range: [5, 2] }, 'range must be [start, end]'],
    ['range', { range: [2, 4], sort: ['id', 'ASC'] }, 'range must start at a multiple of its page size (3)'],
    ['filter', { filter: [1] }, 'filter must be a JSON object'],
    ['nope_like', { filter: { nope_like: 'x' } }, 'Unknown parameter: nope_like'],
    ['name_gte', { filter: { name_gte: 'a' } }, 'Unknown parameter: name_gte'],
    ['page', { filter: { page: 2 } }, 'Unknown parameter: page'],
    ['name', { filter: { name: { $ne: 'x' } } }, 'name: a filter value must be'],
    ['embed', { embed: ['author'] }, 'Unknown parameter: embed'],
  ])('a bad %s is a 400 that names it', async (culprit, params, message) => {
    const res = await api.call('GET', `/api/rest/tags?${q(params)}`);
    expect(res.status, res.text).toBe(400);
    expect(res.body.message).toContain(message);
    expect(Object.keys(res.body.errors)).toEqual([culprit]);
  });

  it('a parameter that is not JSON is named too', async () => {
    const res = await api.call('GET', '/api/rest/tags?filter={oops');
    expect(res.body).toEqual({ message: 'filter is not valid JSON', errors: { filter: 'filter is not valid JSON' } });
  });

  it('errors speak the caller\'s language', async () => {
    const zh = await api.call('POST', '/api/rest/tags', { name: '' }, { cookie: 'lang=zh-cn' });
    expect(zh.status).toBe(400);
    expect(zh.body.message).toMatch(/[\u4e00-\u9fff]/);
    const ja = await api.call('GET', '/api/rest/tags/999999', undefined, { cookie: 'lang=ja-jp' });
    expect(ja.status).toBe(404);
    expect(ja.body.message).not.toBe('Not found');
    expect(Object.keys(ja.body)).toEqual(['message']);
    expect((await api.call('GET', '/api/rest/tags/abc')).body).toMatchObject({ errors: { id: expect.any(String) } });
    expect((await api.call('GET', '/api/rest/nowhere')).body).toEqual({ message: 'No such API: GET /api/rest/nowhere' });
  });

  it('a form that sends the whole record back changes what changed; a read-only field it changed is refused by name', async () => {
    const record = (await api.call('GET', `/api/rest/tags/${tags[1]!.id}`)).body;
    const saved = await api.call('PUT', `/api/rest/tags/${tags[1]!.id}`, { ...record, describe: 'from a form' });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject({ id: tags[1]!.id, name: record.name, describe: 'from a form', createTime: record.createTime });
    // A second save from the same, now stale, copy: the times it sends back are the server's to keep.
    const again = await api.call('PUT', `/api/rest/tags/${tags[1]!.id}`, { ...record, describe: 'saved twice', createTime: 1 });
    expect(again.status, again.text).toBe(200);
    expect(again.body).toMatchObject({ describe: 'saved twice', createTime: record.createTime });
    const order = (await api.call('POST', '/api/rest/receive-money', { title: 'Form', amount: 5, currency: 'USD', payUrl: 'https://pay.example.com/x' })).body;
    const forged = await api.call('PUT', `/api/rest/receive-money/${order.id}`, { ...order, status: 'completed' });
    expect({ status: forged.status, fields: Object.keys(forged.body.errors) }).toEqual({ status: 400, fields: ['status'] });
    expect(dataOf(await api.call('GET', `/api/receive-money/take?id=${order.id}`)).status).toBe('pending');
    const elsewhere = await api.call('PUT', `/api/rest/tags/${tags[1]!.id}`, { id: tags[2]!.id, describe: 'x' });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.errors).toHaveProperty('id');
    expect(dataOf(await api.call('GET', `/api/tags/take?id=${tags[2]!.id}`)).describe).toBe('');
  });

  it('a paid order keeps its price through the dialect too: its form saves, its amount does not change', async () => {
    const order = await createOrder(api);
    dataOf(await api.call('POST', '/api/receive-money/mark-paid', { id: order.id, reason: 'paid at the counter' }));
    const record = (await api.call('GET', `/api/rest/receive-money/${order.id}`)).body;
    expect(record.status).toBe('completed');
    const saved = await api.call('PUT', `/api/rest/receive-money/${order.id}`, { ...record, remark: 'receipt sent' });
    expect(saved.status, saved.text).toBe(200);
    const repriced = await api.call('PUT', `/api/rest/receive-money/${order.id}`, { ...record, amount: 1 });
    expect({ status: repriced.status, fields: Object.keys(repriced.body.errors) }).toEqual({ status: 409, fields: ['amount'] });
    expect(dataOf(await api.call('GET', `/api/receive-money/take?id=${order.id}`))).toMatchObject({ amount: record.amount, remark: 'receipt sent' });
    // Deleting it through the dialect bins it: it is archived, never gone.
    expect((await api.call('DELETE', `/api/rest/receive-money/${order.id}`)).status).toBe(200);
    expect(dataOf(await api.call('GET', `/api/receive-money/rows?onlyTrashed=1&id=${order.id}`)).total).toBe(1);
  });

  it('a retried create with the same Idempotency-Key makes one row', async () => {
    const headers = { 'idempotency-key': unique('key') };
    const first = await api.call('POST', '/api/rest/tags', { name: `${prefix}-once` }, headers);
    const again = await api.call('POST', '/api/rest/tags', { name: `${prefix}-once` }, headers);
    expect(first.status).toBe(201);
    expect({ status: again.status, id: again.body.id, replayed: again.headers['idempotent-replayed'] }).toEqual({ status: 201, id: first.body.id, replayed: 'true' });
  });

  it('a delete on a table without a recycle bin deletes for good, and answers the row as it was', async () => {
    const made = dataOf(await api.call('POST', '/api/api-keys/create', { name: unique('key') }), 201);
    const id = made.id ?? made.row?.id;
    const gone = await api.call('DELETE', `/api/rest/api-keys/${id}`, undefined, { 'content-type': 'text/plain' });
    expect(gone.status, gone.text).toBe(200);
    expect(gone.body).toMatchObject({ id });
    expect(await api.t.app.paydesk.db.any.selectFrom('api_keys').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
    expect((await api.call('DELETE', `/api/rest/api-keys/${id}`)).status).toBe(404);
  });
});
