/**
 * PayPal end to end (issue 35): an operator sets PayPal up in the console's
 * Payments settings (its sub-tab follows from its declaration: client ID,
 * secret, webhook ID, mode, country; the notify URL and events to give
 * PayPal); a payer on a phone clicks 立即支付, approves on PayPal's page (the
 * local fake's), comes back and reads 支付成功 (the approval webhook made
 * Paydesk capture); in English at 1280 px the webhook never comes and the
 * result page's own look-up captures; an operator on a phone refunds half
 * and then the rest, two refunds at PayPal.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakePayPal, type FakePayPal } from '../support/fake-paypal';
import { translate } from '../../schema/i18n';
import { catalogs } from '../../schema/i18n/catalogs';
import { PAY_PROVIDER_SETTINGS } from '../../schema/settings';
import { scan } from './axe';
import { consoleSuite, gone, shown, type Lang, ROWS } from './console';
import { browserMissing, callApi, screenshot } from './harness';

interface Order { id: number; tradeNo: string; title: string }

describe.skipIf(browserMissing())('taking a payment through PayPal', { timeout: 120_000 }, () => {
  let paypal: FakePayPal;
  const payments = { apiBases: { paypal: '' }, callbacksToPrivate: true };
  beforeAll(async () => {
    paypal = await startFakePayPal({
      deliver: async (payload, headers) => {
        const res = await suite.server.app.inject({ method: 'POST', url: '/api/receive-money/notify/paypal', payload, headers });
        return { status: res.statusCode };
      },
    });
    payments.apiBases.paypal = paypal.url;
  });
  const suite = consoleSuite({ payments });
  afterAll(() => paypal?.close());

  const t = (lang: Lang, key: string, params?: Record<string, unknown>) => translate(catalogs[lang], key, params);
  const p = (lang: Lang, key: string, params?: Record<string, unknown>) => t(lang, `admin.screens.settings.payments.${key}`, params);

  async function createPayPalOrder(title: string, amount = 30): Promise<Order> {
    const res = await callApi<Order>(suite.server.app, 'POST', '/api/receive-money/create', { title, amount, currency: 'USD', channel: 'paypal' }, suite.token);
    expect(res.code).toBe(201);
    return res.data;
  }

  /** From the pay link to PayPal's approval page and back to the result page. */
  async function payAtPayPal(page: Page, order: Order, amount: string, pay: string) {
    await page.goto(`${suite.server.url}/#/pay/emit?tradeNo=${order.tradeNo}`);
    const button = page.getByRole('button', { name: pay });
    await expect.poll(() => button.isEnabled()).toBe(true);
    await button.click();
    await page.waitForURL(`${paypal.url}/checkoutnow?token=**`);
    expect(await page.locator('#amount').textContent()).toBe(amount);
    await page.locator('#approve').click();
    await page.waitForURL(`${suite.server.url}/#/pay/order?tradeNo=${order.tradeNo}`);
  }

  it('an operator sets up PayPal in the Payments settings, and a payer on a phone pays through PayPal\'s page, back to 支付成功', async () => {
    const lang: Lang = 'zh-cn';
    const admin = await suite.openSignedIn('/admin/config', { lang, viewport: { width: 1280, height: 900 } });
    await admin.getByRole('tab', { name: t(lang, 'settings.files.pay'), exact: true }).click();
    await admin.getByRole('tab', { name: t(lang, 'settings.sections.pay.paypal'), exact: true }).click();
    const section = admin.getByRole('region', { name: t(lang, 'settings.sections.pay.paypal'), exact: true });
    await shown(section.getByTestId('provider-state').getByText(p(lang, 'not_set_up'), { exact: true }));
    expect(await section.getByLabel(p(lang, 'webhook_url'), { exact: true }).innerText()).toBe(`${suite.server.url}/api/receive-money/notify/paypal`);
    expect(await section.getByRole('list', { name: p(lang, 'events') }).getByRole('listitem').allInnerTexts()).toEqual(PAY_PROVIDER_SETTINGS.paypal.events);
    await section.getByLabel(t(lang, 'settings.pay.paypal.client_id')).fill(paypal.clientId);
    await section.getByLabel(t(lang, 'settings.pay.paypal.client_secret')).fill(paypal.clientSecret);
    await section.getByLabel(t(lang, 'settings.pay.paypal.webhook_id')).fill(paypal.webhookId);
    await section.getByRole('button', { name: '保存', exact: true }).click();
    await shown(admin.getByText(t(lang, 'settings.saved')));
    await shown(section.getByTestId('provider-state').getByText(p(lang, 'set_up'), { exact: true }));
    // Sandbox, the mode a new section starts in: test mode.
    await shown(section.getByTestId('provider-state').getByText(p(lang, 'mode_test'), { exact: true }));
    expect(suite.server.app.paydesk.settings.get('pay').paypal).toMatchObject({ client_id: paypal.clientId, client_secret: paypal.clientSecret, mode: 'sandbox' });
    await screenshot(admin, 'payments-paypal-zh-cn-1280');
    expect(await scan(admin, 'payments paypal zh-cn 1280')).toEqual([]);

    const order = await createPayPalOrder('年度会员');
    const page = await suite.context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await payAtPayPal(page, order, '30.00 USD', '立即支付');
    await expect.poll(() => page.locator('.status-text').textContent()).toBe('支付成功');
    await screenshot(page, 'take-money-paypal-paid-zh-cn-390');
    expect(paypal.calls['orders.capture']).toBe(1);
    const stored = await callApi<{ status: string; paidAmount: number }>(suite.server.app, 'GET', `/api/receive-money/take?id=${order.id}`, undefined, suite.token);
    expect([stored.data.status, stored.data.paidAmount]).toEqual(['completed', 30]);
  });

  it('a payer whose approval PayPal never announced is captured by the result page and reads "Payment successful" (1280 px)', async () => {
    const order = await createPayPalOrder('Annual plan');
    paypal.webhooks = false;
    try {
      const page = await suite.newPage({ lang: 'en-us', viewport: { width: 1280, height: 800 }, locale: 'en-US' });
      await payAtPayPal(page, order, '30.00 USD', 'Pay now');
      await expect.poll(() => page.locator('.status-text').textContent(), { timeout: 30_000 }).toBe('Payment successful');
      expect(paypal.events.filter((e) => e.type === 'CHECKOUT.ORDER.APPROVED' && !e.sent).length).toBeGreaterThan(0);
      await screenshot(page, 'take-money-paypal-recovered-en-us-1280');
    } finally {
      paypal.webhooks = true;
    }
  });

  it('an operator on a phone refunds a PayPal payment half and then the rest: two refunds of the capture at PayPal', async () => {
    const order = await createPayPalOrder('Refund at PayPal', 88);
    const checkout = await suite.server.app.inject({ method: 'POST', url: '/api/receive-money/checkout', payload: { tradeNo: order.tradeNo } });
    await paypal.approve(new URL(checkout.json().data.payUrl).searchParams.get('token')!);
    const capture = [...paypal.captures.values()].find((c) => c.custom_id === order.tradeNo)!;
    expect(capture.status).toBe('COMPLETED');

    const page = await suite.openSignedIn('/admin/receive-money', { lang: 'en-us', viewport: { width: 390, height: 844 } });
    // The order opens as its own page: the refund action in its summary, the refunds in their tab.
    await page.locator(ROWS, { hasText: 'Refund at PayPal' }).first().click();
    await page.waitForURL(new RegExp(`#/admin/receive-money/${order.id}/show`));
    const dialog = page.getByTestId('record-summary');
    await shown(dialog);
    for (const [left, amount, reason] of [['88', '44', 'Half the order came back'], ['44', '44', 'The rest came back too']] as const) {
      await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
      const refund = page.getByRole('dialog', { name: 'Refund', exact: true });
      expect(await refund.getByLabel('Refund amount (USD)').inputValue()).toBe(left);
      await refund.getByLabel('Refund amount (USD)').fill(amount);
      await refund.getByLabel('Reason').fill(reason);
      await refund.getByRole('button', { name: 'Refund', exact: true }).click();
      await gone(refund);
      await page.getByRole('tab', { name: 'Refunds' }).click();
      await expect.poll(() => page.getByTestId('order-refunds').textContent()).toContain(reason);
    }
    await gone(dialog.getByRole('button', { name: 'Refund', exact: true }));
    await screenshot(page, 'take-money-paypal-refunded-en-us-390');
    await expect.poll(() => page.getByTestId('record-status').innerText()).toBe('Refunded');
    expect([...paypal.refunds.values()].filter((r) => r.captureId === capture.id).map((r) => r.amount.value)).toEqual(['44.00', '44.00']);
  });
});
