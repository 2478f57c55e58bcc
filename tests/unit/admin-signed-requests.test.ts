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
/** The server's SYSTEM_SAFETY_API.sign, which an operator may turn on while consoles are open. */
let signing = true;
let initReads = 0;

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
  if (url.pathname === '/api/comm/init') {
    initReads++;
    return Response.json({ code: 200, msg: 'ok', data: { publicKey: '', sign: signing, signKey: signing ? SIGN_KEY : null } });
  }
  const body = init.body ? JSON.parse(String(init.body)) : undefined;
  const headers = init.headers as Record<string, string>;
  if (signing && !headers['X-Sign']) return Response.json({ code: 401, msg: 'signature required', data: null }, { status: 401 });
  if (signing) verdicts.push(verify(init.method ?? 'GET', url, body, headers));
  return Response.json({ code: 200, msg: 'ok', data: { total: 0, page: 1, limit: 10, rows: [], id: 1 } });
});

const { dataProvider } = await import('../../admin/api/dataProvider');
const { apiPolicyChanged, call } = await import('../../admin/api/http');

describe('signed requests', () => {
  it('signs reads with their query and writes with their body so the server can verify them', async () => {
    await dataProvider.getList('users', { pagination: { page: 2, perPage: 20 }, sort: { field: 'id', order: 'DESC' }, filter: { nickname_like: 'a b&c', onlyTrashed: 1 } });
    await dataProvider.update('users', { id: 3, data: { nickname: 'Zoë', status: 'banned' }, previousData: { id: 3 } });
    await dataProvider.deleteMany('users', { ids: [1, 2] });
    expect(verdicts).toEqual([true, true, true]);
  });

  it('an open console learns that signing was turned on from the refusal, and signs from then on', async () => {
    signing = false;
    apiPolicyChanged();
    await call('GET', 'users/rows');
    // An operator turns signing on elsewhere: this console still believes calls go unsigned.
    signing = true;
    verdicts.length = 0;
    const reads = initReads;
    await expect(call('PUT', 'users/update', { body: { id: 3, nickname: 'Ann' } })).resolves.toMatchObject({ code: 200 });
    expect(verdicts).toEqual([true]);
    expect(initReads).toBe(reads + 1);
    await call('GET', 'users/rows', { query: { page: 1 } });
    expect(verdicts).toEqual([true, true]);
    expect(initReads).toBe(reads + 1);
  });

  it('asks again only once: a refusal the policy does not explain stays a refusal', async () => {
    signing = true;
    apiPolicyChanged();
    const before = initReads;
    // A signed call refused for another reason (say, a revoked token) is not retried.
    const refusing = vi.fn(async () => Response.json({ code: 401, msg: 'token revoked', data: null }, { status: 401 }));
    const original = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: string, init?: RequestInit) =>
      new URL(input, 'http://localhost').pathname === '/api/users/rows' ? refusing() : original(input, init));
    await expect(call('GET', 'users/rows')).rejects.toMatchObject({ status: 401, message: 'token revoked' });
    expect(refusing).toHaveBeenCalledTimes(1);
    expect(initReads).toBe(before + 2);
    vi.stubGlobal('fetch', original);
  });
});
