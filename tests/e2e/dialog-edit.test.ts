/**
 * The generated edit dialog in Chromium against the real server (issue 11
 * items 1 and 15): an order saves after editing (its never-set attachments
 * used to go out as `files: null` and be refused), a user's phone can be
 * cleared, and a date-time field shows its stored value and saves a new one.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { consoleSuite, gone, shown } from './console';
import { browserMissing, callApi, screenshot } from './harness';

describe.skipIf(browserMissing())('edit dialog', { timeout: 120_000 }, () => {
  const suite = consoleSuite();
  let page: Page;
  const dialog = () => page.getByRole('dialog');
  const row = (text: string) => page.locator('tbody tr', { hasText: text });
  const api = <T = any>(method: 'GET' | 'POST', url: string, body?: Record<string, unknown>) => callApi<T>(suite.server.app, method, url, body, suite.token);

  async function editRow(path: string, text: string) {
    page = await suite.openSignedIn(path);
    await row(text).getByRole('button', { name: '编辑' }).click();
    await shown(dialog());
  }
  async function save() {
    await dialog().getByRole('button', { name: '保存', exact: true }).click();
    await shown(page.getByText('保存成功'));
    await gone(dialog());
  }

  it('edits an order: the remark is saved and the dialog closes', async () => {
    const order = await api('POST', '/api/receive-money/create', { title: 'Never attached', amount: 30, currency: 'CNY', describe: 'to be cleared' });
    expect(order.data.files).toBeNull();
    await editRow('/admin/receive-money', 'Never attached');
    expect(await dialog().getByRole('heading', { level: 2 }).innerText()).toBe('编辑流水页面');
    await dialog().getByLabel('备注').fill('checked by phone');
    await dialog().getByLabel('描述', { exact: true }).fill('');
    await save();
    const stored = (await api('GET', `/api/receive-money/take?id=${order.data.id}`)).data;
    expect(stored).toMatchObject({ remark: 'checked by phone', describe: '', files: [] });
  });

  it("clears a user's phone", async () => {
    const user = await api('POST', '/api/users/create', { account: 'phoneless1', nickname: 'Phil', phone: '13800138000' });
    await editRow('/admin/users', 'phoneless1');
    const phone = dialog().getByLabel('手机号码');
    expect(await phone.inputValue()).toBe('13800138000');
    await phone.fill('');
    await save();
    expect((await api('GET', `/api/users/take?id=${user.data.id}`)).data.phone).toBe('');
    await screenshot(page, 'dialog-edit-phone-cleared');
  });

  it('shows a date-time field in the dialog and saves a new one', async () => {
    // 2030-05-06 07:08 in the browser's time zone, as the list and the input both show it.
    const local = await (await suite.newPage()).evaluate(() => Math.floor(new Date(2030, 4, 6, 7, 8).getTime() / 1000));
    await suite.context.close();
    const invite = await api('POST', '/api/invite/create', { code: 'DATED2030', expireTime: local });
    await editRow('/admin/invite', 'DATED2030');
    const expire = dialog().getByLabel('过期时间');
    expect(await expire.inputValue()).toBe('2030-05-06T07:08');
    await expire.fill('2031-01-02T03:04');
    await save();
    const expected = await page.evaluate(() => Math.floor(new Date(2031, 0, 2, 3, 4).getTime() / 1000));
    expect((await api('GET', `/api/invite/take?id=${invite.data.id}`)).data.expireTime).toBe(expected);
    await shown(row('DATED2030').getByText('2031-01-02 03:04'));
  });
});
