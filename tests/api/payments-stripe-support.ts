/**
 * What the Stripe suites share: an app pointed at a fake Stripe (the
 * `apiBases.stripe` option, which main.ts fills from STRIPE_API_BASE), a test
 * key and a webhook secret in pay.toml, and the fake's events delivered to
 * the app's own `/notify/stripe` route, signed as Stripe signs them.
 */
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe';
import { dataOf, type Reply } from '../support/fixtures';
import { order, payApi, type PayApi } from './payments-support';

export const STRIPE_KEY = 'sk_test_paydeskfake0123456789';
export const STRIPE_WEBHOOK_SECRET = 'whsec_paydeskstripefake0123456789';

export interface StripeApi extends PayApi {
  fake: FakeStripe;
  /** The payer's pay click, as the pay page sends it (no token), from this site. */
  click(tradeNo: string, headers?: Record<string, string>): Promise<Reply>;
  /** The result page's look-up. */
  check(tradeNo: string): Promise<Reply>;
  /** A Stripe order made through the API. */
  stripeOrder(body?: Record<string, unknown>): Promise<Record<string, any>>;
  /** The order as stored. */
  row(id: number): Promise<Record<string, any>>;
  close(): Promise<void>;
}

export async function stripeApi(dialect: 'sqlite' | 'mysql', o: { key?: string } = {}): Promise<StripeApi> {
  // The fake starts first (the app needs its address) and reaches the app once it is built.
  const ref: { api?: PayApi } = {};
  const fake = await startFakeStripe({
    clock: () => ref.api?.clock.now ?? Math.floor(Date.now() / 1000),
    webhookSecret: STRIPE_WEBHOOK_SECRET,
    deliver: async (body, headers) => {
      // Stripe sends a refund's events after answering the refund call, so the last ones of a test may come after
      // its app closed: a server that is gone is a failed delivery (status 0), as for an unreachable address.
      const res = await ref.api!.t.app.inject({ method: 'POST', url: '/api/receive-money/notify/stripe', payload: body, headers })
        .catch((error: { code?: string }) => {
          if (error.code === 'FST_ERR_REOPENED_CLOSE_SERVER') return { statusCode: 0 };
          throw error;
        });
      return { status: res.statusCode };
    },
  });
  const a = ref.api = await payApi(dialect, { payments: { apiBases: { stripe: fake.url } } });
  await a.t.app.paydesk.settings.update('pay', 'stripe', { secret_key: o.key ?? STRIPE_KEY, secrets: STRIPE_WEBHOOK_SECRET });
  const post = (url: string, tradeNo: string, headers: Record<string, string> = {}) =>
    a.t.call('POST', url, { tradeNo }, undefined, { host: 'shop.example.com', cookie: 'lang=en-us', ...headers });
  const close = a.close.bind(a);
  return Object.assign(a, {
    fake,
    click: (tradeNo: string, headers?: Record<string, string>) => post('/api/receive-money/checkout', tradeNo, headers),
    check: (tradeNo: string) => post('/api/receive-money/check', tradeNo),
    stripeOrder: (body: Record<string, unknown> = {}) => order(a, { channel: 'stripe', payUrl: '', ...body }),
    row: (id: number) => a.t.app.paydesk.db.any.selectFrom('receive_money').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
    close: async () => {
      await close();
      await fake.close();
    },
  });
}

/** The session behind a pay link the app answered. */
export function sessionOf(api: StripeApi, res: Reply) {
  const url = String(dataOf(res).payUrl);
  const id = url.split('/pay/')[1] ?? '';
  const session = api.fake.sessions.get(id);
  if (!session) throw new Error(`no session at the fake for ${url}`);
  return session;
}
