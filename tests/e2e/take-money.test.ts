/**
 * A payer pays a Stripe order (issue 19): 立即支付 asks Paydesk for a
 * checkout, the payer lands on Stripe's hosted page (the local fake's),
 * pays, comes back to the result page and reads 支付成功: from Stripe's
 * webhook, or, when the webhook never comes, from the result page's own
 * check with Stripe. An operator on a phone refunds a Stripe payment half
 * and then the rest: two refunds at Stripe, the order reads Refunded, the
 * merchant verifies both callbacks. The console reads "test mode" on a test
 * key, and a new order starts on Stripe.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMerchant, type Merchant } from '../fakes/merchant';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe';
import { consoleSuite, gone, shown } from './console';
import { browserMissing, callApi, screenshot } from './harness';

interface Order { id: number; tradeNo: string; title: string }

describe.skipIf(browserMissing())('taking a payment through Stripe', { timeout: 120_000 }, () => {
  let stripe: FakeStripe;
  // Read when the suite's server is built, after the fake has started (this hook runs first).
  const payments = { stripeApiBase: '', callbacksToPrivate: true };
  let merchant: Merchant;
  beforeAll(async () => {
    // Stripe's webhooks reach the app as Stripe sends them: signed, to the notify route.
    stripe = await startFakeStripe({
      deliver: async (payload, headers) => {
        const res = await suite.server.app.inject({ method: 'POST', url: '/api/receive-money/notify/stripe', payload, headers });
        return { status: res.statusCode };
      },
    });
    payments.stripeApiBase = stripe.url;
  });
  const suite = consoleSuite({ payments });
  beforeAll(async () => {
    const settings = suite.server.app.paydesk.settings;
    await settings.update('pay', 'stripe', { secret_key: 'sk_test_e2eTakeMoney0123456789', secrets: stripe.webhookSecret });
    merchant = await startMerchant(() => settings.get('pay').callback.secret);
  });
  afterAll(async () => {
    await merchant?.close();
    await stripe?.close();
  });

  async function createStripeOrder(title: string, fields: Record<string, unknown> = {}): Promise<Order> {
    const res = await callApi<Order>(suite.server.app, 'POST', '/api/receive-money/create', {
      title, amount: 88, currency: 'HKD', channel: 'stripe', payType: 'card', ...fields,
    }, suite.token);
    expect(res.code).toBe(201);
    return res.data;
  }

  /** From the pay link to Stripe's page: the loading state, then the checkout of this order. */
  async function payAtStripe(page: Page, order: Order, labels: { pay: string; leaving: string }) {
    await page.goto(`${suite.server.url}/#/pay/emit?tradeNo=${order.tradeNo}`);
    const pay = page.getByRole('button', { name: labels.pay });
    await expect.poll(() => pay.isEnabled()).toBe(true);
    await pay.click();
    await expect.poll(() => page.getByRole('button', { name: labels.leaving }).isDisabled()).toBe(true);
    await page.waitForURL(`${stripe.url}/pay/**`);
    expect(await page.locator('#amount').textContent()).toBe('88 HKD');
    expect(await page.locator('h1').textContent()).toBe(order.title);
    await page.locator('#pay').click();
    await page.waitForURL(`${suite.server.url}/#/pay/order?tradeNo=${order.tradeNo}`);
  }

  it('a payer on a phone pays at Stripe and comes back to 支付成功', async () => {
    const order = await createStripeOrder('年度会员');
    const page = await suite.newPage({ viewport: { width: 390, height: 844 }, locale: 'zh-CN' });
    await payAtStripe(page, order, { pay: '立即支付', leaving: '正在前往支付…' });
    await expect.poll(() => page.locator('.status-text').textContent()).toBe('支付成功');
    await screenshot(page, 'take-money-paid-zh-cn-390');
    // One session for the order, paid once.
    expect(stripe.calls['sessions.create']).toBe(1);
    const stored = await callApi<{ status: string; paidAmount: number }>(suite.server.app, 'GET', `/api/receive-money/take?id=${order.id}`, undefined, suite.token);
    expect([stored.data.status, stored.data.paidAmount]).toEqual(['completed', 88]);
  });

  it('a payer whose payment Stripe never announced still reads "Payment successful" on return (1280 px)', async () => {
    const order = await createStripeOrder('Annual plan');
    stripe.webhooks = false;
    try {
      const page = await suite.newPage({ lang: 'en-us', viewport: { width: 1280, height: 800 }, locale: 'en-US' });
      await payAtStripe(page, order, { pay: 'Pay now', leaving: 'Going to payment…' });
      await expect.poll(() => page.locator('.status-text').textContent()).toBe('Payment successful');
      expect(stripe.events.filter((e) => e.type === 'checkout.session.completed' && !e.sent)).toHaveLength(1);
      await screenshot(page, 'take-money-recovered-en-us-1280');
    } finally {
      stripe.webhooks = true;
    }
  });

  it('a pay click Stripe cannot answer, or on an order closed meanwhile, tells the payer so and stays on the page', async () => {
    const order = await createStripeOrder('年度会员');
    const page = await suite.newPage({ viewport: { width: 390, height: 844 }, locale: 'zh-CN' });
    // The page's timers wait for the test: its 1.5 s poll must not notice the close below before the click does.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1000);
    await page.goto(`${suite.server.url}/#/pay/emit?tradeNo=${order.tradeNo}`);
    const pay = page.getByRole('button', { name: '立即支付' });
    await expect.poll(() => pay.isEnabled()).toBe(true);
    // Stripe down for the first try and the client's retry.
    stripe.failNext(2, 500);
    await pay.click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('暂时无法打开支付页面，请稍后重试。');
    await expect.poll(() => pay.isEnabled()).toBe(true);
    expect(page.url()).toContain(suite.server.url);

    // Closed by an operator while the payer looked: the click says so, and the page shows why.
    expect((await callApi(suite.server.app, 'POST', '/api/receive-money/close', { id: order.id, reason: '客户取消' }, suite.token)).code).toBe(200);
    await pay.click();
    await shown(page.getByText('该订单已无法支付。'));
    await page.clock.runFor(1500);
    await shown(page.getByTestId('closed-notice'));
    expect(page.url()).toContain(suite.server.url);
    await screenshot(page, 'take-money-closed-zh-cn-390');
  });

  it('an operator on a phone refunds a Stripe payment half and then the rest: two refunds at Stripe, and the merchant hears of both', async () => {
    const app = suite.server.app;
    const order = await createStripeOrder('Refund at Stripe', { notifyUrl: merchant.url });
    // The payer's side is walked above; here the payer pays through the same checkout without a browser.
    const checkout = await app.inject({ method: 'POST', url: '/api/receive-money/checkout', payload: { tradeNo: order.tradeNo } });
    expect(checkout.statusCode).toBe(200);
    const session = [...stripe.sessions.values()].find((s) => s.client_reference_id === order.tradeNo)!;
    await stripe.pay(session.id);
    const refundsBefore = stripe.calls['refunds.create'] ?? 0;

    const page = await suite.openSignedIn('/admin/receive-money', { lang: 'en-us', viewport: { width: 390, height: 844 } });
    await page.locator('tbody tr', { hasText: 'Refund at Stripe' }).getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Payment records' });
    await shown(dialog.getByTestId('order-story'));
    for (const [left, amount, reason] of [['88', '44', 'Half the order came back'], ['44', '44', 'The rest came back too']] as const) {
      await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
      const refund = page.getByRole('dialog', { name: 'Refund', exact: true });
      expect(await refund.getByLabel('Refund amount (HKD)').inputValue()).toBe(left);
      await refund.getByLabel('Refund amount (HKD)').fill(amount);
      await refund.getByLabel('Reason').fill(reason);
      await refund.getByRole('button', { name: 'Refund', exact: true }).click();
      await gone(refund);
      await expect.poll(() => dialog.getByTestId('order-refunds').textContent()).toContain(reason);
    }
    await gone(dialog.getByRole('button', { name: 'Refund', exact: true }));
    expect(await dialog.getByTestId('order-refunds').textContent()).not.toContain('Processing');
    await screenshot(page, 'take-money-refunded-en-us-390');
    await page.keyboard.press('Escape');
    await gone(dialog);
    await expect.poll(() => page.locator('tbody tr', { hasText: 'Refund at Stripe' }).textContent()).toContain('Refunded');

    expect((stripe.calls['refunds.create'] ?? 0) - refundsBefore).toBe(2);
    expect([...stripe.refunds.values()].filter((r) => r.payment_intent === session.payment_intent).map((r) => r.amount)).toEqual([4400, 4400]);
    await app.paydesk.payments.outbox.deliverDue();
    const heard = merchant.received.filter((r) => r.body?.type === 'order.refunded');
    expect(heard.map((r) => [r.valid, r.body.data.tradeNo])).toEqual([[true, order.tradeNo], [true, order.tradeNo]]);
  });

  it('the console says "test mode" on a test key, and a new order starts on Stripe', async () => {
    const page = await suite.openSignedIn('/admin/receive-money', { viewport: { width: 1280, height: 900 } });
    await shown(page.getByTestId('test-mode'));
    expect(await page.getByTestId('test-mode').textContent()).toBe('测试模式');
    await page.getByRole('button', { name: '新增' }).click();
    const dialog = page.getByRole('dialog', { name: '新增流水页面' });
    await expect.poll(() => dialog.getByLabel('支付渠道').textContent()).toBe('Stripe');
    // Stripe makes the pay page: no pay link is asked for.
    await gone(dialog.getByLabel('支付链接'));
    await screenshot(page, 'take-money-new-order-zh-cn-1280');
  });
});
