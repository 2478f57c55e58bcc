/**
 * Moving between the console and the pay side (issue 11 items 2, 11, 14, 22):
 * every move lands on a real page whose URL and title match it, never on the
 * console's own 404; a restricted operator lands on a screen they may read
 * and is never shown one they may not; the alias routes work; toasts go
 * after 3000 ms.
 */
import type { Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { consoleSuite, shown } from './console';
import { browserMissing, callApi } from './harness';

describe.skipIf(browserMissing())('console navigation', { timeout: 120_000 }, () => {
  const suite = consoleSuite();
  let page: Page;

  /** The pay side's home, as a payer sees it: its heading, and the title to match. */
  async function onPayHome() {
    await page.waitForURL(/#\/$/);
    // The pay side's bare address: its neutral home (no order named).
    await shown(page.locator('h1.page-title', { hasText: '支付' }));
    await expect.poll(() => page.title()).toBe('支付 - Paydesk');
    expect(await page.getByText('页面不存在').count()).toBe(0);
  }

  async function signInThroughThePage(account: string, password: string) {
    await page.goto(`${suite.server.url}/#/common/sign-in`);
    await page.getByLabel('账号').fill(account);
    await page.getByLabel('密码', { exact: true }).fill(password);
    await page.getByRole('button', { name: '登录' }).click();
  }

  it('signing out lands on the pay side, with its title', async () => {
    page = await suite.openSignedIn('/admin/users');
    await shown(page.locator('tbody tr', { hasText: 'admin' }));
    await page.getByRole('button', { name: '个人中心' }).click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await onPayHome();
  });

  it('a signed-in visitor of a bookmarked sign-in page is sent to the pay side', async () => {
    page = await suite.openSignedIn('/common/sign-in');
    await onPayHome();
  });

  it('a garbage or expired stored token does not count as signed in', async () => {
    page = await suite.newPage();
    const expired = `e30.${Buffer.from(JSON.stringify({ uid: 1, exp: 1_000_000 })).toString('base64url')}.x`;
    for (const token of ['garbage', expired]) {
      await page.goto(`${suite.server.url}/#/pay/order`);
      await page.evaluate((t) => localStorage.setItem('paydesk.token', t), token);
      await page.goto(`${suite.server.url}/#/common/sign-in`);
      await shown(page.getByRole('button', { name: '登录' }));
      await expect.poll(() => page.title()).toBe('登录 - Paydesk');
      expect(await page.evaluate(() => localStorage.getItem('paydesk.token'))).toBeNull();
    }
  });

  it("the console's 404 sends home to the pay side, and the pay side opens the console again", async () => {
    page = await suite.openSignedIn('/admin/no-such-screen');
    await shown(page.getByText('页面不存在').first());
    await expect.poll(() => page.title()).toBe('页面不存在 - Paydesk');
    await page.getByRole('link', { name: '返回首页' }).click();
    await onPayHome();

    await page.evaluate(() => (location.hash = '#/admin/receive-money'));
    await shown(page.getByRole('button', { name: '新增' }));
    await expect.poll(() => page.title()).toBe('流水页面 - Paydesk');
    await page.goBack();
    await onPayHome();
  });

  it("serves the alias routes /admin/auth/rules and /admin/auth/group", async () => {
    page = await suite.openSignedIn('/admin/auth/rules');
    await page.waitForURL(/#\/admin\/auth-rules$/);
    await expect.poll(() => page.title()).toBe('接口规则 - Paydesk');
    await shown(page.locator('tbody tr').first());

    await page.goto(`${suite.server.url}/#/admin/auth/group`);
    await page.waitForURL(/#\/admin\/auth-group$/);
    await expect.poll(() => page.title()).toBe('权限分组 - Paydesk');
    await shown(page.locator('tbody tr').first());
  });

  it('an operator granted only orders lands on the orders screen and is never shown a screen they cannot read', async () => {
    const tree = await callApi<Array<{ children: Array<{ id: number; method: string; route: string }> }>>(suite.server.app, 'GET', '/api/auth-rules/tree', undefined, suite.token);
    const granted = ['GET api/receive-money/find', 'GET api/receive-money/rows', 'GET api/receive-money/take'];
    const ruleIds = tree.data.flatMap((g) => g.children).filter((r) => granted.includes(`${r.method} ${r.route}`)).map((r) => r.id);
    const user = await callApi<{ id: number }>(suite.server.app, 'POST', '/api/users/create', { account: 'cashier7', password: 'cashier-pass-7' }, suite.token);
    await callApi(suite.server.app, 'POST', '/api/auth-group/create', { name: 'Orders only', manage: 1, all: 0, rules: `|${ruleIds.join('|')}|`, uids: `|${user.data.id}|` }, suite.token);

    page = await suite.newPage();
    const refused: string[] = [];
    page.on('response', async (response: Response) => {
      if (!response.url().includes('/api/')) return;
      const body = await response.json().catch(() => null);
      if (body && body.code >= 400) refused.push(`${body.code} ${response.url()}`);
    });
    await signInThroughThePage('cashier7', 'cashier-pass-7');
    await page.waitForURL(/#\/admin\/receive-money$/);
    await shown(page.getByRole('button', { name: '新增' }).or(page.getByRole('button', { name: '刷新' })));
    await expect.poll(() => page.title()).toBe('流水页面 - Paydesk');

    await page.goto(`${suite.server.url}/#/admin/users`);
    await shown(page.getByTestId('no-access'));
    await expect.poll(() => page.title()).toBe('用户 - Paydesk');
    expect(await page.locator('table').count()).toBe(0);
    await page.getByRole('link', { name: '打开我能查看的页面' }).click();
    await page.waitForURL(/#\/admin\/receive-money$/);
    await shown(page.getByRole('button', { name: '刷新' }));

    await page.goto(`${suite.server.url}/#/admin`);
    await page.waitForURL(/#\/admin\/receive-money$/);
    await shown(page.getByRole('button', { name: '刷新' }));
    // No toast was shown, and none was read out.
    expect(await page.locator('.MuiSnackbarContent-root').count()).toBe(0);
    expect(await page.getByTestId('live-assertive').innerText()).toBe('');
    expect(refused).toEqual([]);
  });

  it('preloads no stylesheet a page leaves unused (Chromium warns about each), and the pay side still gets its styles', async () => {
    /** Preloaded stylesheets that the page has not applied: each one is a console warning a few seconds after load. */
    const unusedStylePreloads = () => page.evaluate(() => {
      const applied = new Set([...document.styleSheets].map((sheet) => sheet.href).filter(Boolean));
      return [...document.querySelectorAll<HTMLLinkElement>('link[rel=preload][as=style]')].map((link) => link.href).filter((href) => !applied.has(href));
    });
    page = await suite.newPage();
    await page.goto(`${suite.server.url}/#/common/sign-in`);
    await shown(page.getByRole('button', { name: '登录' }));
    expect(await unusedStylePreloads()).toEqual([]);

    page = await suite.openSignedIn('/admin/users');
    await shown(page.locator('tbody tr', { hasText: 'admin' }));
    expect(await unusedStylePreloads()).toEqual([]);

    page = await suite.newPage();
    await page.goto(`${suite.server.url}/#/pay/order`);
    await shown(page.locator('h1.page-title'));
    expect(await unusedStylePreloads()).toEqual([]);
    const payCss = await page.evaluate(() => [...document.styleSheets].some((sheet) => /\/assets\/[^/]+\.css$/.test(sheet.href ?? '')));
    expect(payCss).toBe(true);
  });

  it('toasts go after 3000 ms, on the account pages and in the console', async () => {
    page = await suite.newPage();
    await page.clock.install();
    await page.goto(`${suite.server.url}/#/common/sign-in`);
    await shown(page.getByRole('button', { name: '登录' }));
    await page.clock.pauseAt(Date.now() + 1000);
    await page.getByRole('button', { name: '登录' }).click();
    // The toast itself (the screen readers' live region keeps its words after it goes).
    const toast = page.locator('.MuiSnackbarContent-message', { hasText: '请输入账号' });
    await shown(toast);
    await page.clock.runFor(2800);
    await shown(toast);
    // Gone well before react-admin's default (4000 ms) would have taken it away:
    // small steps, so the close at 3000 ms can start its exit animation in between.
    for (let at = 2800; at < 3800 && (await toast.count()) > 0; at += 100) await page.clock.runFor(100);
    expect(await toast.count()).toBe(0);

    // The console, signed in: the test page's favourite answers with a toast.
    page = await suite.openSignedIn('/admin/test');
    await page.clock.install();
    await page.getByRole('button', { name: '更多操作' }).click();
    await shown(page.getByRole('menuitem', { name: '收藏' }));
    await page.clock.pauseAt(Date.now() + 1000);
    await page.getByRole('menuitem', { name: '收藏' }).click();
    const consoleToast = page.locator('.MuiSnackbarContent-message', { hasText: '已加入收藏' });
    await shown(consoleToast);
    await page.clock.runFor(2800);
    await shown(consoleToast);
    for (let at = 2800; at < 3800 && (await consoleToast.count()) > 0; at += 100) await page.clock.runFor(100);
    expect(await consoleToast.count()).toBe(0);
  });
});
