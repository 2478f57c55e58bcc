/**
 * A payer whose order read fails (issue 20 item 5): a network blip or a 5xx is
 * no "order not found". The page tries again, and after a few failed tries
 * says it could not load, with a button that tries once more. Only the
 * server's own "no such order" reads 未找到订单.
 */
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, browserMissing, callApi, launchBrowser, screenshot, startServer, type TestServer } from './harness';

/** Longer than the page's tries (1 + 2 + 4 s of waiting) on a busy machine. */
const GIVE_UP = { timeout: 30_000 };

describe.skipIf(browserMissing())('pay pages when the order read fails', { timeout: 90_000 }, () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let tradeNo: string;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    const order = await callApi(server.app, 'POST', '/api/receive-money/create', { title: 'Blip order', amount: 9.9, currency: 'HKD', payUrl: 'https://pay.example/x' }, await adminToken(server.app));
    expect(order.code).toBe(201);
    tradeNo = order.data.tradeNo;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  afterEach(() => context?.close());

  /** A phone page that notes whether 未找到订单 was ever on screen, and whose order reads go through `answer`. */
  async function openPhone(answer: (route: Route, attempt: number) => Promise<void>, lang = 'zh-CN'): Promise<{ reads: () => number }> {
    context = await browser.newContext({ locale: lang, viewport: { width: 390, height: 844 } });
    page = await context.newPage();
    await page.addInitScript(() => {
      new MutationObserver(() => {
        if (document.body.textContent?.includes('未找到订单')) (window as { sawNotFound?: boolean }).sawNotFound = true;
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    let reads = 0;
    await page.route('**/api/receive-money/take?*', (route) => answer(route, ++reads));
    return { reads: () => reads };
  }
  const sawNotFound = () => page.evaluate(() => Boolean((window as { sawNotFound?: boolean }).sawNotFound));
  const payUrl = (no: string) => `${server.url}/#/pay/emit?tradeNo=${encodeURIComponent(no)}`;

  it('a network blip and a 503 are tried again, and the order shows', async () => {
    const { reads } = await openPhone((route, attempt) =>
      attempt === 1 ? route.abort('internetdisconnected') : attempt === 2 ? route.fulfill({ status: 503, body: 'Service Unavailable' }) : route.continue());
    await page.goto(payUrl(tradeNo));
    await expect.poll(() => page.locator('dl').textContent(), GIVE_UP).toContain('Blip order');
    expect(await page.getByRole('timer').isVisible()).toBe(true);
    expect(reads()).toBeGreaterThanOrEqual(3);
    expect(await sawNotFound()).toBe(false);
  });

  it.each([['zh-CN', '页面加载失败', '重试'], ['en-US', 'This page could not load', 'Try again']])(
    'reads that keep failing (%s) end in "could not load" with a retry button, never in 未找到订单',
    async (lang, failed, retry) => {
      let down = true;
      const { reads } = await openPhone((route) => (down ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":500,"msg":"boom","data":null}' }) : route.continue()), lang);
      await page.goto(payUrl(tradeNo));
      await expect.poll(() => page.getByRole('alert').filter({ hasText: failed }).count(), GIVE_UP).toBe(1);
      expect(reads()).toBe(4);
      expect(await sawNotFound()).toBe(false);
      await screenshot(page, `pay-load-failed-${lang}`);

      down = false;
      await page.getByRole('button', { name: retry }).click();
      await expect.poll(() => page.locator('dl').textContent()).toContain('Blip order');
      expect(await sawNotFound()).toBe(false);
    },
  );

  it('an unknown tradeNo is still "not found" at once, without retries', async () => {
    const { reads } = await openPhone((route) => route.continue());
    await page.goto(payUrl('no-such-order'));
    await expect.poll(() => page.getByText('未找到订单').isVisible()).toBe(true);
    expect(reads()).toBe(1);
  });

  it('the result page says it could not load too, and retries into the order', async () => {
    let down = true;
    await openPhone((route) => (down ? route.abort('connectionrefused') : route.continue()));
    await page.goto(`${server.url}/#/pay/order?tradeNo=${encodeURIComponent(tradeNo)}`);
    await expect.poll(() => page.getByRole('alert').filter({ hasText: '页面加载失败' }).count(), GIVE_UP).toBe(1);
    down = false;
    await page.getByRole('button', { name: '重试' }).click();
    await expect.poll(() => page.locator('dl').textContent()).toContain('Blip order');
    expect(await sawNotFound()).toBe(false);
  });
});
