/**
 * MariaDB goes away under requests (issue 33 item 3): the app reaches it
 * through a TCP proxy in this test, and the test cuts the proxy (listener
 * closed, every connection dropped) while creates are in flight. Each answer
 * is then 201 or 503 with Retry-After and a message in words (in the
 * install's language: en-us here, and no Accept-Language is sent); the
 * readiness probe says 503 at once; nothing is half-written (every row has
 * its revision, every 201 its row); and the first request after the proxy
 * is back works.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../multi/server-process';
import { makeApp, MYSQL_URL, type TestApp } from '../support/app';
import { requireService } from '../support/services';

/** A TCP proxy to `target` on a fixed local port that the test can cut and bring back. */
async function tcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  const listen = () => new Promise<void>((resolve) => {
    server = net.createServer((client) => {
      const upstream = net.connect(target.port, target.host);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        socket.on('error', () => { client.destroy(); upstream.destroy(); });
      }
      client.pipe(upstream).pipe(client);
    });
    server.listen(port, '127.0.0.1', () => {
      port = (server!.address() as net.AddressInfo).port;
      resolve();
    });
  });
  await listen();
  return {
    get port() { return port; },
    /** New connections are refused and the open ones dropped, as when the database host goes down. */
    async cut() {
      const closed = new Promise((resolve) => server!.close(resolve));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    restore: listen,
  };
}

describe.skipIf(requireService('mysql', 'a database outage (503) on MariaDB'))('a database outage', () => {
  let api: TestApp;
  let proxy: Awaited<ReturnType<typeof tcpProxy>>;
  let token: string;

  beforeAll(async () => {
    const database = await freshDatabase(MYSQL_URL!);
    const url = new URL(database.url);
    proxy = await tcpProxy({ host: url.hostname, port: Number(url.port || 3306) });
    url.host = `127.0.0.1:${proxy.port}`;
    const app = await makeApp({ databaseUrl: url.toString(), lang: 'en-us' });
    api = { ...app, close: async () => { await app.close(); await database.drop(); } };
    token = await api.signIn();
  }, 120_000);
  afterAll(async () => {
    await api?.close();
  });

  it('answers 503 with Retry-After and words while it is away, writes nothing by halves, and serves the first request after', async () => {
    // An en-us install speaks English to a caller naming no language (curl); a cookie or Accept-Language still wins.
    const ready0 = await api.call('GET', '/api/ready');
    expect([ready0.status, ready0.body.msg]).toEqual([200, 'Success']);
    expect((await api.call('GET', '/api/ready', undefined, undefined, { 'accept-language': 'zh-CN,zh;q=0.9' })).body.msg).toBe('成功');
    expect((await api.call('GET', '/api/ready', undefined, undefined, { cookie: 'lang=ja-jp', 'accept-language': 'zh-CN' })).body.msg).toBe('完了しました');
    const names = Array.from({ length: 40 }, (_, i) => `outage-${i}`);
    // Creates in flight, and the cut in the middle of them.
    const answers = names.map((name, i) => new Promise((resolve) => setTimeout(resolve, i * 3)).then(() => api.call('POST', '/api/tags/create', { name }, token)));
    await new Promise((resolve) => setTimeout(resolve, 40));
    await proxy.cut();
    const results = await Promise.all(answers);
    expect(results.map((r) => r.status).filter((status) => status !== 201 && status !== 503), JSON.stringify(results.map((r) => r.text))).toEqual([]);

    // Away: every call that needs the database is 503, in words, with when to ask again.
    const during = await api.call('GET', '/api/tags/find?limit=5', undefined, token);
    expect(during.status).toBe(503);
    expect(during.headers['retry-after']).toBe('5');
    expect(during.body).toEqual({ code: 503, msg: 'The database cannot be reached just now. Try again in a few seconds', data: null });
    const started = Date.now();
    const ready = await api.call('GET', '/api/ready');
    expect(Date.now() - started).toBeLessThan(1500);
    expect(ready.status).toBe(503);
    expect(ready.headers['retry-after']).toBe('5');
    expect(ready.body.data.database).toBe(false);
    expect(ready.body.msg).toMatch(/^Not ready: database/);
    for (const failed of results.filter((r) => r.status === 503)) {
      expect(failed.headers['retry-after']).toBe('5');
      expect(failed.body.msg).toBe('The database cannot be reached just now. Try again in a few seconds');
    }

    await proxy.restore();
    // The first request after it is back works: the pool dropped its dead connections.
    const after = await api.call('GET', '/api/tags/find?limit=100&name=outage', undefined, token);
    expect(after.status, after.text).toBe(200);
    expect((await api.call('GET', '/api/ready')).status).toBe(200);

    const { db } = api.app.paydesk;
    const rows = await db.any.selectFrom('tags').select(['id', 'name']).where('name', 'like', 'outage-%').execute();
    const createdIds = results.filter((r) => r.status === 201).map((r) => r.body.data.id);
    // Every 201 has its row; a 503 may still have committed (the answer lost on the way back), never by halves.
    expect(rows.map((row: { id: number }) => row.id)).toEqual(expect.arrayContaining(createdIds));
    const revised = await db.any.selectFrom('revisions').select('rowId').where('resource', '=', 'tags').execute();
    const revisedIds = new Set(revised.map((row: { rowId: number }) => row.rowId));
    expect(rows.filter((row: { id: number }) => !revisedIds.has(row.id))).toEqual([]);
    // The cut came in the middle: some creates were refused, some went through.
    expect(results.some((r) => r.status === 503)).toBe(true);
  }, 120_000);
});
