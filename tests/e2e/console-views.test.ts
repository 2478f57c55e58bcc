/**
 * What every generated screen now does (issue 31 items 1, 2, 5, 6, 10), in
 * Chinese and English: on a 390 px phone the orders, refunds and callbacks
 * lists are compact rows with the amount and the status on screen; active
 * filters are chips that take themselves off; a list whose read failed says
 * why and retries; the order's page shows its summary and the caller's
 * actions above the fold, at 1280 px and on a phone; the create form asks
 * only what an operator knows, counts characters while typing and asks
 * before dropping changes.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import admin from '../../schema/i18n/admin';
import common from '../../schema/i18n/common';
import { mergeCatalogs } from '../../schema/i18n';
import { providerLabels } from '../../schema/i18n/inline/providers';
import { formatMoney } from '../../schema/money';
import { scan } from './axe';
import { consoleSuite, gone, shown, type Lang, ROWS } from './console';
import { browserMissing, callApi, screenshot } from './harness';

const WIDE = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const LOCALE: Record<string, string> = { 'zh-cn': 'zh-CN', 'en-us': 'en-US' };
const LANGS = ['zh-cn', 'en-us'] as const;
const words = (lang: Lang) => (admin[lang] as any).admin;
// The providers' names come with their declarations (schema/providers/), beside the common catalog.
const names = (lang: Lang) => (mergeCatalogs(common[lang], providerLabels(lang)) as any);

interface Order { id: number; tradeNo: string; title: string }

/** Whether an element is wholly inside the window: nothing to scroll to see it. */
async function onScreen(page: Page, selector: ReturnType<Page['locator']>) {
  const box = (await selector.first().boundingBox())!;
  const { width, height } = page.viewportSize()!;
  return box.x >= 0 && box.y >= 0 && box.x + box.width <= width + 0.5 && box.y + box.height <= height + 0.5;
}

const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe.skipIf(browserMissing())('record pages, phone lists, filter chips, failed reads', { timeout: 300_000 }, () => {
  const suite = consoleSuite();
  let paid: Order;
  let pending: Order;
  const api = (method: 'GET' | 'POST', url: string, body?: Record<string, unknown>) => callApi(suite.server.app, method, url, body, suite.token);

  beforeAll(async () => {
    const create = async (title: string, amount: number) => {
      const res = await api('POST', '/api/receive-money/create', {
        title, amount, currency: 'HKD', payUrl: 'https://pay.example.com/checkout/1', notifyUrl: 'https://merchant.example.com/hooks/paydesk',
      });
      expect(res.code).toBe(201);
      return res.data as Order;
    };
    pending = await create('Pending order', 88);
    paid = await create('Annual membership plan', 12345.6);
    expect((await api('POST', '/api/receive-money/mark-paid', { id: paid.id, reason: 'bank statement' })).code).toBe(200);
    expect((await api('POST', '/api/receive-money/refund', { id: paid.id, amount: 45.6, reason: 'one seat returned' })).code).toBe(201);
  });

  for (const lang of LANGS) {
    it(`a phone lists orders, refunds and callbacks as rows with the amount and status on screen (${lang})`, async () => {
      const locale = LOCALE[lang]!;
      const options = names(lang).options;
      const page = await suite.openSignedIn('/admin/receive-money', { lang, viewport: PHONE });
      const lists = [
        ['receive-money', 'Annual membership plan', formatMoney(12345.6, 'HKD', locale), options.status.partially_refunded],
        ['refunds', paid.tradeNo, formatMoney(45.6, 'HKD', locale), options.refundState.succeeded],
        ['callbacks', paid.tradeNo, '', undefined],
      ] as const;
      for (const [resource, primary, money, status] of lists) {
        await page.goto(`${suite.server.url}/#/admin/${resource}`);
        const row = page.getByTestId('compact-row').filter({ hasText: primary }).first();
        await shown(row);
        expect(await page.locator('table').count()).toBe(0);
        const state = row.getByTestId('compact-tertiary');
        if (status) await expect.poll(() => state.innerText()).toBe(status);
        expect(await onScreen(page, state), `${resource} status on screen`).toBe(true);
        if (money) {
          const amount = row.getByTestId('compact-secondary').getByText(money, { exact: true });
          expect(await onScreen(page, amount), `${resource} amount on screen`).toBe(true);
        }
        // Selection and the row's own buttons stay in reach.
        expect(await onScreen(page, row.getByRole('checkbox'))).toBe(true);
        expect(await sideways(page)).toBeLessThanOrEqual(0);
        // The toolbar's buttons fit the phone: none leaves the window.
        const toolbar = await page.locator('.MuiToolbar-root button').evaluateAll((all) => all.map((b) => b.getBoundingClientRect().right));
        expect(toolbar.filter((right) => right > PHONE.width + 1)).toEqual([]);
        await screenshot(page, `phone-list-${resource}-${lang}`);
        expect(await scan(page, `phone list ${resource} ${lang}`)).toEqual([]);
      }
    });

    it(`shows active filters as chips in the reader's language, each removable (${lang})`, async () => {
      const w = words(lang);
      const options = names(lang).options;
      const start = new Date(2026, 0, 5).getTime() / 1000;
      const filter = encodeURIComponent(JSON.stringify({ status: 'completed', createTime_gte: start }));
      const page = await suite.openSignedIn(`/admin/receive-money?filter=${filter}`, { lang, viewport: WIDE });
      const chips = page.getByTestId('filter-chips');
      await shown(chips);
      const status = chips.locator('[data-filter=status]');
      const field = names(lang).resources['receive-money'].fields;
      expect(await status.innerText()).toBe(`${field.status}: ${options.status.completed}`);
      const date = new Intl.DateTimeFormat(LOCALE[lang], { dateStyle: 'medium' }).format(start * 1000);
      expect(await chips.locator('[data-filter=createTime_gte]').innerText()).toContain(date);
      await status.locator('.MuiChip-deleteIcon').click();
      await gone(status);
      expect(decodeURIComponent(page.url())).not.toContain('"status"');
      // The panel names the common filters first; the rest wait under "More filters".
      await page.getByRole('button', { name: w.buttons.filters, exact: true }).click();
      const more = page.getByRole('button', { name: w.view.more_filters });
      await shown(more);
      expect(await page.getByTestId('more-filters').count()).toBe(0);
      await more.click();
      await shown(page.getByTestId('more-filters'));
      await chips.getByRole('button', { name: new RegExp(w.view.remove_filter.replace('%{filter}', '')) }).first().click();
      await gone(chips);
    });

    it(`a list whose read failed says so in the reader's language, with a Retry (${lang})`, async () => {
      const w = words(lang);
      const page = await suite.openSignedIn('/admin/dashboard', { lang, viewport: WIDE });
      await page.route('**/api/refunds/rows**', (route) => route.abort('connectionrefused'));
      await page.goto(`${suite.server.url}/#/admin/refunds`);
      const failed = page.getByTestId('read-failed');
      await shown(failed);
      expect(await failed.innerText()).toContain(w.view.unreachable);
      expect(await page.locator('.MuiTablePagination-root').count()).toBe(0);
      expect(await page.getByText(/No .* found|未找到/).count()).toBe(0);
      await screenshot(page, `read-failed-${lang}`);
      await page.unroute('**/api/refunds/rows**');
      await failed.getByRole('button', { name: w.view.retry }).click();
      await shown(page.locator('tbody tr', { hasText: paid.tradeNo }));
      await gone(failed);
    });
  }

  // Each language and each width once, in pairs: the words follow the language and the fold the width, never both.
  for (const [lang, viewport] of [['zh-cn', WIDE], ['en-us', PHONE]] as const) {
    it(`an order's page shows its summary and the caller's actions above the fold (${lang}, ${viewport.width} px)`, async () => {
      const w = words(lang);
      const n = names(lang);
      const rm = (admin[lang] as any).admin.screens['receive-money'];
      const locale = LOCALE[lang]!;
      const page = await suite.openSignedIn('/admin/receive-money', { lang, viewport });
      // A row opens the order's own page: a URL per order.
      await page.locator(ROWS, { hasText: 'Annual membership plan' }).first().click();
      await page.waitForURL(new RegExp(`#/admin/receive-money/${paid.id}/show`));
      const summary = page.getByTestId('record-summary');
      await shown(summary);
      expect(await summary.getByRole('heading', { level: 1 }).innerText()).toBe('Annual membership plan');
      expect(await page.getByTestId('record-status').innerText()).toBe(n.options.status.partially_refunded);
      const fact = (key: string) => summary.locator(`[data-fact=${key}] dd`);
      await expect.poll(() => fact('amount').innerText()).toBe(formatMoney(12345.6, 'HKD', locale));
      expect(await fact('paidAmount').innerText()).toBe(formatMoney(12345.6, 'HKD', locale));
      expect(await fact('refundedAmount').innerText()).toBe(formatMoney(45.6, 'HKD', locale));
      expect(await fact('channel').innerText()).toBe(n.options.channel.manual);
      for (const key of ['status', 'amount', 'paidAmount', 'refundedAmount', 'channel', 'createTime', 'paidTime']) {
        const box = key === 'status' ? page.getByTestId('record-status') : fact(key);
        expect(await onScreen(page, box), `${key} above the fold`).toBe(true);
      }
      // The admin holds every rule: refund and edit, above the fold.
      const refund = summary.getByRole('button', { name: rm.refund.button, exact: true });
      const edit = summary.getByRole('button', { name: w.buttons.edit, exact: true });
      expect(await onScreen(page, refund)).toBe(true);
      expect(await onScreen(page, edit)).toBe(true);
      expect(await sideways(page)).toBeLessThanOrEqual(0);
      await screenshot(page, `order-page-${lang}-${viewport.width}`);
      expect(await scan(page, `order page ${lang} ${viewport.width}`)).toEqual([]);

      // Its story in tabs; the timeline first.
      await shown(page.getByTestId('order-timeline'));
      await page.getByRole('tab', { name: n.resources.refunds.name }).click();
      await expect.poll(() => page.getByTestId('order-refunds').innerText()).toContain('one seat returned');

      // "Edit" asks only what a paid order may still change: not its amount.
      await edit.click();
      const dialog = page.getByRole('dialog');
      await shown(dialog.getByLabel(n.resources['receive-money'].fields.title, { exact: true }));
      expect(await dialog.getByLabel(n.resources['receive-money'].fields.amount, { exact: true }).count()).toBe(0);
      await page.keyboard.press('Escape');
      await gone(dialog);

      // Reload keeps the page; Back returns to the list.
      await page.reload();
      await shown(page.getByTestId('record-summary'));
      await page.goBack();
      await page.waitForURL(/#\/admin\/receive-money(\?|$)/);
      await shown(page.locator(ROWS).first());
    });

    it(`a pending order's page offers mark paid, close, its pay link and QR (${lang})`, async () => {
      const rm = (admin[lang] as any).admin.screens['receive-money'];
      const page = await suite.openSignedIn(`/admin/receive-money/${pending.id}/show`, { lang, viewport: WIDE });
      const summary = page.getByTestId('record-summary');
      await shown(summary);
      for (const action of ['mark-paid', 'close']) expect(await onScreen(page, summary.getByRole('button', { name: rm.action[action], exact: true }))).toBe(true);
      expect(await onScreen(page, summary.getByTestId('pay-link'))).toBe(true);
      await shown(summary.getByTestId('pay-link-qr'));
    });

    it(`the create form asks only what an operator knows, counts while typing and asks before discarding (${lang})`, async () => {
      const w = words(lang);
      const fields = names(lang).resources['receive-money'].fields;
      const page = await suite.openSignedIn('/admin/receive-money', { lang, viewport: PHONE });
      await page.getByRole('button', { name: w.buttons.add, exact: true }).click();
      const dialog = page.getByRole('dialog');
      const input = (key: string) => dialog.getByLabel(fields[key], { exact: true });
      await shown(input('title'));
      for (const key of ['describe', 'amount', 'expireTime', 'notifyUrl', 'payUrl', 'outTradeNo']) expect(await input(key).count(), key).toBe(1);
      for (const key of ['tradeNo', 'mchId', 'productId', 'paidAmount', 'paidTime', 'channelTradeNo', 'status']) expect(await input(key).count(), key).toBe(0);
      // The amount starts empty, not at 0.
      expect(await input('amount').inputValue()).toBe('');
      await input('title').fill('Tea');
      await expect.poll(() => dialog.getByTestId('length-title').innerText()).toBe(w.view.chars.replace('%{count}', '3').replace('%{max}', '24'));
      await screenshot(page, `order-create-${lang}`);
      // Esc with changes asks first; "keep editing" keeps them.
      await page.keyboard.press('Escape');
      const ask = page.getByRole('dialog', { name: w.view.discard_title });
      await shown(ask);
      await ask.getByRole('button', { name: w.view.keep_editing }).click();
      await gone(ask);
      expect(await input('title').inputValue()).toBe('Tea');
      await page.keyboard.press('Escape');
      await page.getByRole('dialog', { name: w.view.discard_title }).getByRole('button', { name: w.view.discard, exact: true }).click();
      await gone(dialog);
    });
  }
});
