/**
 * What the PayPal suites share: an app pointed at a fake PayPal (the
 * `apiBases.paypal` option, which main.ts fills from PAYPAL_API_BASE), the
 * fake's client credentials and webhook id in pay.toml, and the fake's events
 * delivered to the app's own `/notify/paypal` route, signed as PayPal signs.
 */
import { startFakePayPal, type FakeOrder, type FakePayPal } from '../support/fake-paypal';
import { dataOf, type Reply } from '../support/fixtures';
import { order, payApi, type PayApi } from './payments-support';

export interface PayPalTestApi extends PayApi {
  fake: FakePayPal;
  click(tradeNo: string): Promise<Reply>;
  check(tradeNo: string): Promise<Reply>;
  paypalOrder(body?: Record<string, unknown>): Promise<Record<string, any>>;
  row(id: number): Promise<Record<string, any>>;
  /** The PayPal order behind a pay link the app answered. */
  orderOf(res: Reply): FakeOrder;
  /** Delivers a body with these headers to the notify route; its status and envelope. */
  notify(body: string, headers: Record<string, string>): Promise<{ status: number; body: any }>;
  close(): Promise<void>;
}

export async function paypalTestApi(dialect: 'sqlite' | 'mysql', o: { country?: string } = {}): Promise<PayPalTestApi> {
  const ref: { api?: PayApi } = {};
  const notify = async (body: string, headers: Record<string, string>) => {
    const res = await ref.api!.t.app.inject({ method: 'POST', url: '/api/receive-money/notify/paypal', payload: body, headers: { cookie: 'lang=en-us', ...headers } })
      // PayPal's events after a refund or capture may come after the test's app closed: a failed delivery.
      .catch((error: { code?: string }) => {
        if (error.code === 'FST_ERR_REOPENED_CLOSE_SERVER') return undefined;
        throw error;
      });
    return { status: res?.statusCode ?? 0, body: res ? JSON.parse(res.body || 'null') : null };
  };
  const fake = await startFakePayPal({
    clock: () => ref.api?.clock.now ?? Math.floor(Date.now() / 1000),
    deliver: async (body, headers) => ({ status: (await notify(body, headers)).status }),
  });
  const a = ref.api = await payApi(dialect, { payments: { apiBases: { paypal: fake.url } } });
  await a.t.app.paydesk.settings.update('pay', 'paypal', {
    client_id: fake.clientId, client_secret: fake.clientSecret, webhook_id: fake.webhookId, mode: 'sandbox', country: o.country ?? '',
  });
  const post = (url: string, tradeNo: string) =>
    a.t.call('POST', url, { tradeNo }, undefined, { host: 'shop.example.com', cookie: 'lang=en-us' });
  const close = a.close.bind(a);
  return Object.assign(a, {
    fake, notify,
    click: (tradeNo: string) => post('/api/receive-money/checkout', tradeNo),
    check: (tradeNo: string) => post('/api/receive-money/check', tradeNo),
    paypalOrder: (body: Record<string, unknown> = {}) => order(a, { channel: 'paypal', payUrl: '', ...body }),
    row: (id: number) => a.t.app.paydesk.db.any.selectFrom('receive_money').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
    orderOf(res: Reply) {
      const id = new URL(String(dataOf(res).payUrl)).searchParams.get('token') ?? '';
      const found = fake.orders.get(id);
      if (!found) throw new Error(`no order at the fake for ${dataOf(res).payUrl}`);
      return found;
    },
    close: async () => {
      await close();
      await fake.close();
    },
  });
}
