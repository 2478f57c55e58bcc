/**
 * An operator sets Stripe up in the console's Payments settings (issue 31
 * item 9): the notify URL and events to give Stripe, the key saved, test mode
 * read from it, a Stripe order paid at once and the verified webhook's time
 * shown; a blank save keeps the key, and the site callback secret is rolled
 * and shown once. A payer pays a Stripe order (issue 19): 立即支付 asks Paydesk for a
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
import { translate } from '../../schema/i18n';
import { catalogs } from '../../schema/i18n/catalogs';
import { PAY_PROVIDER_SETTINGS } from '../../schema/settings';
import { scan } from './axe';
import { consoleSuite, gone, shown, type Lang, ROWS } from './console';
import { browserMissing, callApi, screenshot } from './harness';

interface Order { id: number; tradeNo: string; title: string }

describe.skipIf(browserMissing())('taking a payment through Stripe', { timeout: 120_000 }, () => {
  let stripe: FakeStripe;
  // Read when the suite's server is built, after the fake has started (this hook runs first).
  const payments = { apiBases: { stripe: '' }, callbacksToPrivate: true };
  let merchant: Merchant;
  beforeAll(async () => {
    // Stripe's webhooks reach the app as Stripe sends them: signed, to the notify route.
    stripe = await startFakeStripe({
      deliver: async (payload, headers) => {
        const res = await suite.server.app.inject({ method: 'POST', url: '/api/receive-money/notify/stripe', payload, headers });
        return { status: res.statusCode };
      },
    });
    payments.apiBases.stripe = stripe.url;
  });
  const suite = consoleSuite({ payments });
  // Stripe is set up by the first test, in the console's Payments settings, as an operator does it.
  const STRIPE_KEY = 'sk_test_e2eTakeMoney0123456789';
  beforeAll(async () => {
    const settings = suite.server.app.paydesk.settings;
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

  const t = (lang: Lang, key: string, params?: Record<string, unknown>) => translate(catalogs[lang], key, params);
  const p = (lang: Lang, key: string, params?: Record<string, unknown>) => t(lang, `admin.screens.settings.payments.${key}`, params);
  /** The Payments tab of System settings, on the sub-tab of a provider or of the callbacks. */
  async function openPayments(page: Page, lang: Lang, unit: string) {
    await page.getByRole('tab', { name: t(lang, 'settings.files.pay'), exact: true }).click();
    await page.getByRole('tab', { name: t(lang, `settings.sections.pay.${unit}`), exact: true }).click();
    return page.getByRole('region', { name: t(lang, `settings.sections.pay.${unit}`), exact: true });
  }

  it('an operator sets up Stripe in the Payments settings, and a payer on a phone pays a Stripe order at once, back to 支付成功', async () => {
    const lang: Lang = 'zh-cn';
    const admin = await suite.openSignedIn('/admin/config', { lang, viewport: { width: 1280, height: 900 } });
    const section = await openPayments(admin, lang, 'stripe');
    const facts = section.getByTestId('provider-state');
    await shown(facts.getByText(p(lang, 'not_set_up'), { exact: true }));
    // What to paste into Stripe's dashboard: this site's notify URL, and the events the connector reads.
    expect(await section.getByLabel(p(lang, 'webhook_url'), { exact: true }).innerText()).toBe(`${suite.server.url}/api/receive-money/notify/stripe`);
    const events = await section.getByRole('list', { name: p(lang, 'events') }).getByRole('listitem').allInnerTexts();
    expect(events).toEqual(PAY_PROVIDER_SETTINGS.stripe.events);
    expect(events).toContain('checkout.session.completed');
    await shown(section.getByText(p(lang, 'no_webhook')));
    expect(await admin.getByTestId('test-mode').count()).toBe(0);
    // Before the key: a Stripe order is refused.
    expect((await callApi(suite.server.app, 'POST', '/api/receive-money/create', { title: 'x', amount: 88, currency: 'HKD', channel: 'stripe' }, suite.token)).code).toBe(400);

    await section.getByLabel(t(lang, 'settings.pay.stripe.secret_key')).fill(STRIPE_KEY);
    await section.getByLabel(t(lang, 'settings.pay.stripe.secrets')).fill(stripe.webhookSecret);
    await section.getByRole('button', { name: '保存', exact: true }).click();
    await shown(admin.getByText(t(lang, 'settings.saved')));
    await shown(facts.getByText(p(lang, 'set_up'), { exact: true }));
    // The key is a test key: the section and the console's bar say so, without a reload.
    await shown(facts.getByText(p(lang, 'mode_test'), { exact: true }));
    await shown(admin.getByTestId('test-mode'));
    expect(await section.getByLabel(t(lang, 'settings.pay.stripe.secret_key')).inputValue()).toBe('');
    await screenshot(admin, 'payments-stripe-zh-cn-1280');
    expect(await scan(admin, 'payments settings zh-cn 1280')).toEqual([]);

    // At once: an order on Stripe, paid by a payer on a phone through Stripe's page.
    const order = await createStripeOrder('年度会员');
    const page = await suite.context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await payAtStripe(page, order, { pay: '立即支付', leaving: '正在前往支付…' });
    await expect.poll(() => page.locator('.status-text').textContent()).toBe('支付成功');
    await screenshot(page, 'take-money-paid-zh-cn-390');
    // One session for the order, paid once.
    expect(stripe.calls['sessions.create']).toBe(1);
    const stored = await callApi<{ status: string; paidAmount: number }>(suite.server.app, 'GET', `/api/receive-money/take?id=${order.id}`, undefined, suite.token);
    expect([stored.data.status, stored.data.paidAmount]).toEqual(['completed', 88]);

    // Stripe's webhook came and was verified: the settings say when.
    await admin.reload();
    const after = await openPayments(admin, lang, 'stripe');
    const last = after.getByTestId('last-webhook');
    await shown(last);
    expect(await last.innerText()).toContain(p(lang, 'last_webhook', { time: '' }));
  });

  it('in English on a phone: a blank key is kept beside a new webhook secret, and the site callback secret is rolled and shown once', async () => {
    const lang: Lang = 'en-us';
    const { app } = suite.server;
    const page = await suite.openSignedIn('/admin/config', { lang, viewport: { width: 390, height: 844 } });
    const section = await openPayments(page, lang, 'stripe');
    await shown(section.getByText(t(lang, 'settings.secret_set')));
    await shown(section.getByTestId('last-webhook'));
    await shown(section.getByTestId('provider-state').getByText(p(lang, 'mode_test'), { exact: true }));
    // Rotating Stripe's signing secret: the new one beside the old, the key left blank.
    const rotated = `${stripe.webhookSecret} whsec_bmV4dFNlY3JldEZvclJvdGF0aW9u`;
    await section.getByLabel(t(lang, 'settings.pay.stripe.secrets')).fill(rotated);
    await section.getByRole('button', { name: 'Save', exact: true }).click();
    await shown(page.getByText(t(lang, 'settings.saved')));
    expect(app.paydesk.settings.get('pay').stripe).toEqual({ secret_key: STRIPE_KEY, secrets: rotated });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'payments-stripe-en-us-390');
    expect(await scan(page, 'payments settings en-us 390')).toEqual([]);

    // The manual channel's gateway: its own notify URL, no events to choose.
    const standard = await openPayments(page, lang, 'standard');
    expect(await standard.getByLabel(p(lang, 'webhook_url'), { exact: true }).innerText()).toBe(`${suite.server.url}/api/receive-money/notify/standard`);
    expect(await standard.getByRole('list', { name: p(lang, 'events') }).count()).toBe(0);

    await openPayments(page, lang, 'callback');
    const panel = page.getByRole('region', { name: p(lang, 'site_secret') });
    await shown(panel.getByText(p(lang, 'site_secret_set')));
    // The secret has its panel; the form keeps the timeout only.
    const form = page.getByRole('region', { name: t(lang, 'settings.sections.pay.callback'), exact: true });
    await shown(form.getByLabel(t(lang, 'settings.pay.callback.timeout')));
    expect(await form.getByLabel(t(lang, 'settings.pay.callback.secret')).count()).toBe(0);
    const before = app.paydesk.settings.get('pay').callback.secret;
    await panel.getByRole('button', { name: p(lang, 'roll') }).click();
    const ask = page.getByRole('dialog');
    await shown(ask.getByText(p(lang, 'roll_confirm')));
    await ask.getByRole('button', { name: p(lang, 'roll'), exact: true }).click();
    const block = page.getByRole('dialog').getByLabel(p(lang, 'site_secret'), { exact: true });
    await shown(block);
    const rolled = (await block.innerText()).trim();
    expect(rolled).toMatch(/^whsec_/);
    expect(rolled).not.toBe(before);
    expect(app.paydesk.settings.get('pay').callback.secret).toBe(rolled);
    await screenshot(page, 'payments-callback-rolled-en-us-390');
    await page.getByRole('button', { name: t(lang, 'admin.screens.api-keys.done') }).click();
    await gone(page.getByRole('dialog'));
    // Shown that once: not on the page, nor in what the settings read answers.
    expect(await page.getByText(rolled).count()).toBe(0);
    expect(JSON.stringify(await callApi(app, 'GET', '/api/toml/pay', undefined, suite.token))).not.toContain(rolled);
    expect(await scan(page, 'payments callbacks en-us 390')).toEqual([]);
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
    await page.locator(ROWS, { hasText: 'Refund at Stripe' }).getByText('Refund at Stripe').click();
    const dialog = page.getByTestId('record-page');
    await shown(dialog.getByTestId('record-summary'));
    await dialog.getByRole('tab', { name: 'Refunds' }).click();
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
    await page.goBack();
    await gone(dialog);
    await expect.poll(() => page.locator(ROWS, { hasText: 'Refund at Stripe' }).textContent()).toContain('Refunded');

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
