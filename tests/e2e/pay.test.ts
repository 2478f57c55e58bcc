/**
 * The payer's pages in Chromium against the real server (issue 6): orders are
 * created through the API as an operator would, time is moved with Playwright's
 * clock instead of waiting, and the pay button leaves for a page this test serves.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  adminToken, browserMissing, callApi, launchBrowser, screenshot, startServer, type TestServer,
} from './harness';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

interface Order {
  id: number;
  tradeNo: string;
  createTime: number;
}

/** What a person would call the colour: hue and saturation of `rgb(r, g, b)`. */
function colourName(css: string): 'green' | 'orange' | 'red' | 'purple' | 'grey' | 'other' {
  const [r, g, b] = css.match(/\d+/g)!.map((n) => Number(n) / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  if (max - min < 0.15) return 'grey';
  const hue = max === r ? (60 * (g - b)) / (max - min) : max === g ? 120 + (60 * (b - r)) / (max - min) : 240 + (60 * (r - g)) / (max - min);
  const h = (hue + 360) % 360;
  if (h < 15 || h >= 340) return 'red';
  if (h < 45) return 'orange';
  if (h >= 90 && h < 170) return 'green';
  if (h >= 250 && h < 300) return 'purple';
  return 'other';
}

describe.skipIf(browserMissing())('pay pages', () => {
  let server: TestServer;
  let browser: Browser;
  let token: string;
  /** Stands in for the external payment provider: any path answers "checkout". */
  let provider: Server;
  let providerUrl: string;
  let context: BrowserContext;
  let page: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    server = await startServer();
    token = await adminToken(server.app);
    // Playwright's clock runs a minute of the page's 1.5 s polls in one instant: forty reads from one
    // address at once, over the per-second limit, and three such bursts block 127.0.0.1 for an hour
    // (every later page then reads "no such order"). The limits have their own tests (tests/api).
    const safety = (await callApi(server.app, 'GET', '/api/config/take?key=SYSTEM_SAFETY_API', undefined, token)).data;
    const unlimited = { ...safety.value, qps: { ...safety.value.qps, limit: { ...safety.value.qps.limit, enable: false } } };
    expect((await callApi(server.app, 'PUT', '/api/config/update', { id: safety.id, value: unlimited }, token)).code).toBe(200);
    browser = await launchBrowser();
    provider = createServer((_, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>provider checkout</h1>'));
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await browser?.close();
    provider?.close();
    await server?.close();
  });

  async function openContext(options: Parameters<Browser['newContext']>[0] = {}): Promise<Page> {
    context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 390, height: 844 }, ...options });
    // Below expect.poll's 10 s, so a locator that never matches fails with its name instead of a test timeout.
    context.setDefaultTimeout(8_000);
    page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error' && message.text().includes('Content Security Policy')) pageErrors.push(message.text());
    });
    return page;
  }

  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') await screenshot(page, `pay-${task.name}`);
    await context?.close();
    expect(pageErrors.splice(0)).toEqual([]);
  });

  async function createOrder(fields: Record<string, unknown> = {}): Promise<Order> {
    const res = await callApi<Order>(server.app, 'POST', '/api/receive-money/create', {
      title: '年度会员', amount: 1234.5, currency: 'HKD', payUrl: `${providerUrl}/checkout?ref=1`, ...fields,
    }, token);
    expect(res.code).toBe(201);
    return res.data;
  }

  /** Opens `hash` with the page's clock paused at `at` (epoch ms): timers fire only when the test says. */
  async function openAt(hash: string, at: number): Promise<Page> {
    await openContext();
    // Installed a little earlier, as the clock runs until paused.
    await page.clock.install({ time: at - 5000 });
    await page.clock.pauseAt(at);
    await page.goto(`${server.url}/${hash}`);
    return page;
  }

  const payButton = () => page.getByRole('button', { name: '立即支付' });
  const countdown = () => page.getByRole('timer');

  it('shows the order on / and counts down the 15-minute window', async () => {
    const order = await createOrder();
    await openAt(`#/?tradeNo=${order.tradeNo}`, order.createTime * 1000 + MINUTE);

    await expect.poll(() => countdown().textContent()).toBe('14:00');
    expect(await page.getByTestId('amount').textContent()).toBe('HK$1,234.50');
    await expect.poll(() => page.locator('dl').textContent()).toContain(order.tradeNo);
    expect(await page.locator('dl').textContent()).toContain('年度会员');
    await expect.poll(() => page.title()).toBe('订单 - Paydesk');

    await page.clock.runFor(1000);
    await expect.poll(() => countdown().textContent()).toBe('13:59');
    expect(await payButton().isEnabled()).toBe(true);
  });

  it('tells screen readers the time left once a minute, not every second', async () => {
    const order = await createOrder();
    await openAt(`#/?tradeNo=${order.tradeNo}`, order.createTime * 1000 + MINUTE);
    const spoken = page.locator('[aria-live="polite"]').filter({ hasText: '剩余支付时间' });
    await expect.poll(() => spoken.textContent()).toBe('剩余支付时间 14:00');
    await page.clock.runFor(1000);
    await expect.poll(() => countdown().textContent()).toBe('13:59');
    expect(await spoken.textContent()).toBe('剩余支付时间 14:00');
    await page.clock.runFor(59_000);
    await expect.poll(() => spoken.textContent()).toBe('剩余支付时间 13:00');
  });

  it('pays: a short loading state, then the order payUrl', async () => {
    const order = await createOrder();
    await openAt(`#/pay/emit?tradeNo=${order.tradeNo}`, order.createTime * 1000 + MINUTE);
    await expect.poll(() => payButton().isEnabled()).toBe(true);

    await payButton().click();
    const leaving = page.getByRole('button', { name: '正在前往支付…' });
    await expect.poll(() => leaving.isDisabled()).toBe(true);
    expect(page.url()).toContain(server.url);

    // The page stays for the loading state, then leaves on the real clock: a navigation started inside
    // clock.runFor() tears down the evaluation that runs the timer, the likeliest cause of a CI run
    // where this test hung for 60 s with no Playwright error.
    await page.clock.runFor(499);
    expect(await leaving.isDisabled()).toBe(true);
    await page.clock.resume();
    // 'commit': the move itself is what the payer gets; the provider's own load is not ours to wait for.
    await page.waitForURL(`${providerUrl}/checkout?ref=1`, { waitUntil: 'commit' });
    await expect.poll(() => page.locator('h1').textContent()).toBe('provider checkout');
  });

  it('gives /pay/emit three days, then expires with the alert and no way to pay', async () => {
    const order = await createOrder();
    const end = (order.createTime * 1000) + 3 * DAY;
    await openAt(`#/pay/emit?tradeNo=${order.tradeNo}`, order.createTime * 1000 + 1000);
    await expect.poll(() => countdown().textContent()).toBe('2 天 23:59:59');
    await expect.poll(() => page.title()).toBe('支付下单 - Paydesk');

    await page.clock.pauseAt(end - 2000);
    await page.clock.runFor(1000);
    await expect.poll(() => countdown().textContent()).toBe('00:01');

    await page.clock.runFor(1000);
    const alert = page.getByRole('alertdialog');
    await expect.poll(() => alert.isVisible()).toBe(true);
    expect(await alert.textContent()).toContain('提示');
    expect(await alert.textContent()).toContain('订单已过期，请重新下单');
    await alert.getByRole('button', { name: '确定' }).click();
    await expect.poll(() => alert.isVisible()).toBe(false);
    expect(await countdown().textContent()).toBe('已过期');
    expect(await payButton().isDisabled()).toBe(true);
  });

  it('alerts at once when the order has already expired', async () => {
    const order = await createOrder();
    await openAt(`#/?tradeNo=${order.tradeNo}`, order.createTime * 1000 + 16 * MINUTE);
    await expect.poll(() => page.getByRole('alertdialog').textContent()).toContain('订单已过期，请重新下单');
    expect(await payButton().isDisabled()).toBe(true);
  });

  it('refuses a click that lands after the deadline, before the countdown noticed', async () => {
    const order = await createOrder();
    const end = order.createTime * 1000 + 15 * MINUTE;
    await openAt(`#/?tradeNo=${order.tradeNo}`, end - 5000);
    await expect.poll(() => payButton().isEnabled()).toBe(true);

    await page.clock.setSystemTime(end + 1000); // the clock moves, no tick runs yet
    await payButton().click();
    await expect.poll(() => page.getByRole('alertdialog').textContent()).toContain('订单已超时，无法支付。');
    await page.clock.runFor(1000);
    expect(page.url()).toContain(server.url);
  });

  it('says the pay link is invalid when the order has none', async () => {
    const order = await createOrder({ payUrl: '' });
    await openAt(`#/?tradeNo=${order.tradeNo}`, order.createTime * 1000);
    await expect.poll(() => payButton().isEnabled()).toBe(true);
    await payButton().click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('支付链接无效。');
    expect(await payButton().isEnabled()).toBe(true);
    await page.clock.runFor(3000); // toasts last 3000 ms
    expect(await page.getByRole('alert').count()).toBe(0);
  });

  it('shows 时间加载失败 when the order has no createTime', async () => {
    const order = await createOrder();
    await server.database().kysely.updateTable('receive_money').set({ createTime: 0 }).where('id', '=', order.id).execute();
    await openContext();
    await page.goto(`${server.url}/#/?tradeNo=${order.tradeNo}`);
    await expect.poll(() => page.getByText('时间加载失败').isVisible()).toBe(true);
    expect(await payButton().isDisabled()).toBe(true);
  });

  it('stays usable for a tradeNo that does not exist', async () => {
    await openContext();
    await page.goto(`${server.url}/#/pay/emit?tradeNo=no-such-order`);
    await expect.poll(() => page.getByText('未找到订单').isVisible()).toBe(true);

    const order = await createOrder({ title: '第二单' });
    await page.evaluate((hash) => (location.hash = hash), `#/pay/emit?tradeNo=${order.tradeNo}`);
    await expect.poll(() => page.locator('dl').textContent()).toContain('第二单');
    expect(await countdown().isVisible()).toBe(true);
  });

  it.each([
    ['completed', '支付成功', 'green'],
    ['pending', '待付款', 'orange'],
    ['failed', '支付失败', 'red'],
    ['refunded', '已退款', 'purple'],
    // A status this page does not know (written by a newer server) reads as such, in grey.
    ['archived', '未知状态', 'grey'],
  ])('shows a %s order on /pay/order as %s in %s', async (status, text, colour) => {
    const order = await createOrder({ amount: 88 });
    await server.database().kysely.updateTable('receive_money').set({ status: status as never }).where('id', '=', order.id).execute();
    await openContext();
    await page.goto(`${server.url}/#/pay/order?tradeNo=${order.tradeNo}`);
    const statusText = page.locator('.status-text');
    await expect.poll(() => statusText.textContent()).toBe(text);
    expect(colourName(await statusText.evaluate((el) => getComputedStyle(el).color))).toBe(colour);
    expect(await page.locator('dl').textContent()).toContain('HK$88.00');
    await expect.poll(() => page.title()).toBe('支付结果 - Paydesk');
  });

  it('says 支付查询中... until the result arrives', async () => {
    const order = await createOrder();
    await openContext();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/receive-money/take*', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${server.url}/#/pay/order?tradeNo=${order.tradeNo}`);
    await expect.poll(() => page.locator('.status-text').textContent()).toBe('支付查询中...');
    release();
    await expect.poll(() => page.locator('.status-text').textContent()).toBe('待付款');
  });

  it('copies the order number to the clipboard', async () => {
    const order = await createOrder();
    await openContext({ permissions: ['clipboard-read', 'clipboard-write'] });
    await page.goto(`${server.url}/#/pay/order?tradeNo=${order.tradeNo}`);
    await expect.poll(() => page.locator('.status-text').textContent()).toBe('待付款');
    await page.getByRole('button', { name: '复制订单号' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: '订单号已复制到剪切板' }).count()).toBe(1);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(order.tradeNo);
  });

  it('shows the progress bar on each navigation and hides it after it completes', async () => {
    await openContext();
    await page.goto(`${server.url}/#/pay/order?tradeNo=x`);
    const bar = page.locator('.progress');
    await expect.poll(() => bar.count()).toBe(0);
    await page.evaluate(() => (location.hash = '#/elsewhere'));
    await expect.poll(() => bar.count()).toBe(1);
    await expect.poll(() => bar.count()).toBe(0);
  });

  it('shows the 404 page for an unknown path, with a way home', async () => {
    await openContext();
    await page.goto(`${server.url}/#/no/such/page`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('页面不存在');
    expect(await page.getByText('可能已被删除、重命名或暂时不可用').isVisible()).toBe(true);
    await expect.poll(() => page.title()).toBe('页面不存在 - Paydesk');
    await page.getByRole('link', { name: '返回首页' }).click();
    // Home is the neutral page of the bare site address (no order named), not "Order not found".
    await expect.poll(() => page.title()).toBe('支付 - Paydesk');
    expect(await page.getByTestId('pay-home').isVisible()).toBe(true);
    expect(new URL(page.url()).hash).toBe('#/');
  });

  it('speaks the language of the lang cookie before the browser language', async () => {
    const order = await createOrder();
    await openContext();
    await context.addCookies([{ name: 'lang', value: 'en-us', url: server.url }]);
    await page.goto(`${server.url}/#/pay/order?tradeNo=${order.tradeNo}`);
    await expect.poll(() => page.locator('.status-text').textContent()).toBe('Awaiting payment');
    await expect.poll(() => page.title()).toBe('Payment result - Paydesk');
  });

  it('downloads no react-admin, MUI or emotion code for a payer', async () => {
    // String literals that survive minification, one per library.
    const markers = ['ra.action.', 'MuiButtonBase', 'data-emotion'];
    const scriptsOf = async (hash: string) => {
      const p = await context.newPage();
      const bodies: Promise<string>[] = [];
      // A body still arriving when the page closes is not needed: count it as empty.
      p.on('response', (res) => res.request().resourceType() === 'script' && bodies.push(res.text().catch(() => '')));
      await p.goto(`${server.url}/${hash}`);
      await p.waitForLoadState('networkidle');
      const code = (await Promise.all(bodies)).join('\n');
      await p.close();
      return code;
    };
    await openContext();
    const adminCode = await scriptsOf('#/common/sign-in');
    const payCode = await scriptsOf('#/pay/emit?tradeNo=x');
    for (const marker of markers) {
      expect(adminCode.includes(marker), `the console itself carries ${marker}`).toBe(true);
      expect(payCode.includes(marker), `a payer downloads ${marker}`).toBe(false);
    }
  });

  it('swaps sides on a hash change without reloading the page', async () => {
    await openContext();
    await page.goto(`${server.url}/#/pay/emit?tradeNo=x`);
    await expect.poll(() => page.locator('.page').count()).toBe(1);
    await page.evaluate(() => ((window as { stayed?: boolean }).stayed = true));
    await page.evaluate(() => (location.hash = '#/common/sign-in'));
    await expect.poll(() => page.locator('.page').count()).toBe(0);
    await page.evaluate(() => (location.hash = '#/pay/order?tradeNo=x'));
    await expect.poll(() => page.locator('.status-text').textContent()).toBe('未找到订单');
    expect(await page.evaluate(() => (window as { stayed?: boolean }).stayed)).toBe(true);
  });
});
