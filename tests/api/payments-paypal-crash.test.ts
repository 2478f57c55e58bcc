/**
 * A PayPal capture survives the server dying at the worst moment: PayPal has
 * captured the payer's money, and the server is killed (SIGKILL, no
 * shutdown) before its answer is committed. PayPal then retries its approval
 * webhook (the first delivery died with the server); after a restart that
 * retry finds the order captured at PayPal, and the order is completed once
 * and the merchant called back once. Real server processes on one SQLite
 * file, the fake PayPal and a merchant endpoint between them.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'smol-toml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMerchant, type Merchant } from '../fakes/merchant';
import { startFakePayPal, type FakePayPal } from '../support/fake-paypal';
import { startServer, type ServerProcess } from '../multi/server-process';

const PASSWORD = 'crash-admin-pass-1';

describe('a PayPal capture when the server is killed between PayPal\'s answer and the commit', () => {
  let root: string;
  let fake: FakePayPal;
  let merchant: Merchant;
  let server: ServerProcess | undefined;
  let env: Record<string, string>;
  let token = '';

  const call = async (method: string, url: string, body?: unknown) => {
    const res = await fetch(`${server!.url}${url}`, {
      method,
      headers: { 'content-type': 'application/json', cookie: 'lang=en-us', ...(token && { authorization: `Bearer ${token}` }) },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    return { status: res.status, body: await res.json() as any };
  };
  const start = async () => {
    server = await startServer(env);
    fake.deliver = `${server.url}/api/receive-money/notify/paypal`;
  };

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'paydesk-paypal-crash-'));
    fake = await startFakePayPal();
    const configDir = path.join(root, 'config');
    merchant = await startMerchant(() => String((parse(fs.readFileSync(path.join(configDir, 'pay.toml'), 'utf8')) as any).callback.secret));
    env = {
      DATA_DIR: path.join(root, 'data'), CONFIG_DIR: configDir, DATABASE_URL: `sqlite:${path.join(root, 'data', 'paydesk.sqlite')}`,
      ADMIN_PASSWORD: PASSWORD, PAYPAL_API_BASE: fake.url, PAYDESK_CALLBACKS_TO_PRIVATE: 'allow',
    };
    await start();
  }, 120_000);
  afterAll(async () => {
    if (server?.child.exitCode === null) server.child.kill('SIGKILL');
    await fake?.close();
    await merchant?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('completes the order once and calls the merchant back once', async () => {
    token = (await call('POST', '/api/comm/sign-in', { account: 'admin', password: PASSWORD })).body.data.token.no;
    const setUp = await call('PUT', '/api/toml/pay-paypal', { client_id: fake.clientId, client_secret: fake.clientSecret, webhook_id: fake.webhookId, mode: 'sandbox', country: '' });
    expect(setUp.status, JSON.stringify(setUp.body)).toBe(200);
    const created = await call('POST', '/api/receive-money/create', { title: 'Lamp', amount: 40, currency: 'USD', channel: 'paypal', notifyUrl: merchant.url });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const order = created.body.data;
    const payUrl: string = (await call('POST', '/api/receive-money/checkout', { tradeNo: order.tradeNo })).body.data.payUrl;
    const paypalOrder = new URL(payUrl).searchParams.get('token')!;

    // The approval webhook makes the server capture; PayPal captures, and the server dies before it hears the answer.
    const dying = server!;
    fake.hold = async (endpoint) => {
      if (endpoint !== 'orders.capture') return;
      fake.webhooks = false;
      dying.child.kill('SIGKILL');
      await dying.exited;
    };
    await fake.approve(paypalOrder);
    expect(fake.calls['orders.capture']).toBe(1);
    fake.hold = undefined;
    fake.webhooks = true;
    const approval = fake.events.find((e) => e.type === 'CHECKOUT.ORDER.APPROVED')!;
    expect(approval.status).toBe(0);

    await start();
    // PayPal retries the approval it could not deliver.
    expect((await fake.resend(approval)).status).toBe(200);
    await expect.poll(async () => (await call('GET', `/api/receive-money/take?id=${order.id}`)).body.data.status, { timeout: 10_000 }).toBe('completed');
    // The capture's own event, sent again, and the result page change nothing more.
    for (const event of fake.events.filter((e) => e.type === 'PAYMENT.CAPTURE.COMPLETED')) await fake.resend(event);
    await call('POST', '/api/receive-money/check', { tradeNo: order.tradeNo });
    expect(fake.calls['orders.capture']).toBe(1);
    const taken = (await call('GET', `/api/receive-money/take?id=${order.id}`)).body.data;
    expect(taken).toMatchObject({ status: 'completed', paidAmount: 40 });
    await expect.poll(() => merchant.received.filter((r) => r.body?.type === 'order.completed').length, { timeout: 15_000 }).toBe(1);
    const events = (await call('GET', `/api/order-events/find?orderId=${order.id}`)).body.data;
    expect(events.filter((e: { toStatus: string }) => e.toStatus === 'completed')).toHaveLength(1);
  }, 120_000);
});
