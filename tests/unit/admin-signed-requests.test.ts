/**
 * When the API asks for signatures (`init.sign`), every console call carries
 * X-Timestamp, X-Nonce and an X-Sign the server can recompute from what it
 * received: the query string as sent and the JSON body.
 */
import { createHmac } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';

const memory = () => {
  const map = new Map<string, string>();
  return { get length() { return map.size; }, key: (i: number) => [...map.keys()][i] ?? null, getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), removeItem: (k: string) => void map.delete(k), clear: () => map.clear() };
};
Object.assign(globalThis, { localStorage: memory(), sessionStorage: memory(), document: { cookie: '' } });

const SIGN_KEY = 'sign-key-123';
const verdicts: boolean[] = [];

/** What the server does: rebuild the signed text from the request it got and compare. */
function verify(method: string, url: URL, body: Record<string, unknown> | undefined, headers: Record<string, string>): boolean {
  const merged: Record<string, unknown> = { ...Object.fromEntries(url.searchParams), ...body };
  const canonical = Object.keys(merged).sort()
    .map((k) => `${encodeURIComponent(k)}=${encodeURIComponent(typeof merged[k] === 'string' ? (merged[k] as string) : JSON.stringify(merged[k]))}`).join('&');
  const text = [method, url.pathname, canonical, headers['X-Timestamp'], headers['X-Nonce']].join('\n');
  return headers['X-Nonce']!.length >= 16 && createHmac('sha256', SIGN_KEY).update(text).digest('hex') === headers['X-Sign'];
}

vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
  const url = new URL(input, 'http://localhost');
  if (url.pathname === '/api/comm/init') return Response.json({ code: 200, msg: 'ok', data: { publicKey: '', sign: true, signKey: SIGN_KEY } });
  const body = init.body ? JSON.parse(String(init.body)) : undefined;
  verdicts.push(verify(init.method ?? 'GET', url, body, init.headers as Record<string, string>));
  return Response.json({ code: 200, msg: 'ok', data: { total: 0, page: 1, limit: 10, rows: [], id: 1 } });
});

const { dataProvider } = await import('../../admin/api/dataProvider');

describe('signed requests', () => {
  it('signs reads with their query and writes with their body so the server can verify them', async () => {
    await dataProvider.getList('users', { pagination: { page: 2, perPage: 20 }, sort: { field: 'id', order: 'DESC' }, filter: { nickname_like: 'a b&c', onlyTrashed: 1 } });
    await dataProvider.update('users', { id: 3, data: { nickname: 'Zoë', status: 'banned' }, previousData: { id: 3 } });
    await dataProvider.deleteMany('users', { ids: [1, 2] });
    expect(verdicts).toEqual([true, true, true]);
  });
});
