/**
 * A refund survives the server dying at the worst moment: Stripe has made the
 * refund, and the server is killed (SIGKILL, no shutdown) before its answer
 * is committed. After a restart, the operator's retry with the same
 * Idempotency-Key asks Stripe again with the same key, Stripe answers the
 * refund it already made, and the order records exactly one refund.
 * Real server processes on one SQLite file, the fake Stripe between them.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe';
import { startServer, type ServerProcess } from '../multi/server-process';

const PASSWORD = 'crash-admin-pass-1';
const KEY = 'sk_test_crashtest0123456789';
const WEBHOOK_SECRET = 'whsec_crashtestsecret0123456789';

describe('a refund when the server is killed between Stripe\'s answer and the commit', () => {
  let root: string;
  let fake: FakeStripe;
  let server: ServerProcess | undefined;
  let env: Record<string, string>;
  let token = '';

  const call = async (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${server!.url}${url}`, {
      method,
      headers: { 'content-type': 'application/json', cookie: 'lang=en-us', ...(token && { authorization: `Bearer ${token}` }), ...headers },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    return { status: res.status, body: await res.json() as any };
  };
  const start = async () => {
    server = await startServer(env);
    fake.deliver = `${server.url}/api/receive-money/notify/stripe`;
  };

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'paydesk-crash-'));
    fake = await startFakeStripe({ webhookSecret: WEBHOOK_SECRET });
    env = {
      DATA_DIR: path.join(root, 'data'), CONFIG_DIR: path.join(root, 'config'), DATABASE_URL: `sqlite:${path.join(root, 'data', 'paydesk.sqlite')}`,
      ADMIN_PASSWORD: PASSWORD, STRIPE_API_BASE: fake.url, PAYDESK_JOBS: 'off',
    };
    await start();
  }, 120_000);
  afterAll(async () => {
    if (server?.child.exitCode === null) server.child.kill('SIGKILL');
    await fake?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('makes exactly one refund at Stripe, and the retry records it', async () => {
    token = (await call('POST', '/api/comm/sign-in', { account: 'admin', password: PASSWORD })).body.data.token.no;
    expect((await call('PUT', '/api/toml/pay-stripe', { secret_key: KEY, secrets: WEBHOOK_SECRET })).status).toBe(200);
    const order = (await call('POST', '/api/receive-money/create', { title: 'Lamp', amount: 40, currency: 'USD', channel: 'stripe' })).body.data;
    const payUrl: string = (await call('POST', '/api/receive-money/checkout', { tradeNo: order.tradeNo })).body.data.payUrl;
    await fake.pay(payUrl.split('/pay/')[1]!);
    await expect.poll(async () => (await call('GET', `/api/receive-money/take?id=${order.id}`)).body.data.status, { timeout: 10_000 }).toBe('completed');

    // Stripe makes the refund; the server dies before it hears the answer.
    const dying = server!;
    fake.hold = async () => {
      dying.child.kill('SIGKILL');
      await dying.exited;
    };
    const ask = { id: order.id, amount: 15, reason: 'scratched' };
    const key = { 'idempotency-key': `refund-${order.id}-1` };
    await expect(call('POST', '/api/receive-money/refund', ask, key)).rejects.toThrow();
    expect(fake.calls['refunds.create']).toBe(1);
    fake.hold = undefined;

    await start();
    const retried = await call('POST', '/api/receive-money/refund', ask, key);
    expect(retried.status, JSON.stringify(retried.body)).toBe(201);
    expect(retried.body.data.refund).toMatchObject({ state: 'succeeded', amount: 15 });
    expect(retried.body.data.order).toMatchObject({ status: 'partially_refunded', refundedAmount: 15 });
    // One refund at Stripe (the retry was answered from Stripe's idempotency store), one in Paydesk.
    expect(fake.calls['refunds.create']).toBe(1);
    expect(fake.refunds.size).toBe(1);
    const refunds = (await call('GET', `/api/refunds/find?orderId=${order.id}`)).body.data;
    expect(refunds).toHaveLength(1);
    expect(refunds[0].reference).toBe([...fake.refunds.keys()][0]);
    // And again: the stored answer, nothing new anywhere.
    const third = await call('POST', '/api/receive-money/refund', ask, key);
    expect(third.body).toEqual(retried.body);
    expect(fake.calls['refunds.create']).toBe(1);
  }, 120_000);
});
