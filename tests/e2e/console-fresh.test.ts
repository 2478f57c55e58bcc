/**
 * The console shows writes made elsewhere (issue 14): its session copy of a
 * list is revalidated with the server's ETag on every read, so an order
 * created over the API (as a merchant's system or a notification would)
 * appears on a reload of the open list, without waiting for the copy to age.
 */
import { describe, it } from 'vitest';
import { consoleSuite, shown } from './console';
import { browserMissing, callApi } from './harness';

describe.skipIf(browserMissing())('console freshness', () => {
  const suite = consoleSuite();

  const createOrder = async (title: string) => {
    const res = await callApi(suite.server.app, 'POST', '/api/receive-money/create', {
      title, amount: 8.8, currency: 'HKD', payUrl: 'https://pay.example/checkout',
    }, suite.token);
    if (res.code !== 201) throw new Error(`order not created: ${res.code} ${res.msg}`);
  };

  it('after an order is created over the API, a reload of the open console list shows it', async () => {
    await createOrder('Before the reload');
    const page = await suite.openSignedIn('/admin/receive-money');
    await shown(page.locator('tbody tr', { hasText: 'Before the reload' }));

    await createOrder('Made over the API');
    await page.reload();
    await shown(page.locator('tbody tr', { hasText: 'Made over the API' }));
    await shown(page.locator('tbody tr', { hasText: 'Before the reload' }));
  });
});
