/**
 * The data provider's mapping of every react-admin call to our HTTP API,
 * checked against a fetch stand-in that records each request and answers
 * with envelopes; plus the session cache and request signing.
 */
import { createHmac } from 'node:crypto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from '../support/web-storage';

Object.assign(globalThis, { localStorage: new MemoryStorage(), sessionStorage: new MemoryStorage(), document: { cookie: '' } });

interface Seen { method: string; path: string; query: Record<string, string>; body: unknown; headers: Record<string, string> }
let seen: Seen[] = [];
let answer: (req: Seen) => { code: number; msg?: string; data?: unknown } = () => ({ code: 200, data: null });
/** The stand-in server's ETag per path (as a real one's changes on every write to the table); none: no ETag sent. */
const etags = new Map<string, string>();
const signKey: string | null = null;

vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
  const url = new URL(input, 'http://localhost');
  const req: Seen = {
    method: init.method ?? 'GET', path: url.pathname, query: Object.fromEntries(url.searchParams),
    body: init.body ? JSON.parse(String(init.body)) : undefined, headers: (init.headers ?? {}) as Record<string, string>,
  };
  const etag = etags.get(req.path);
  if (etag && req.headers['If-None-Match'] === etag) {
    seen.push(req);
    return new Response(null, { status: 304, headers: { etag } });
  }
  const envelope = req.path === '/api/comm/init'
    ? { code: 200, msg: 'ok', data: { publicKey: '', sign: signKey !== null, signKey } }
    : (seen.push(req), { msg: 'ok', ...answer(req) });
  return new Response(JSON.stringify(envelope), { status: envelope.code === 204 ? 200 : envelope.code, headers: etag ? { etag } : {} });
});

const { dataProvider } = await import('../../admin/api/dataProvider');
const { saveSession } = await import('../../admin/api/session');

beforeEach(() => {
  seen = [];
  etags.clear();
  sessionStorage.clear();
  answer = () => ({ code: 200, data: null });
});

describe('data provider mapping', () => {
  it('getList reads rows with page, limit, order and the filters as named', async () => {
    answer = () => ({ code: 200, data: { total: 31, page: 2, limit: 20, rows: [{ id: 5 }] } });
    const result = await dataProvider.getList('users', {
      pagination: { page: 2, perPage: 20 }, sort: { field: 'account', order: 'ASC' },
      filter: { nickname_like: 'bo', status: 'normal', onlyTrashed: 1, q: '' },
    });
    expect(result).toEqual({ data: [{ id: 5 }], total: 31 });
    expect(seen[0]).toMatchObject({
      method: 'GET', path: '/api/users/rows',
      query: { page: '2', limit: '20', order: 'account asc', nickname_like: 'bo', status: 'normal', onlyTrashed: '1' },
    });
    expect(seen[0]!.query).not.toHaveProperty('q');
  });

  it('getOne takes by id, and code 204 means the record does not exist', async () => {
    answer = () => ({ code: 200, data: { id: 7, account: 'ann' } });
    expect(await dataProvider.getOne('users', { id: 7 })).toEqual({ data: { id: 7, account: 'ann' } });
    expect(seen[0]).toMatchObject({ method: 'GET', path: '/api/users/take', query: { id: '7' } });
    answer = () => ({ code: 204, data: null });
    await expect(dataProvider.getOne('users', { id: 8 })).rejects.toMatchObject({ status: 404 });
  });

  it('getMany finds by joined ids with limit 200', async () => {
    answer = () => ({ code: 200, data: [{ id: 1 }, { id: 2 }] });
    expect((await dataProvider.getMany('tags', { ids: [1, 2] })).data).toHaveLength(2);
    expect(seen[0]).toMatchObject({ path: '/api/tags/find', query: { ids: '1,2', limit: '200' } });
  });

  it('getManyReference filters rows by the target field', async () => {
    answer = () => ({ code: 200, data: { total: 0, page: 1, limit: 10, rows: [] } });
    await dataProvider.getManyReference('comment', { target: 'bindId', id: 3, pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'DESC' }, filter: {} });
    expect(seen[0]).toMatchObject({ path: '/api/comment/rows', query: { bindId: '3', order: 'id desc' } });
  });

  it('create posts only writable fields and leaves a blank password out', async () => {
    answer = (req) => ({ code: 201, data: { id: 9, ...(req.body as object) } });
    const { data } = await dataProvider.create('users', { data: { account: 'bob1', password: '', status: 'normal', id: 3, createTime: 1, signInIp: 'x' } });
    expect(seen[0]).toMatchObject({ method: 'POST', path: '/api/users/create' });
    expect(seen[0]!.body).toEqual({ account: 'bob1', status: 'normal' });
    expect(data.id).toBe(9);
  });

  it('update puts the id with writable fields; read-only ones (order status) are never sent', async () => {
    answer = (req) => ({ code: 200, data: req.body });
    await dataProvider.update('receive-money', { id: 4, data: { title: 'Tea', status: 'completed', tradeNo: 'T1' }, previousData: { id: 4 } });
    expect(seen[0]).toMatchObject({ method: 'PUT', path: '/api/receive-money/update', body: { id: 4, title: 'Tea', tradeNo: 'T1' } });
    await dataProvider.update('users', { id: 2, data: { password: 'secret99' }, previousData: { id: 2 } });
    expect(seen[1]!.body).toEqual({ id: 2, password: 'secret99' });
  });

  it('updateMany updates each id', async () => {
    await dataProvider.updateMany('users', { ids: [1, 2], data: { status: 'banned' } });
    expect(seen.map((s) => s.body)).toEqual([{ status: 'banned', id: 1 }, { status: 'banned', id: 2 }]);
  });

  it('delete and deleteMany move rows to the bin; tables without a bin delete for good', async () => {
    await dataProvider.delete('users', { id: 3, previousData: { id: 3 } });
    await dataProvider.deleteMany('users', { ids: [3, 4] });
    await dataProvider.deleteMany('config', { ids: [1] }).catch(() => undefined);
    expect(seen.slice(0, 2)).toMatchObject([
      { method: 'DELETE', path: '/api/users/remove', body: { ids: '3' } },
      { method: 'DELETE', path: '/api/users/remove', body: { ids: '3,4' } },
    ]);
    expect(seen[2]).toMatchObject({ method: 'DELETE', path: '/api/config/delete', body: { ids: '1' } });
  });

  it('restore, destroy, clear, sort and extras call their routes', async () => {
    await dataProvider.restore('users', { ids: [1, 2] });
    await dataProvider.destroy('users', { ids: [2] });
    await dataProvider.clear('users');
    await dataProvider.sort('auth-group', { id: 5, mode: 'up' });
    await dataProvider.extra('auth-rules', 'tree');
    expect(seen.map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      { method: 'PUT', path: '/api/users/restore', body: { ids: '1,2' } },
      { method: 'DELETE', path: '/api/users/delete', body: { ids: '2' } },
      { method: 'DELETE', path: '/api/users/clear', body: undefined },
      { method: 'PUT', path: '/api/auth-group/sort', body: { id: 5, mode: 'up' } },
      { method: 'GET', path: '/api/auth-rules/tree', body: undefined },
    ]);
  });

  it('sends the token and turns a 4xx envelope into an error carrying the server msg', async () => {
    saveSession('jwt-abc', { id: 1 });
    answer = () => ({ code: 403, msg: '没有权限', data: null });
    await expect(dataProvider.getOne('users', { id: 1 })).rejects.toMatchObject({ message: '没有权限', status: 403 });
    expect(seen[0]!.headers.Authorization).toBe('Bearer jwt-abc');
  });
});

describe('session cache', () => {
  const params = { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'DESC' as const }, filter: {} };

  it('asks again with the held ETag, and a 304 serves the held copy', async () => {
    etags.set('/api/users/rows', 'W/"v1"');
    answer = () => ({ code: 200, data: { total: 1, page: 1, limit: 10, rows: [{ id: 1 }] } });
    expect(await dataProvider.getList('users', params)).toEqual({ data: [{ id: 1 }], total: 1 });
    answer = () => { throw new Error('a 304 has no body to make'); };
    expect(await dataProvider.getList('users', params)).toEqual({ data: [{ id: 1 }], total: 1 });
    expect(seen.map((s) => s.headers['If-None-Match'])).toEqual([undefined, 'W/"v1"']);
  });

  it('shows what changed elsewhere: a new ETag brings the new rows, and they are held from then on', async () => {
    etags.set('/api/users/rows', 'W/"v1"');
    answer = () => ({ code: 200, data: { total: 1, page: 1, limit: 10, rows: [{ id: 1 }] } });
    await dataProvider.getList('users', params);
    // Another operator (or the API, or a notification) wrote: the server's ETag moved on.
    etags.set('/api/users/rows', 'W/"v2"');
    answer = () => ({ code: 200, data: { total: 2, page: 1, limit: 10, rows: [{ id: 2 }, { id: 1 }] } });
    expect(await dataProvider.getList('users', params)).toEqual({ data: [{ id: 2 }, { id: 1 }], total: 2 });
    expect(await dataProvider.getList('users', params)).toEqual({ data: [{ id: 2 }, { id: 1 }], total: 2 });
    expect(seen.map((s) => s.headers['If-None-Match'])).toEqual([undefined, 'W/"v1"', 'W/"v2"']);
  });

  it('forgets a table\'s copies on a write from this console, and keeps none of an answer without an ETag', async () => {
    etags.set('/api/users/rows', 'W/"u"');
    etags.set('/api/tags/rows', 'W/"t"');
    answer = () => ({ code: 200, data: { total: 1, page: 1, limit: 10, rows: [{ id: 1 }] } });
    await dataProvider.getList('users', params);
    await dataProvider.getList('tags', params);
    await dataProvider.delete('users', { id: 1, previousData: { id: 1 } });
    await dataProvider.getList('users', params);
    await dataProvider.getList('tags', params);
    expect(seen.map((s) => `${s.path} ${s.headers['If-None-Match'] ?? '-'}`)).toEqual([
      '/api/users/rows -', '/api/tags/rows -', '/api/users/remove -', '/api/users/rows -', '/api/tags/rows W/"t"',
    ]);
    await dataProvider.getList('logs', params);
    await dataProvider.getList('logs', params);
    expect(seen.slice(-2).map((s) => s.headers['If-None-Match'])).toEqual([undefined, undefined]);
  });

  it('never keeps an answer whose code is not 200', async () => {
    etags.set('/api/users/take', 'W/"v1"');
    answer = () => ({ code: 204, data: null });
    await dataProvider.getOne('users', { id: 1 }).catch(() => undefined);
    await dataProvider.getOne('users', { id: 1 }).catch(() => undefined);
    expect(seen.map((s) => s.headers['If-None-Match'])).toEqual([undefined, undefined]);
  });
});

describe('request signing', async () => {
  const { canonicalParams, signatureHeaders } = await import('../../admin/api/signing');

  it('merges query and body, sorts keys, encodes values and leaves undefined out', () => {
    expect(canonicalParams({ page: '1', b: 'x y' }, { a: [1, 2], skip: undefined, id: 3 })).toBe('a=%5B1%2C2%5D&b=x%20y&id=3&page=1');
  });

  it('signs METHOD, path, canonical params, timestamp and nonce with HMAC-SHA256', async () => {
    const headers = await signatureHeaders({ method: 'put', path: '/api/users/update', body: { id: 1, nickname: 'Ann' }, signKey: 'k', timestamp: 1700000000, nonce: 'n'.repeat(16) });
    const expected = createHmac('sha256', 'k').update(`PUT\n/api/users/update\nid=1&nickname=Ann\n1700000000\n${'n'.repeat(16)}`).digest('hex');
    expect(headers).toEqual({ 'X-Timestamp': '1700000000', 'X-Nonce': 'n'.repeat(16), 'X-Sign': expected });
  });
});
