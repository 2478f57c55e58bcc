/**
 * The payment loop as its people see it (issue 13): a payer watching the
 * result page sees a verified notification turn 待付款 into 支付成功 with no
 * reload; the confirmation page of a paid order offers no pay button; an
 * operator marks an order paid with a reason, reads its timeline and its
 * callback attempts, and resends a callback the merchant refused; a user
 * makes an API key, sees it once, and revokes it.
 */
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMerchant, type Merchant } from '../fakes/merchant';
import { consoleSuite, gone, shown, ROWS } from './console';
import { browserMissing, callApi, screenshot } from './harness';

const SECRET = `whsec_${Buffer.from('e2e-standard-channel-secret-0123').toString('base64')}`;

interface Order { id: number; tradeNo: string; title: string }

describe.skipIf(browserMissing())('payment loop', { timeout: 120_000 }, () => {
  // The merchant listens on this machine.
  const suite = consoleSuite({ payments: { callbacksToPrivate: true } });
  let merchant: Merchant;
  beforeAll(async () => {
    const settings = suite.server.app.paydesk.settings;
    await settings.update('pay', 'standard', { secrets: SECRET });
    merchant = await startMerchant(() => settings.get('pay').callback.secret);
  });
  afterAll(() => merchant?.close());

  async function createOrder(fields: Record<string, unknown> = {}): Promise<Order> {
    const res = await callApi<Order>(suite.server.app, 'POST', '/api/receive-money/create', {
      title: '年度会员', amount: 88, currency: 'HKD', payUrl: 'https://pay.example.com/checkout/1', ...fields,
    }, suite.token);
    expect(res.code).toBe(201);
    return res.data;
  }

  /** What a gateway sends: a Standard Webhooks notification, signed with the channel's secret. */
  async function notifyPaid(order: Order) {
    // One instant for the signature and its header: read twice, they differ when a second ends in between.
    const at = new Date();
    const seconds = Math.floor(at.getTime() / 1000);
    const body = JSON.stringify({ tradeNo: order.tradeNo, status: 'paid', amount: 88, currency: 'HKD', channelTradeNo: 'gw-e2e-1', paidTime: seconds });
    const id = `msg_e2e_${order.id}`;
    const signature = new Webhook(SECRET).sign(id, at, body);
    const res = await suite.server.app.inject({
      method: 'POST', url: '/api/receive-money/notify/standard', payload: body,
      headers: { 'content-type': 'application/json', 'webhook-id': id, 'webhook-timestamp': String(seconds), 'webhook-signature': signature },
    });
    expect(res.statusCode).toBe(200);
  }

  const deliver = () => suite.server.app.paydesk.payments.outbox.deliverDue();

  it('a payer on the result page sees 待付款 turn into 支付成功 after a notification, without reloading', async () => {
    const order = await createOrder();
    const page = await suite.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${suite.server.url}/#/pay/order?tradeNo=${order.tradeNo}`);
    const status = page.locator('.status-text');
    await expect.poll(() => status.textContent()).toBe('待付款');
    const loads: string[] = [];
    page.on('load', () => loads.push(page.url()));
    await notifyPaid(order);
    await expect.poll(() => status.textContent(), { timeout: 3_000 }).toBe('支付成功');
    expect(loads).toEqual([]);
  });

  it('the confirmation page of a paid order says so and offers no pay button', async () => {
    const order = await createOrder();
    await notifyPaid(order);
    const page = await suite.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${suite.server.url}/#/pay/emit?tradeNo=${order.tradeNo}`);
    await shown(page.getByTestId('closed-notice'));
    expect(await page.getByRole('button', { name: '立即支付' }).count()).toBe(0);
  });

  it('an operator marks an order paid with a reason, reads its timeline and resends a refused callback', async () => {
    // The only order with a callback address: the merchant's answers are this order's.
    const order = await createOrder({ title: '回调测试', notifyUrl: merchant.url });
    const page = await suite.openSignedIn('/admin/receive-money');
    await page.locator(ROWS, { hasText: '回调测试' }).getByText('回调测试').click();
    const dialog = page.getByTestId('record-page');
    await shown(dialog.getByTestId('record-summary'));
    expect(await dialog.getByTestId('order-timeline').textContent()).toBe('');
    await shown(dialog.getByText('暂无状态变更'));

    // A reason is needed: an empty one is refused in the prompt, before any call.
    await dialog.getByRole('button', { name: '标记已支付' }).click();
    const prompt = page.getByRole('dialog', { name: '标记已支付' });
    await prompt.getByRole('button', { name: '确认' }).click();
    await shown(prompt.getByText('必填'));
    await prompt.getByLabel('原因').fill('银行流水已到账');
    merchant.answer(500);
    await prompt.getByRole('button', { name: '确认' }).click();
    await gone(prompt);

    const timeline = dialog.getByTestId('order-timeline');
    await expect.poll(() => timeline.textContent()).toContain('银行流水已到账');
    expect(await timeline.textContent()).toContain('待付款→支付成功');
    expect(await dialog.getByRole('button', { name: '标记已支付' }).count()).toBe(0);
    // The button that held the focus is gone with the pending status: the focus waits on the timeline, in the dialog.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('order-timeline');

    // The merchant answered 500: the attempt shows with its code, and a resend is delivered.
    await deliver();
    await page.reload();
    await dialog.getByRole('tab', { name: '商户回调' }).click();
    const deliveries = dialog.getByTestId('order-deliveries');
    await expect.poll(() => deliveries.textContent()).toContain('响应 500');
    await deliveries.getByRole('button', { name: '重新发送' }).click();
    await shown(page.getByText('回调已重新排队'));
    await deliver();
    await expect.poll(() => deliveries.textContent()).toContain('响应 200');
    await screenshot(page, 'order-story-zh-cn');
    expect(merchant.received.map((r) => [r.answered, r.valid])).toEqual([[500, true], [200, true]]);
    expect(merchant.received[0]!.id).toBe(merchant.received[1]!.id);
    const stored = await callApi<{ rows: Array<{ state: string }> }>(suite.server.app, 'GET', `/api/callbacks/rows?orderId=${order.id}`, undefined, suite.token);
    expect(stored.data.rows.map((r) => r.state)).toEqual(['delivered']);
  });

  it('a user makes an API key, sees it once, creates an order with it, and revokes it', async () => {
    const page = await suite.openSignedIn('/admin/api-keys', { lang: 'en-us', permissions: ['clipboard-read', 'clipboard-write'] });
    await page.getByRole('button', { name: 'New API key' }).click();
    const prompt = page.getByRole('dialog', { name: 'New API key' });
    await prompt.getByLabel('Name').fill('Shop server');
    // The merchant preset is chosen unless the user picks otherwise.
    await prompt.getByRole('button', { name: 'New API key' }).click();
    const shownOnce = page.getByRole('dialog', { name: 'Your new API key' });
    await shown(shownOnce);
    const key = (await shownOnce.locator('pre, code').first().textContent())!.trim();
    expect(key).toMatch(/^pdk_/);
    await shownOnce.getByRole('button', { name: 'I have copied it' }).click();
    await gone(shownOnce);

    const row = page.locator(ROWS, { hasText: 'Shop server' });
    await shown(row);
    expect(await page.locator('body').textContent()).not.toContain(key);
    const made = await suite.server.app.inject({
      method: 'POST', url: '/api/receive-money/create', headers: { authorization: `Bearer ${key}` },
      payload: { title: 'By key', amount: 5, currency: 'USD', payUrl: 'https://pay.example.com/k' },
    });
    expect(made.statusCode).toBe(201);

    await row.getByRole('button', { name: 'Revoke the key Shop server' }).click();
    await page.getByRole('dialog', { name: 'Revoke the key Shop server' }).getByRole('button', { name: 'Revoke' }).click();
    await gone(row.getByRole('button', { name: 'Revoke the key Shop server' }));
    const refused = await suite.server.app.inject({ method: 'GET', url: '/api/receive-money/rows', headers: { authorization: `Bearer ${key}` } });
    expect(refused.statusCode).toBe(401);
  });
});
