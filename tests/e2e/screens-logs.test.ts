/**
 * The safety screens in Chromium against the real server (issue 7): a log's
 * details name the caller, scene, code label, OS and browser of a call made
 * from another device; the API rules read in the reader's language and open
 * the API docs. Chinese and English.
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN_PASSWORD, adminToken, browserMissing, callApi, launchBrowser, screenshot, startServer, type TestServer } from './harness';

const WINDOWS_CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const IPHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1';

describe.skipIf(browserMissing())('logs and API rules screens', { timeout: 120_000 }, () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let token: string;
  let erinId: number;
  const pageErrors: string[] = [];

  /** A call from another person's device: the log keeps its user agent. */
  async function callFrom(agent: string, method: 'GET' | 'POST', url: string, body?: object, bearer?: string) {
    const headers: Record<string, string> = { 'user-agent': agent, ...(bearer && { authorization: `Bearer ${bearer}` }) };
    return (await server.app.inject({ method, url, payload: body, headers })).json();
  }

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    token = await adminToken(server.app);
    const erin = await callApi<{ id: number }>(server.app, 'POST', '/api/users/create', { account: 'erin2024', password: 'erin-pass-1', nickname: 'Erin' }, token);
    erinId = erin.data.id;
    const signed = await callFrom(IPHONE_SAFARI, 'POST', '/api/comm/sign-in', { account: 'erin2024', password: 'erin-pass-1' });
    expect(signed.code).toBe(200);
    // Erin holds no group: reading the users list is refused, and logged as such.
    expect((await callFrom(WINDOWS_CHROME, 'GET', '/api/users/rows', undefined, signed.data.token.no)).code).toBe(403);
    // Reads are logged in batches: wait until Erin's refusal is stored.
    await vi.waitFor(async () => expect((await callApi(server.app, 'GET', '/api/logs/rows?code=403', undefined, token)).data.total).toBe(1), { timeout: 10_000 });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  afterEach(async () => {
    await context?.close();
    expect(pageErrors).toEqual([]);
  });

  /** Starts signed in as admin (a stored token) in the given language. */
  async function openSignedIn(path: string, lang: 'zh-cn' | 'en-us'): Promise<Page> {
    const sign = await callApi(server.app, 'POST', '/api/comm/sign-in', { account: 'admin', password: ADMIN_PASSWORD });
    context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1400, height: 900 } });
    await context.addCookies([{ name: 'lang', value: lang, url: server.url }]);
    await context.addInitScript(([stored, user]) => {
      localStorage.setItem('paydesk.token', stored);
      localStorage.setItem('paydesk.user', user);
    }, [sign.data.token.no, JSON.stringify(sign.data.user)] as const);
    page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(`${server.url}/#${path}`);
    return page;
  }

  /** A list opened with a filter in its address, as react-admin keeps it. */
  const filtered = (resource: string, filter: object) => `/admin/${resource}?filter=${encodeURIComponent(JSON.stringify(filter))}`;
  const shown = (locator: Locator) => locator.first().waitFor({ state: 'visible' });
  const row = (text: string) => page.locator('tbody tr', { hasText: text });
  const dialog = () => page.getByRole('dialog');

  it("shows a refused call's caller, scene, code label, OS and browser", async () => {
    await openSignedIn(filtered('logs', { code: 403 }), 'zh-cn');
    const refused = row('403 禁止访问');
    await shown(refused);
    await shown(refused.getByText('Windows 10'));
    await shown(refused.getByText('Chrome 120'));
    await shown(refused.getByText(`用户 · 列表`));
    expect(await page.getByRole('button', { name: '新增' }).count()).toBe(0);
    expect(await refused.getByRole('button', { name: '编辑' }).count()).toBe(0);

    await refused.getByRole('button', { name: '详情' }).click();
    await shown(dialog().getByText('操作记录详情'));
    await shown(dialog().getByTestId('log-user').getByText(`Erin #${erinId}`));
    for (const text of ['列表', 'GET', '/api/users/rows', '403 禁止访问', 'Windows 10', 'Chrome 120']) {
      await shown(dialog().getByText(text, { exact: true }));
    }
    await screenshot(page, 'screens-logs-details');
    await dialog().getByRole('button', { name: '关闭' }).click();
    await dialog().waitFor({ state: 'detached' });
  });

  it('reads a sign-in from a phone in English, with the password masked', async () => {
    await openSignedIn(filtered('logs', { api: '/api/comm/sign-in' }), 'en-us');
    const signIn = row('iOS 17.2');
    await shown(signIn.getByText('200 Success'));
    await signIn.getByRole('button', { name: 'Details' }).click();
    await shown(dialog().getByText('Operation log details'));
    for (const text of ['Sign in', 'POST', '200 Success', 'iOS 17.2', 'Mobile Safari 17', `Erin #${erinId}`]) {
      await shown(dialog().getByText(text, { exact: true }));
    }
    const params = await dialog().locator('pre').innerText();
    expect(JSON.parse(params)).toEqual({ account: 'erin2024', password: '***' });
    expect(params).toContain('\n  "account"');
  });

  it('names API rules in English, keeps them intact on save, and opens the API docs', async () => {
    await openSignedIn(filtered('auth-rules', { route: 'api/users/rows' }), 'en-us');
    const rule = row('api/users/rows');
    await shown(rule.getByText('Users', { exact: true }));
    await shown(rule.getByText('List', { exact: true }));

    await rule.getByRole('button', { name: 'Edit' }).click();
    await expect.poll(() => dialog().getByLabel('Group').inputValue()).toBe('Users');
    expect(await dialog().getByLabel('Name', { exact: true }).inputValue()).toBe('List');
    await dialog().getByLabel('Remark').fill('read by the users screen');
    await dialog().getByRole('button', { name: 'Save' }).click();
    await shown(page.getByText('Saved'));
    const stored = await callApi(server.app, 'GET', '/api/auth-rules/rows?route=api/users/rows', undefined, token);
    expect(stored.data.rows[0]).toMatchObject({ group: 'users', name: 'rows', remark: 'read by the users screen' });

    const [docs] = await Promise.all([context.waitForEvent('page'), page.getByRole('link', { name: 'Open API docs' }).click()]);
    await docs.waitForLoadState();
    expect(new URL(docs.url()).pathname).toBe('/api/docs');
    expect(await docs.title()).toBe('Paydesk API');
  });
});
