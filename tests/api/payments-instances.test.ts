/**
 * The payment jobs in real server processes sharing one database (a SQLite
 * file, or MariaDB): a callback committed by an instance killed with
 * `kill -9` before it could send is delivered by the next one (on SQLite it
 * takes over the lock file the killed one left); two instances (on MariaDB)
 * started together expire the same due orders and send their callbacks, each
 * exactly once. The merchant is a real local receiver verifying every
 * callback with `standardwebhooks`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'smol-toml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../../server/db/connect';
import { startMerchant, type Merchant } from '../fakes/merchant';
import { freshDatabase, startServer, type ServerProcess } from '../multi/server-process';
import { ADMIN_PASSWORD, DIALECTS, MYSQL_URL } from '../support/app';

async function call(server: ServerProcess, method: 'GET' | 'POST', url: string, body?: unknown, token?: string) {
  const res = await fetch(server.url + url, {
    method,
    headers: { cookie: 'lang=en-us', ...(body !== undefined && { 'content-type': 'application/json' }), ...(token && { authorization: `Bearer ${token}` }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as { code: number; msg: string; data: any };
}

describe.each(DIALECTS)('payment jobs in real processes on %s', (dialect) => {
  let root: string;
  let databaseUrl: string;
  let drop: (() => Promise<void>) | undefined;
  let merchant: Merchant;
  const running: ServerProcess[] = [];
  const env = (name: string, extra: Record<string, string> = {}) => ({
    DATABASE_URL: databaseUrl, CONFIG_DIR: path.join(root, 'config'), DATA_DIR: path.join(root, name), ADMIN_PASSWORD,
    // The merchant listens on this machine.
    PAYDESK_CALLBACKS_TO_PRIVATE: 'allow', ...extra,
  });
  const start = async (name: string, extra: Record<string, string> = {}) => {
    const server = await startServer(env(name, extra));
    running.push(server);
    return server;
  };
  const secret = () => (parse(fs.readFileSync(path.join(root, 'config', 'pay.toml'), 'utf8')) as any).callback.secret as string;
  /** The test's clock for processes it cannot hand one: the orders' due time, written straight into the shared database. */
  async function moveDueTime(ids: number[], to: number) {
    const db = connect(databaseUrl, root);
    await db.kysely.updateTable('receive_money').set({ expireTime: to }).where('id', 'in', ids).execute();
    await db.close();
  }
  const signIn = async (server: ServerProcess) => (await call(server, 'POST', '/api/comm/sign-in', { account: 'admin', password: ADMIN_PASSWORD })).data.token.no as string;

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'paydesk-pay-instances-'));
    if (dialect === 'mysql') {
      const database = await freshDatabase(MYSQL_URL!);
      databaseUrl = database.url;
      drop = database.drop;
    } else {
      databaseUrl = `sqlite:${path.join(root, 'shared.db')}`;
    }
    merchant = await startMerchant(secret);
  }, 60_000);
  afterAll(async () => {
    await Promise.all(running.map((server) => server.stop()));
    await merchant?.close();
    await drop?.();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('delivers after a restart the callback of an instance killed between commit and send', async () => {
    // An instance that runs no jobs commits the transition and its outbox row, and is killed before anyone sends.
    const doomed = await start('doomed', { PAYDESK_JOBS: 'off' });
    const token = await signIn(doomed);
    const order = await call(doomed, 'POST', '/api/receive-money/create', { title: 'Killed', amount: 7, currency: 'USD', notifyUrl: merchant.url }, token);
    expect(order.code, order.msg).toBe(201);
    expect((await call(doomed, 'POST', '/api/receive-money/mark-paid', { id: order.data.id, reason: 'wire seen' }, token)).code).toBe(200);
    doomed.child.kill('SIGKILL');
    expect(await doomed.exited).toBeNull();
    expect(merchant.received).toHaveLength(0);

    const next = await start('next');
    await expect.poll(() => merchant.received.length, { timeout: 30_000, interval: 200 }).toBe(1);
    expect(merchant.received[0]).toMatchObject({ valid: true, body: { type: 'order.completed', data: { tradeNo: order.data.tradeNo } } });
    await next.stop();
  }, 120_000);

  // One SQLite database serves one process (server/db/sqlite-lock.ts refuses a second): two at once is MariaDB's case.
  const oneProcess = dialect === 'sqlite' ? 'two instances on one SQLite file: refused by its lock file since issue 33' : null;
  if (oneProcess) console.warn(`skipping: ${oneProcess}`);
  it.skipIf(oneProcess)('two instances started together expire the due orders and send their callbacks, each exactly once', async () => {
    merchant.received.length = 0;
    const maker = await start('maker', { PAYDESK_JOBS: 'off' });
    const token = await signIn(maker);
    // Due in an hour when made; then moved into the past in the database, as if the hour had gone by.
    const dueAt = Math.floor(Date.now() / 1000) + 3600;
    const ids: number[] = [];
    // Under the per-route rate limit of one client (15 a second by default).
    for (let i = 0; i < 12; i++) {
      const res = await call(maker, 'POST', '/api/receive-money/create', { title: `Due ${i}`, amount: 3, currency: 'USD', notifyUrl: merchant.url, expireTime: dueAt }, token);
      expect(res.code, res.msg).toBe(201);
      ids.push(res.data.id);
    }
    await maker.stop();
    await moveDueTime(ids, Math.floor(Date.now() / 1000) - 1);

    const [b, c] = await Promise.all([start('b'), start('c')]);
    await expect.poll(() => merchant.received.length, { timeout: 60_000, interval: 250 }).toBeGreaterThanOrEqual(12);
    const admin = await signIn(b);
    const events = await call(c, 'GET', `/api/order-events/find?limit=200&source=expiry`, undefined, admin);
    const callbacks = await call(b, 'GET', `/api/callbacks/find?limit=200&state=delivered`, undefined, admin);
    // Both stopped, each finishing what it had begun: whatever either sent is now at the merchant.
    await Promise.all([b.stop(), c.stop()]);
    const received = merchant.received.filter((r) => r.body?.type === 'order.expired');
    expect(received).toHaveLength(12);
    expect(new Set(received.map((r) => r.id)).size).toBe(12);
    expect(received.every((r) => r.valid)).toBe(true);

    const perOrder = new Map<number, number>();
    for (const e of events.data) perOrder.set(e.orderId, (perOrder.get(e.orderId) ?? 0) + 1);
    expect(ids.map((id) => perOrder.get(id))).toEqual(ids.map(() => 1));
    expect(callbacks.data.filter((row: { orderId: number }) => ids.includes(row.orderId)).map((row: { tries: number }) => row.tries)).toEqual(ids.map(() => 1));
  }, 180_000);
});
