/**
 * The safety screens in Chromium against the real server (issue 7): a log's
 * details name the caller, scene, code label, OS and browser of a call made
 * from another device; the API rules read in the reader's language and open
 * the API docs. Chinese and English.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { consoleSuite, shown, type Lang } from './console';
import { browserMissing, callApi, screenshot } from './harness';

const WINDOWS_CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const IPHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1';

describe.skipIf(browserMissing())('logs and API rules screens', { timeout: 120_000 }, () => {
  const suite = consoleSuite();
  let page: Page;
  let erinId: number;
  const openSignedIn = async (path: string, lang: Lang) => (page = await suite.openSignedIn(path, { lang }));

  /** A call from another person's device: the log keeps its user agent. */
  async function callFrom(agent: string, method: 'GET' | 'POST', url: string, body?: object, bearer?: string) {
    const headers: Record<string, string> = { 'user-agent': agent, ...(bearer && { authorization: `Bearer ${bearer}` }) };
    return (await suite.server.app.inject({ method, url, payload: body, headers })).json();
  }

  beforeAll(async () => {
    const erin = await callApi<{ id: number }>(suite.server.app, 'POST', '/api/users/create', { account: 'erin2024', password: 'erin-pass-1', nickname: 'Erin' }, suite.token);
    erinId = erin.data.id;
    const signed = await callFrom(IPHONE_SAFARI, 'POST', '/api/comm/sign-in', { account: 'erin2024', password: 'erin-pass-1' });
    expect(signed.code).toBe(200);
    // Erin holds no group: reading the users list is refused, and logged as such.
    expect((await callFrom(WINDOWS_CHROME, 'GET', '/api/users/rows', undefined, signed.data.token.no)).code).toBe(403);
    // Reads are logged in batches: wait until Erin's refusal is stored.
    await vi.waitFor(async () => expect((await callApi(suite.server.app, 'GET', '/api/logs/rows?code=403', undefined, suite.token)).data.total).toBe(1), { timeout: 10_000 });
  });

  /** A list opened with a filter in its address, as react-admin keeps it. */
  const filtered = (resource: string, filter: object) => `/admin/${resource}?filter=${encodeURIComponent(JSON.stringify(filter))}`;
  const row = (text: string) => page.locator('tbody tr', { hasText: text });
  const dialog = () => page.getByRole('dialog');

  it("shows a refused call's caller, scene, code label, OS and browser", async () => {
    await openSignedIn(filtered('logs', { code: 403 }), 'zh-cn');
    const refused = row('403 禁止访问');
    await shown(refused);
    // OS and browser are in the details (the list keeps to who, what and when: issue 11 item 5).
    await shown(refused.getByText(`用户 · 列表`));
    // Who made the call, in the list itself.
    await shown(refused.getByTestId('log-user').getByText(`Erin #${erinId}`));
    expect(await page.getByRole('button', { name: '新增' }).count()).toBe(0);
    expect(await refused.getByRole('button', { name: '编辑' }).count()).toBe(0);

    await refused.getByRole('button', { name: '详情' }).click();
    await shown(dialog().getByText('操作记录详情'));
    await shown(dialog().getByTestId('log-user').getByText(`Erin #${erinId}`));
    for (const text of ['列表', 'GET', '/api/users/rows', '403 禁止访问', 'Windows 10', 'Chrome 120']) {
      await shown(dialog().getByText(text, { exact: true }));
    }
    // Why it was refused: the server's message, as stored with the log row.
    const stored = await callApi(suite.server.app, 'GET', '/api/logs/rows?code=403', undefined, suite.token);
    const message = stored.data.rows[0].content;
    expect(message).toBeTruthy();
    await shown(dialog().getByText(message, { exact: true }));
    await screenshot(page, 'screens-logs-details');

    // The parameters copy with one click (issue 11 item 23).
    await suite.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.server.url });
    await dialog().getByRole('button', { name: '复制' }).click();
    await shown(page.getByText('复制成功'));
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(await dialog().locator('pre').innerText());
    await dialog().getByRole('button', { name: '关闭' }).click();
    await dialog().waitFor({ state: 'detached' });
  });

  it('says so when the browser cannot copy', async () => {
    await openSignedIn(filtered('logs', { code: 403 }), 'zh-cn');
    // A browser without the Clipboard API (an old one, or a page served over plain http).
    await suite.context.addInitScript(() => Object.defineProperty(Navigator.prototype, 'clipboard', { get: () => undefined }));
    await page.reload();
    await row('403 禁止访问').getByRole('button', { name: '详情' }).click();
    await dialog().getByRole('button', { name: '复制' }).click();
    await shown(page.getByText('浏览器不支持复制'));
  });

  it('reads a sign-in from a phone in English, with the password masked', async () => {
    await openSignedIn(filtered('logs', { api: '/api/comm/sign-in', uid: erinId }), 'en-us');
    const signIn = page.locator('tbody tr').first();
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
    const stored = await callApi(suite.server.app, 'GET', '/api/auth-rules/rows?route=api/users/rows', undefined, suite.token);
    expect(stored.data.rows[0]).toMatchObject({ group: 'users', name: 'rows', remark: 'read by the users screen' });

    const [docs] = await Promise.all([suite.context.waitForEvent('page'), page.getByRole('link', { name: 'Open API docs' }).click()]);
    await docs.waitForLoadState();
    expect(new URL(docs.url()).pathname).toBe('/api/docs');
    expect(await docs.title()).toBe('Paydesk API');
  });
});
