/**
 * Turning request signing on from the settings screen (issue 11 item 3): the
 * open consoles, the one that saved it and another tab, keep working and sign
 * from the next call on; nobody is signed out.
 */
import { describe, expect, it } from 'vitest';
import { consoleSuite, shown } from './console';
import { browserMissing, callApi } from './harness';

describe.skipIf(browserMissing())('signing turned on while consoles are open', { timeout: 120_000 }, () => {
  const suite = consoleSuite();

  it('keeps this tab and another tab signed in, signing every call from then on', async () => {
    const settings = await suite.openSignedIn('/admin/config');
    const users = await suite.context.newPage();
    await users.goto(`${suite.server.url}/#/admin/users`);
    await shown(users.locator('tbody tr', { hasText: 'admin' }));

    const api = settings.getByRole('region', { name: '接口安全', exact: true });
    await api.getByLabel('请求签名').check();
    await api.getByRole('button', { name: '保存', exact: true }).click();
    await shown(settings.getByText('配置已保存'));
    // The server now refuses an unsigned call.
    await expect.poll(async () => (await callApi(suite.server.app, 'GET', '/api/users/rows', undefined, suite.token)).code).toBe(401);

    const signed: string[] = [];
    suite.context.on('request', (request) => {
      if (request.url().includes('/api/users/rows') && request.headers()['x-sign']) signed.push(request.url());
    });
    // The other tab reads again: still signed in, the list still there.
    await users.getByRole('button', { name: '刷新' }).click();
    await expect.poll(() => signed.length).toBeGreaterThan(0);
    await shown(users.locator('tbody tr', { hasText: 'admin' }));
    expect(users.url()).toContain('#/admin/users');

    // This tab moves on to another screen, signed too.
    await settings.getByRole('navigation').getByRole('listitem').getByRole('link', { name: '用户', exact: true }).click();
    await shown(settings.locator('tbody tr', { hasText: 'admin' }));
    expect(settings.url()).toContain('#/admin/users');
    expect(await settings.evaluate(() => localStorage.getItem('paydesk.token'))).toBeTruthy();
  });
});
