/**
 * How answers travel (issue 14): JSON over about 1 KB goes out compressed in
 * the encoding the client asked for, and small answers as they are (their
 * headers would cost more than compression saves). Cached reads carry an ETag
 * that a write to their table (through any instance sharing the cache)
 * replaces, and answer 304 with no body to a client holding the current one.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DIALECTS, makeApp } from '../support/app';
import { adminApi, createOrder, dataOf, unique, type Api } from '../support/fixtures';

describe.each(DIALECTS)('delivery on %s', (dialect) => {
  let api: Api;
  beforeAll(async () => {
    api = await adminApi(dialect);
  }, 60_000);
  afterAll(() => api?.close());

  it('compresses a list over 1 KB for a client that accepts gzip, and the body is the same', async () => {
    const plain = await api.call('GET', '/api/auth-rules/rows?limit=50');
    expect(plain.text.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const token = await api.t.signIn();
    const res = await api.t.app.inject({
      method: 'GET', url: '/api/auth-rules/rows?limit=50',
      headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip', cookie: 'lang=en-us' },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.rawPayload.length).toBeLessThan(plain.text.length / 2);
    expect(JSON.parse(gunzipSync(res.rawPayload).toString())).toEqual(plain.body);
  });

  it('sends a small answer uncompressed', async () => {
    const res = await api.call('GET', '/api/config/take?key=SITE_INFO', undefined, { 'accept-encoding': 'gzip, br' });
    expect(dataOf(res)).toMatchObject({ key: 'SITE_INFO' });
    expect(res.text.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  describe('ETags of cached reads', () => {
    const list = (mchId: string) => `/api/receive-money/rows?mchId=${mchId}`;

    it('answers 304 without a body to a client holding the current ETag, and the new rows after a write', async () => {
      const mchId = unique('e');
      await createOrder(api, { mchId });
      const first = await api.call('GET', list(mchId));
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^W\/".+"$/);
      expect(first.headers['cache-control']).toBe('private, no-cache');
      const again = await api.call('GET', list(mchId), undefined, { 'if-none-match': etag });
      expect(again.status).toBe(304);
      expect(again.text).toBe('');

      await createOrder(api, { mchId });
      const after = await api.call('GET', list(mchId), undefined, { 'if-none-match': etag });
      expect(after.status).toBe(200);
      expect(dataOf(after).total).toBe(2);
      expect(after.headers.etag).not.toBe(etag);
    });

    it('keeps the ETag through a write to another table, and changes it with the language of the message', async () => {
      const mchId = unique('e');
      await createOrder(api, { mchId });
      const etag = String((await api.call('GET', list(mchId))).headers.etag);
      dataOf(await api.call('POST', '/api/users/create', { account: unique('x') }), 201);
      expect((await api.call('GET', list(mchId), undefined, { 'if-none-match': etag })).status).toBe(304);
      const chinese = await api.call('GET', list(mchId), undefined, { 'if-none-match': etag, cookie: 'lang=zh-cn' });
      expect(chinese.status).toBe(200);
      expect(chinese.body.msg).not.toBe((await api.call('GET', list(mchId))).body.msg);
    });

    it('gives no ETag to a refused read or to a table read uncached', async () => {
      const refused = await api.call('GET', '/api/receive-money/rows?nope=1');
      expect(refused.status).toBe(400);
      expect(refused.headers.etag).toBeUndefined();
      const logs = await api.call('GET', '/api/logs/rows');
      expect(logs.status).toBe(200);
      expect(logs.headers.etag).toBeUndefined();
    });
  });
});

describe('ETags across instances on one host (file cache, one SQLite file)', () => {
  it('a write through one instance changes the ETag the other answers with', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'paydesk-etag-'));
    const shared = { dataDir: path.join(root, 'data'), configDir: path.join(root, 'config'), databaseUrl: `sqlite:${path.join(root, 'shared.db')}` };
    fs.mkdirSync(shared.dataDir);
    const a = await makeApp(shared);
    const b = await makeApp(shared);
    try {
      const [ta, tb] = [await a.signIn(), await b.signIn()];
      const read = (etag?: string) => b.call('GET', '/api/users/rows?limit=5', undefined, tb, etag ? { 'if-none-match': etag } : {});
      const first = await read();
      const etag = String(first.headers.etag);
      expect((await read(etag)).status).toBe(304);
      expect((await a.call('POST', '/api/users/create', { account: unique('y') }, ta)).status).toBe(201);
      const after = await read(etag);
      expect(after.status).toBe(200);
      expect(after.body.data.total).toBe(first.body.data.total + 1);
    } finally {
      await a.close();
      await b.close();
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('the built front end', () => {
  it('keeps hashed assets for a year, revalidates index.html every time, sends compressed files, and names the install\'s language on the page', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'paydesk-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html lang="zh-CN"><title>x</title></html>');
    fs.writeFileSync(path.join(dist, 'assets', 'main-abc123.js'), 'console.log(1)');
    fs.writeFileSync(path.join(dist, 'assets', 'main-abc123.js.br'), 'brotli main');
    const t = await makeApp({ staticDir: dist, lang: 'en-us' });
    try {
      // The page carries the install's language (INSTALL_LANG), which the front end speaks to a browser that chose none.
      const index = await t.app.inject({ url: '/', headers: { 'accept-encoding': 'br, gzip' } });
      expect([index.statusCode, index.headers['cache-control'], index.headers['content-encoding']]).toEqual([200, 'no-cache', 'br']);
      expect(brotliDecompressSync(index.rawPayload).toString()).toBe('<!doctype html><html lang="en-US" data-install-lang="en-us"><title>x</title></html>');
      const again = await t.app.inject({ url: '/index.html', headers: { 'if-none-match': String(index.headers.etag) } });
      expect([again.statusCode, again.body]).toEqual([304, '']);
      const gzipped = await t.app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
      expect(gunzipSync(gzipped.rawPayload).toString()).toContain('data-install-lang="en-us"');
      const asset = await t.app.inject({ url: '/assets/main-abc123.js', headers: { 'accept-encoding': 'br' } });
      expect([asset.statusCode, asset.headers['cache-control'], asset.headers['content-encoding']]).toEqual([200, 'public, max-age=31536000, immutable', 'br']);
      const plain = await t.app.inject({ url: '/assets/main-abc123.js' });
      expect([plain.headers['cache-control'], plain.headers['content-encoding'], plain.body]).toEqual(['public, max-age=31536000, immutable', undefined, 'console.log(1)']);
    } finally {
      await t.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
