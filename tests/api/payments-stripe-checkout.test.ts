/**
 * The pay click on a Stripe order (issue 19 item 2): a Checkout Session made
 * at a fake Stripe that checks the protocol, reused across clicks, one per
 * order however the clicks race; the amount in Stripe's minor unit; the
 * method and currency table; what a payer is refused, and how.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PAY_CHANNELS, STRIPE_METHODS } from '../../schema/options';
import { DIALECTS } from '../support/app';
import { dataOf, expectRefused } from '../support/fixtures';
import { apiAddress } from '../../server/payments/connectors/stripe';
import { order } from './payments-support';
import { sessionOf, STRIPE_KEY, stripeApi, type StripeApi } from './payments-stripe-support';

vi.setConfig({ hookTimeout: 120_000 });

describe.each(DIALECTS)('Stripe checkout on %s', (dialect) => {
  let api: StripeApi;
  beforeAll(async () => {
    api = await stripeApi(dialect);
  });
  afterAll(() => api?.close());
  const created = () => api.fake.calls['sessions.create'] ?? 0;

  it('makes a session on the first click, with the order in it, and gives the same one to later clicks', async () => {
    const o = await api.stripeOrder({ title: 'Coffee beans', describe: 'Single origin, 250 g', amount: 12.5, currency: 'HKD', payType: 'wechat' });
    const before = created();
    const first = await api.click(o.tradeNo);
    const session = sessionOf(api, first);
    expect(session).toMatchObject({
      status: 'open', amount_total: 1250, currency: 'hkd', client_reference_id: o.tradeNo, metadata: { tradeNo: o.tradeNo },
      payment_method_types: ['wechat_pay'], payment_method_options: { wechat_pay: { client: 'web' } },
      success_url: `http://shop.example.com/#/pay/order?tradeNo=${o.tradeNo}`, cancel_url: `http://shop.example.com/#/pay/emit?tradeNo=${o.tradeNo}`,
    });
    expect(session.line_items_sent).toMatchObject([{ quantity: '1', price_data: { product_data: { name: 'Coffee beans', description: 'Single origin, 250 g' } } }]);
    const request = api.fake.requests.find((r) => r.path === '/v1/checkout/sessions' && r.method === 'POST')!;
    expect(request.headers.authorization).toBe(`Bearer ${STRIPE_KEY}`);
    // The order, the attempt (the first: no session replaced) and a digest of the parameters.
    expect(request.headers['idempotency-key']).toMatch(new RegExp(`^paydesk-checkout-${o.tradeNo}-first-[\\w-]{22}$`));
    // A day at most, three days being the order's own time: Stripe's limit wins.
    expect(session.expires_at - api.clock.now).toBeLessThanOrEqual(24 * 3600);
    expect(session.expires_at - api.clock.now).toBeGreaterThan(23 * 3600);
    expect(await api.row(o.id)).toMatchObject({ checkoutId: session.id, checkoutUrl: session.url, checkoutExpires: session.expires_at });

    // How long the click waited on Stripe, for whoever looks into a slow one; a reused session waited on nothing.
    expect(first.headers['server-timing']).toMatch(/^provider;dur=\d+\.\d\d$/);
    api.clock.now += 600;
    const again = await api.click(o.tradeNo);
    expect(dataOf(again).payUrl).toBe(session.url);
    expect(again.headers['server-timing']).toBeUndefined();
    expect(created()).toBe(before + 1);
  });

  it('two clicks at once make one session at Stripe, and both payers get it', async () => {
    const o = await api.stripeOrder();
    const before = created();
    api.fake.latencyMs = 150;
    try {
      const [a, b] = await Promise.all([api.click(o.tradeNo), api.click(o.tradeNo)]);
      expect(dataOf(b).payUrl).toBe(dataOf(a).payUrl);
    } finally {
      api.fake.latencyMs = 0;
    }
    expect(created()).toBe(before + 1);
    expect((await api.row(o.id)).checkoutUrl).toBe(dataOf(await api.click(o.tradeNo)).payUrl);
  });

  it('an order ending sooner than 30 minutes still gets a session of at least 30 minutes (Stripe\'s least)', async () => {
    const o = await api.stripeOrder({ expireTime: api.clock.now + 5 * 60 });
    const session = sessionOf(api, await api.click(o.tradeNo));
    expect(session.expires_at - api.clock.now).toBeGreaterThanOrEqual(30 * 60);
    expect(session.expires_at - api.clock.now).toBeLessThanOrEqual(40 * 60);
  });

  it('a session with a minute or less left is replaced by a new one, the old one expired at Stripe', async () => {
    const o = await api.stripeOrder({ expireTime: api.clock.now + 2 * 24 * 3600 });
    const old = sessionOf(api, await api.click(o.tradeNo));
    // A minute and a second left: the payer still has time to pay it.
    api.clock.now = old.expires_at - 61;
    expect(sessionOf(api, await api.click(o.tradeNo)).id).toBe(old.id);
    api.clock.now = old.expires_at - 60;
    const fresh = sessionOf(api, await api.click(o.tradeNo));
    expect(fresh.id).not.toBe(old.id);
    expect(old.status).toBe('expired');
    expect((await api.row(o.id)).checkoutId).toBe(fresh.id);
    // A key of its own, naming the session it replaces, so Stripe does not answer the old one again.
    const request = api.fake.requests.filter((r) => r.path === '/v1/checkout/sessions' && r.method === 'POST').at(-1)!;
    expect(request.headers['idempotency-key']).toMatch(new RegExp(`^paydesk-checkout-${o.tradeNo}-${old.id}-[\\w-]{22}$`));
  });

  it.each([
    ['JPY', 1288, 1288],
    ['KRW', 50000, 50000],
    ['HKD', 12.5, 1250],
    ['USD', 0.99 + 1, 199],
    ['TWD', 300, 30000],
    ['HUF', 1500, 150000],
  ])('charges %s %s as %s in Stripe\'s minor unit', async (currency, amount, minor) => {
    const o = await api.stripeOrder({ currency, amount });
    expect(sessionOf(api, await api.click(o.tradeNo)).amount_total).toBe(minor);
  });

  it('refuses a Stripe order of TWD with cents, naming amount: Stripe charges it in whole units only', async () => {
    const res = await api.call('POST', '/api/receive-money/create', { channel: 'stripe', title: 'Tea', amount: 12.5, currency: 'TWD' });
    expectRefused(res, 'amount', 'receive-money');
    expect(res.body.msg).toContain('whole units');
    // A manual order may ask for it: its gateway may take cents.
    dataOf(await api.call('POST', '/api/receive-money/create', { channel: 'manual', title: 'Tea', amount: 12.5, currency: 'TWD', payUrl: 'https://pay.example.com/t' }), 201);
    // Nor can a Stripe order be repriced into it.
    const o = await api.stripeOrder({ currency: 'TWD', amount: 300 });
    expectRefused(await api.call('PUT', '/api/receive-money/update', { id: o.id, amount: 300.5 }), 'amount', 'receive-money');
  });

  it('a Stripe order stored with TWD cents before that check never reaches Stripe: its click is a 409', async () => {
    // An order stored with cents before (a manual one moved is refused the same way) never reaches Stripe: a 409 on the click.
    const o = await api.stripeOrder({ currency: 'TWD', amount: 12 });
    await api.t.app.paydesk.db.any.updateTable('receive_money').set({ amount: 12.5 }).where('id', '=', o.id).execute();
    const click = await api.click(o.tradeNo);
    expect(click.status, click.text).toBe(409);
    expect(click.body.msg).toBe('Stripe charges TWD in whole units only');
  });

  // Every currency that has pay channels, with every Stripe method: allowed where Stripe takes it, else a 400 naming payType.
  const matrix = Object.keys(PAY_CHANNELS).flatMap((currency) => Object.keys(STRIPE_METHODS).map((payType) => [currency, payType] as const));
  it.each(matrix)('%s with %s: a session offering that method, or a 400 naming payType', async (currency, payType) => {
    const method = STRIPE_METHODS[payType]!;
    const takes = method.currencies === 'any' || method.currencies.includes(currency);
    const body = { channel: 'stripe', payUrl: '', title: 'Matrix', amount: 100, currency, payType };
    const res = await api.call('POST', '/api/receive-money/create', body);
    if (!takes) return expectRefused(res, 'payType', 'receive-money');
    const o = dataOf(res, 201);
    const session = sessionOf(api, await api.click(o.tradeNo));
    expect(session.payment_method_types).toEqual([method.type]);
    expect(session.currency).toBe(currency.toLowerCase());
    // WeChat Pay needs to know it is paid from a web page; no other method is sent options.
    expect(session.payment_method_options).toEqual(method.type === 'wechat_pay' ? { wechat_pay: { client: 'web' } } : {});
  });

  it('a blank payType lets Stripe choose the methods', async () => {
    const o = await api.stripeOrder({ currency: 'SGD', payType: '' });
    sessionOf(api, await api.click(o.tradeNo));
    const sent = api.fake.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!;
    expect(sent.params.allowed_payment_method_types).toBeUndefined();
  });

  it('a manual order\'s click answers its payUrl, and no call reaches Stripe', async () => {
    const o = await order(api, { payUrl: 'https://gateway.example.com/pay/77' });
    const calls = api.fake.requests.length;
    expect(dataOf(await api.click(o.tradeNo)).payUrl).toBe('https://gateway.example.com/pay/77');
    expect(api.fake.requests.length).toBe(calls);
  });

  it('refuses an ended or overdue order with 409, an unknown one with 404, a bad tradeNo with 400; never a session', async () => {
    const closed = await api.stripeOrder();
    dataOf(await api.call('POST', '/api/receive-money/close', { id: closed.id, reason: 'customer left' }));
    const overdue = await api.stripeOrder({ expireTime: api.clock.now + 60 });
    api.clock.now += 120;
    const before = created();
    for (const o of [closed, overdue]) {
      const res = await api.click(o.tradeNo);
      expect(res.status, res.text).toBe(409);
      expect(res.body.msg).toBe('This order is no longer open for payment');
    }
    expect((await api.click('no-such-order')).status).toBe(404);
    expectRefused(await api.click('bad trade no!'), 'tradeNo', 'receive-money');
    expectRefused(await api.anon('POST', '/api/receive-money/checkout', {}), 'tradeNo', 'receive-money');
    expect(created()).toBe(before);
  });

  it('answers 502 "provider unavailable" when Stripe fails, and a later click works', async () => {
    const o = await api.stripeOrder();
    api.fake.failNext(2, 500);
    const res = await api.click(o.tradeNo);
    expect(res.status, res.text).toBe(502);
    expect(res.body.msg).toMatch(/cannot be reached/);
    expect((await api.row(o.id)).checkoutId).toBe('');
    expect(sessionOf(api, await api.click(o.tradeNo)).client_reference_id).toBe(o.tradeNo);
  });

  it('a session Stripe answers without a page for the payer is a 502, and nothing is stored', async () => {
    const o = await api.stripeOrder();
    api.fake.hold = async (endpoint, made) => { if (endpoint === 'sessions.create') Object.assign(made as object, { url: null }); };
    const res = await api.click(o.tradeNo).finally(() => { api.fake.hold = undefined; });
    expect([res.status, res.body.msg]).toEqual([502, 'The payment provider cannot be reached right now; please try again shortly']);
    expect((await api.row(o.id)).checkoutId).toBe('');
  });

  // Asking again changes nothing: a 409 with Stripe's own reason (the first 200 characters), and no session stored.
  const missing = "The provided key 'rk_test_***' does not have the required permissions for this endpoint on account 'acct_1PaydeskFake'. ";
  it.each([
    ['a restricted key without the Checkout permission', 403, 'invalid_request_error', `${missing}Having the 'rak_checkout_session_write' permission would allow this request to continue.`],
    ['a method not enabled on the account', 400, 'invalid_request_error', 'The payment method type "wechat_pay" is invalid. Please ensure the provided type is activated in your dashboard.'],
    ['an Idempotency-Key used with other parameters', 400, 'idempotency_error', 'Keys for idempotent requests can only be used with the same parameters they were first used with.'],
  ])('Stripe refusing the session (%s) is a 409 that gives its reason, and a later click works', async (_name, status, type, message) => {
    const o = await api.stripeOrder();
    api.fake.failNext(1, status, { type, message });
    const res = await api.click(o.tradeNo);
    expect(res.status, res.text).toBe(409);
    expect(res.body.msg).toBe(`The payment provider refused the request: ${message.slice(0, 200)}`);
    expect((await api.row(o.id)).checkoutId).toBe('');
    expect(sessionOf(api, await api.click(o.tradeNo)).client_reference_id).toBe(o.tradeNo);
  });

  it('takes the payer\'s site from X-Forwarded-* only behind a trusted proxy', async () => {
    const o = await api.stripeOrder();
    const session = sessionOf(api, await api.click(o.tradeNo, { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' }));
    expect(session.success_url.startsWith('http://shop.example.com/')).toBe(true);
  });

  it('calls another Stripe API (STRIPE_API_BASE) at its port, or its scheme\'s own when it names none', () => {
    expect(apiAddress('http://127.0.0.1:12111')).toEqual({ host: '127.0.0.1', port: 12111, protocol: 'http' });
    expect(apiAddress('http://stripe-mock')).toEqual({ host: 'stripe-mock', port: 80, protocol: 'http' });
    expect(apiAddress('https://stripe.internal.example')).toEqual({ host: 'stripe.internal.example', port: 443, protocol: 'https' });
  });

  it('tells Stripe nothing of how long its earlier answers took (the client\'s telemetry is off)', () => {
    expect(api.fake.requests.length).toBeGreaterThan(1);
    expect(api.fake.requests.filter((r) => r.headers['x-stripe-client-telemetry'])).toEqual([]);
  });
});
