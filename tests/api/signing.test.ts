/**
 * Request signing (SYSTEM_SAFETY_API.sign) as an API client meets it. The
 * client here is written from the README's description with node:crypto, not
 * from the server's code, so the two are checked against each other.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, makeApp, type TestApp } from '../support/app';
import { changeSafety } from '../multi/safety-config';
import { PNG } from '../fakes/images';

const ENGLISH = { cookie: 'lang=en-us' };
/** The app's clock (epoch ms), which the signing window is measured on: the tests move it, never wait. */
const clock = { now: Date.now() };
const seconds = () => Math.floor(clock.now / 1000);

/** X-Timestamp, X-Nonce and X-Sign for a call (README "Request signing"). */
function signed(key: string, method: string, url: string, body?: Record<string, unknown>, o: { timestamp?: number | string; nonce?: string } = {}) {
  const { pathname, searchParams } = new URL(url, 'http://x');
  // Only a JSON object's fields are parameters (README): an array or a string body adds none.
  const params: Record<string, unknown> = { ...Object.fromEntries(searchParams), ...(body?.constructor === Object && body) };
  const canonical = Object.keys(params)
    .filter((k) => params[k] !== undefined)
    .sort()
    .map((k) => `${encodeURIComponent(k)}=${encodeURIComponent(typeof params[k] === 'string' ? (params[k] as string) : JSON.stringify(params[k]))}`)
    .join('&');
  const timestamp = String(o.timestamp ?? seconds());
  const nonce = o.nonce ?? randomBytes(16).toString('hex');
  const sign = createHmac('sha256', key).update([method, pathname, canonical, timestamp, nonce].join('\n')).digest('hex');
  return { 'x-timestamp': timestamp, 'x-nonce': nonce, 'x-sign': sign };
}

describe.each(DIALECTS)('request signing on %s', (dialect) => {
  let t: TestApp;
  let token: string;
  let key: string;
  type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
  const call = (method: Method, url: string, body?: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.call(method, url, body, token, { ...ENGLISH, ...headers });
  /** A call signed with the site's key, or with what `o` changes. */
  const signedCall = (method: Method, url: string, body?: Record<string, unknown>, o: Parameters<typeof signed>[4] & { key?: string } = {}) =>
    call(method, url, body, signed(o.key ?? key, method, url, body, o));
  const accounts = async () => (await signedCall('GET', '/api/users/find?limit=200')).body.data.map((u: { account: string }) => u.account);

  beforeAll(async () => {
    t = await makeApp({ dialect, clock: () => clock.now });
    token = await t.signIn();
    await changeSafety(async (method, url, body) => (await call(method, url, body as never)).body, (s) => { s.sign = true; });
    key = (await call('GET', '/api/comm/init')).body.data.signKey;
  });
  afterAll(() => t?.close());

  it('GET /api/comm/init answers unsigned and tells the client to sign, with the key', async () => {
    const init = await call('GET', '/api/comm/init');
    expect(init.body).toMatchObject({ code: 200, data: { sign: true } });
    expect(key).toMatch(/^[A-Za-z0-9]{32}$/);
  });

  it('a correctly signed call passes: query parameters and a JSON body', async () => {
    const list = await signedCall('GET', '/api/users/rows?page=1&limit=5&account_like=adm');
    expect(list.body, list.text).toMatchObject({ code: 200, data: { total: 1 } });
    // Values of every kind: text with spaces and non-ASCII, numbers, a nested object.
    const made = await signedCall('POST', '/api/users/create', { account: 'signed1', nickname: '签名 user', remark: 'a&b=c?', gender: 'girl' });
    expect(made.body, made.text).toMatchObject({ code: 201, data: { account: 'signed1', nickname: '签名 user' } });
    const changed = await signedCall('PUT', '/api/users/update', { id: made.body.data.id, remark: 'x y' });
    expect(changed.body, changed.text).toMatchObject({ code: 200, data: { remark: 'x y' } });
    const order = await signedCall('POST', '/api/receive-money/create', { title: 'Tea', amount: 12.5, currency: 'USD', payUrl: 'https://pay.example.com/t', files: ['/a.png'] });
    expect(order.body, order.text).toMatchObject({ code: 201 });
  });

  it('an unsigned call is refused 401 as missing its signature, and changes nothing', async () => {
    const res = await call('POST', '/api/users/create', { account: 'unsigned1' });
    expect(res.status).toBe(401);
    expect(res.body.msg).toBe('Missing request signature');
    const partial = signed(key, 'GET', '/api/users/rows');
    const noNonce = await call('GET', '/api/users/rows', undefined, { 'x-timestamp': partial['x-timestamp'], 'x-sign': partial['x-sign'] });
    expect(noNonce.body).toMatchObject({ code: 401, msg: 'Missing request signature' });
    expect(await accounts()).not.toContain('unsigned1');
  });

  it('a signature over other parameters is refused as wrong: a changed body or query is caught', async () => {
    const headers = signed(key, 'POST', '/api/users/create', { account: 'tamper1' });
    const res = await call('POST', '/api/users/create', { account: 'tamper2' }, headers);
    expect(res.body).toMatchObject({ code: 401, msg: 'Wrong request signature' });
    const query = await call('GET', '/api/users/rows?limit=50', undefined, signed(key, 'GET', '/api/users/rows?limit=5'));
    expect(query.body).toMatchObject({ code: 401, msg: 'Wrong request signature' });
    const method = await call('DELETE', '/api/users/remove', { ids: '1' }, signed(key, 'PUT', '/api/users/remove', { ids: '1' }));
    expect(method.body).toMatchObject({ code: 401, msg: 'Wrong request signature' });
    expect(await accounts()).not.toContain('tamper2');
  });

  it('a signature made with another key is refused as wrong', async () => {
    const res = await signedCall('POST', '/api/users/create', { account: 'wrongkey1' }, { key: 'A'.repeat(32) });
    expect(res.body).toMatchObject({ code: 401, msg: 'Wrong request signature' });
    expect(await accounts()).not.toContain('wrongkey1');
  });

  it('a timestamp more than 300 s away is refused as expired; 300 s either way is still accepted', async () => {
    const now = seconds();
    for (const timestamp of [now - 301, now + 301]) {
      const res = await signedCall('GET', '/api/users/rows', undefined, { timestamp });
      expect(res.body, String(timestamp - now)).toMatchObject({ code: 401, msg: 'The request signature has expired' });
    }
    for (const timestamp of [now - 300, now + 300]) {
      expect((await signedCall('GET', '/api/users/rows', undefined, { timestamp })).body.code, String(timestamp - now)).toBe(200);
    }
  });

  it('a request signed now and held back more than five minutes is refused; within them it passes', async () => {
    const held = signed(key, 'GET', '/api/users/rows');
    const late = signed(key, 'GET', '/api/users/rows');
    clock.now += 300_000;
    expect((await call('GET', '/api/users/rows', undefined, held)).body.code).toBe(200);
    clock.now += 1000;
    expect((await call('GET', '/api/users/rows', undefined, late)).body).toMatchObject({ code: 401, msg: 'The request signature has expired' });
  });

  it('a replayed request is refused: a nonce is good once', async () => {
    const headers = signed(key, 'POST', '/api/users/create', { account: 'once1' });
    expect((await call('POST', '/api/users/create', { account: 'once1' }, headers)).body.code).toBe(201);
    const replay = await call('POST', '/api/users/create', { account: 'once1' }, headers);
    expect(replay.body).toMatchObject({ code: 401, msg: 'This request was already used' });
    // The same nonce in a fresh, correctly signed request is a replay too.
    const again = await signedCall('GET', '/api/users/rows', undefined, { nonce: headers['x-nonce'] });
    expect(again.body).toMatchObject({ code: 401, msg: 'This request was already used' });
  });

  it('an anonymous call is exempt only as a public read: a public write, or a read that needs a rule, must be signed', async () => {
    const signIn = await t.call('POST', '/api/comm/sign-in', { account: 'admin', password: 'wrong-password' }, undefined, ENGLISH);
    expect(signIn.body).toMatchObject({ code: 401, msg: 'Missing request signature' });
    const rows = await t.call('GET', '/api/users/rows', undefined, undefined, ENGLISH);
    expect(rows.body).toMatchObject({ code: 401, msg: 'Missing request signature' });
  });

  it('every part must be there, and a nonce is 16 to 64 characters', async () => {
    const whole = () => signed(key, 'GET', '/api/users/rows');
    const without = (name: 'x-timestamp' | 'x-sign') => { const headers: Record<string, string> = whole(); delete headers[name]; return headers; };
    for (const headers of [without('x-timestamp'), without('x-sign')]) {
      expect((await call('GET', '/api/users/rows', undefined, headers)).body).toMatchObject({ code: 401, msg: 'Missing request signature' });
    }
    for (const length of [15, 65]) {
      const res = await signedCall('GET', '/api/users/rows', undefined, { nonce: 'n'.repeat(length - 6) + randomBytes(3).toString('hex') });
      expect(res.body, `nonce of ${length}`).toMatchObject({ code: 401, msg: 'Missing request signature' });
    }
    for (const length of [16, 64]) {
      const res = await signedCall('GET', '/api/users/rows', undefined, { nonce: 'n'.repeat(length - 6) + randomBytes(3).toString('hex') });
      expect(res.body.code, `nonce of ${length}`).toBe(200);
    }
  });

  it('a timestamp is whole seconds in digits: one with anything else around them is refused, even signed', async () => {
    for (const timestamp of [`${seconds()}x`, `x${seconds()}`, `${seconds()}.5`, ` ${seconds()}`]) {
      expect((await signedCall('GET', '/api/users/rows', undefined, { timestamp })).body, timestamp).toMatchObject({ code: 401, msg: 'The request signature has expired' });
    }
  });

  it('a signature of the wrong length is wrong, not an error', async () => {
    for (const sign of ['abc', '0'.repeat(65), '']) {
      const res = await call('GET', '/api/users/rows', undefined, { ...signed(key, 'GET', '/api/users/rows'), 'x-sign': sign });
      expect(res.body, JSON.stringify(sign)).toMatchObject({ code: 401, msg: 'Wrong request signature' });
    }
  });

  it('a JSON body that is not an object signs as no parameters, and then meets the usual checks', async () => {
    const array = await signedCall('POST', '/api/users/create', [{ account: 'array1' }] as never);
    expect(array.body, array.text).toMatchObject({ code: 400 });
    const text = await call('POST', '/api/users/create', '"array2"' as never, { 'content-type': 'application/json', ...signed(key, 'POST', '/api/users/create') });
    expect(text.body, text.text).toMatchObject({ code: 400 });
    // Signed over a parameter the body does not carry as a field: wrong.
    const forged = await call('POST', '/api/users/create', [{ account: 'array3' }] as never, signed(key, 'POST', '/api/users/create', { 0: { account: 'array3' } }));
    expect(forged.body).toMatchObject({ code: 401, msg: 'Wrong request signature' });
    expect(await accounts()).not.toContain('array1');
  });

  it('an upload is signed over its query alone, without its file', async () => {
    const form = new FormData();
    form.append('file', new Blob([PNG], { type: 'image/png' }), 'photo.png');
    const request = new Request('http://local/', { method: 'POST', body: form });
    const payload = Buffer.from(await request.arrayBuffer());
    const send = (headers: Record<string, string>) => t.app.inject({
      method: 'POST', url: '/api/file/upload', payload,
      headers: { ...headers, 'content-type': request.headers.get('content-type')!, authorization: `Bearer ${token}`, cookie: ENGLISH.cookie },
    });
    const res = await send(signed(key, 'POST', '/api/file/upload'));
    expect(res.json(), res.body).toMatchObject({ code: 200, data: { path: expect.any(String) } });
    expect((await send({})).json()).toMatchObject({ code: 401, msg: 'Missing request signature' });
  });

  it('a public read is exempt only for an anonymous caller: with a token it must be signed too', async () => {
    const siteInfo = '/api/config/take?key=SITE_INFO';
    expect((await t.call('GET', siteInfo, undefined, undefined, ENGLISH)).body.code).toBe(200);
    expect((await call('GET', siteInfo)).body).toMatchObject({ code: 401, msg: 'Missing request signature' });
    expect((await signedCall('GET', siteInfo)).body.code).toBe(200);
  });

  it('a nonce is remembered as long as its timestamp is accepted: sent 5 minutes early, it is refused again 10 minutes on', async () => {
    const headers = signed(key, 'GET', '/api/users/rows', undefined, { timestamp: seconds() + 300 });
    expect((await call('GET', '/api/users/rows', undefined, headers)).body.code).toBe(200);
    clock.now += 599_000;
    expect((await call('GET', '/api/users/rows', undefined, headers)).body).toMatchObject({ code: 401, msg: 'This request was already used' });
  });

  it('with signing turned off again, unsigned calls pass', async () => {
    const admin = async (method: 'GET' | 'PUT', url: string, body?: unknown) => (await signedCall(method, url, body as never)).body;
    await changeSafety(admin, (s) => { s.sign = false; });
    expect((await call('GET', '/api/users/rows')).body.code).toBe(200);
    expect((await call('GET', '/api/comm/init')).body.data).toMatchObject({ sign: false, signKey: null });
  });
});
