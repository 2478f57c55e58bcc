/**
 * With request signing on, the README's httpClient for ra-data-simple-rest
 * (its signature headers written from the README, with node:crypto) is what
 * lets an integrator's react-admin app read and write; without them, every
 * call is refused.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { fetchUtils } from 'ra-core';
import simpleRestProvider from 'ra-data-simple-rest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../support/app';
import { adminApi, type Api } from '../support/fixtures';
import { changeSafety } from '../multi/safety-config';

/** README "Request signing". */
function signatureHeaders(key: string, method: string, url: string, body?: Record<string, unknown>) {
  const { pathname, searchParams } = new URL(url, 'http://localhost');
  const params: Record<string, unknown> = { ...Object.fromEntries(searchParams), ...body };
  const canonical = Object.keys(params)
    .filter((name) => params[name] !== undefined)
    .sort()
    .map((name) => `${encodeURIComponent(name)}=${encodeURIComponent(typeof params[name] === 'string' ? (params[name] as string) : JSON.stringify(params[name]))}`)
    .join('&');
  const timestamp = String(Math.floor(Date.now() / 1000));
  const nonce = randomBytes(16).toString('hex');
  const sign = createHmac('sha256', key).update([method.toUpperCase(), pathname, canonical, timestamp, nonce].join('\n')).digest('hex');
  return { 'X-Timestamp': timestamp, 'X-Nonce': nonce, 'X-Sign': sign };
}

describe.each(DIALECTS)('ra-data-simple-rest with request signing on %s', (dialect) => {
  let api: Api;
  let base: string;
  let token: string;
  let signKey: string;

  /** README "Your own react-admin app on Paydesk", with signing. */
  const httpClient = (sign: boolean) => async (url: string, options: fetchUtils.Options = {}) => {
    const headers = new Headers(options.headers ?? { Accept: 'application/json' });
    headers.set('Accept-Language', 'en-US');
    const body = typeof options.body === 'string' && options.body ? JSON.parse(options.body) : undefined;
    if (sign) for (const [name, value] of Object.entries(signatureHeaders(signKey, options.method ?? 'GET', url, body))) headers.set(name, value);
    return fetchUtils.fetchJson(url, { ...options, headers, user: { authenticated: true, token: `Bearer ${token}` } });
  };

  beforeAll(async () => {
    api = await adminApi(dialect);
    base = await api.t.app.listen({ port: 0, host: '127.0.0.1' });
    token = await api.t.signIn();
    await changeSafety(async (method, url, body) => (await api.call(method, url, body)).body, (s) => { s.sign = true; });
    signKey = (await api.anon('GET', '/api/comm/init')).body.data.signKey;
  });
  afterAll(() => api?.close());

  it('signed, every kind of call passes', async () => {
    const client = simpleRestProvider(`${base}/api/rest`, httpClient(true));
    const { data: made } = await client.create('tags', { data: { name: 'signed tag', describe: 'a&b=c?' } });
    const list = await client.getList('tags', { pagination: { page: 1, perPage: 5 }, sort: { field: 'name', order: 'ASC' }, filter: { name_like: 'signed' } });
    expect(list).toMatchObject({ total: 1, data: [{ id: made.id }] });
    const { data: record } = await client.getOne('tags', { id: made.id });
    expect((await client.update('tags', { id: made.id, data: { ...record, describe: '签名' }, previousData: record })).data).toMatchObject({ describe: '签名' });
    expect((await client.delete('tags', { id: made.id })).data).toMatchObject({ id: made.id });
  });

  it('unsigned, it is refused, and says why', async () => {
    const client = simpleRestProvider(`${base}/api/rest`, httpClient(false));
    await expect(client.getList('tags', { pagination: { page: 1, perPage: 5 }, sort: { field: 'id', order: 'ASC' }, filter: {} }))
      .rejects.toMatchObject({ status: 401, message: expect.stringMatching(/sign/i) });
  });
});
