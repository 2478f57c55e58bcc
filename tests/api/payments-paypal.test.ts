/**
 * PayPal (issue 35): the protocol as the fake PayPal checks it (OAuth2
 * client credentials and one cached token, PayPal-Request-Id, amounts as
 * strings in the currency's own decimals, webhooks verified by asking PayPal),
 * capture exactly once whoever asks first, the currencies PayPal takes, an
 * approval for an order that ended never captured, and refunds.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { paypalConnector } from '../../server/payments/connectors/paypal';
import { DIALECTS } from '../support/app';
import { dataOf, expectRefused } from '../support/fixtures';
import { stored } from './payments-support';
import { paypalTestApi, type PayPalTestApi } from './payments-paypal-support';

vi.setConfig({ hookTimeout: 120_000 });

describe.each(DIALECTS)('PayPal on %s', (dialect) => {
  let api: PayPalTestApi;
  beforeAll(async () => {
    api = await paypalTestApi(dialect);
  });
  afterAll(() => api?.close());
  const requests = (path: string) => api.fake.requests.filter((r) => r.path === path);
  const events = (type: string) => api.fake.events.filter((e) => e.type === type);

  it('makes a PayPal order on the click, in the currency\'s own decimals, with Basic-auth credentials for one bearer token', async () => {
    const o = await api.paypalOrder({ title: 'Coffee beans', amount: 12.5, currency: 'HKD' });
    const first = await api.click(o.tradeNo);
    const made = api.orderOf(first);
    expect(dataOf(first).payUrl).toBe(`${api.fake.url}/checkoutnow?token=${made.id}`);
    expect(made).toMatchObject({
      status: 'PAYER_ACTION_REQUIRED', intent: 'CAPTURE',
      purchase_units: [{ custom_id: o.tradeNo, invoice_id: o.tradeNo, description: 'Coffee beans', amount: { currency_code: 'HKD', value: '12.50' } }],
      experience: { return_url: `http://shop.example.com/#/pay/order?tradeNo=${o.tradeNo}`, cancel_url: `http://shop.example.com/#/pay/emit?tradeNo=${o.tradeNo}` },
    });
    const [token] = requests('/v1/oauth2/token');
    expect(token!.headers.authorization).toBe(`Basic ${Buffer.from(`${api.fake.clientId}:${api.fake.clientSecret}`).toString('base64')}`);
    expect(token!.body).toBe('grant_type=client_credentials');
    const create = requests('/v2/checkout/orders').at(-1)!;
    expect(create.headers.authorization).toMatch(/^Bearer A21AA/);
    expect(create.headers['paypal-request-id']).toMatch(/^checkout-[\w-]{43}$/);
    expect(await api.row(o.id)).toMatchObject({ checkoutId: made.id, checkoutUrl: dataOf(first).payUrl });
    // A later click reuses it; whole-unit currencies go without decimals.
    api.clock.now += 60;
    expect(dataOf(await api.click(o.tradeNo)).payUrl).toBe(dataOf(first).payUrl);
    const yen = api.orderOf(await api.click((await api.paypalOrder({ amount: 1288, currency: 'JPY' })).tradeNo));
    expect(yen.purchase_units[0]!.amount).toEqual({ currency_code: 'JPY', value: '1288' });
    const twd = api.orderOf(await api.click((await api.paypalOrder({ amount: 300, currency: 'TWD' })).tradeNo));
    expect(twd.purchase_units[0]!.amount.value).toBe('300');
    expect(api.fake.calls['oauth.token']).toBe(1);
  });

  it('two clicks at once make one PayPal order: the same PayPal-Request-Id gets the stored answer', async () => {
    const o = await api.paypalOrder();
    const before = api.fake.calls['orders.create'] ?? 0;
    api.fake.latencyMs = 100;
    const [a, b] = await Promise.all([api.click(o.tradeNo), api.click(o.tradeNo)]).finally(() => { api.fake.latencyMs = 0; });
    expect(dataOf(b).payUrl).toBe(dataOf(a).payUrl);
    expect((api.fake.calls['orders.create'] ?? 0) - before).toBe(1);
    expect(api.fake.replays).toBeGreaterThanOrEqual(1);
  });

  it('fetches one token for concurrent calls, and a new one before the old expires', async () => {
    const now = { ms: api.clock.now * 1000 };
    const settings = { ...api.t.app.paydesk.settings.get('pay').paypal };
    const connector = paypalConnector(() => settings, { apiBase: api.fake.url, now: () => now.ms });
    const o = await api.paypalOrder();
    const order = { ...(await api.row(o.id)), checkoutId: api.orderOf(await api.click(o.tradeNo)).id, amount: 100 } as never;
    const fetched = api.fake.calls['oauth.token']!;
    await Promise.all(Array.from({ length: 5 }, () => connector.lookup!(order)));
    expect(api.fake.calls['oauth.token']).toBe(fetched + 1);
    await connector.lookup!(order);
    expect(api.fake.calls['oauth.token']).toBe(fetched + 1);
    // Four minutes before it would expire, the next call fetches a fresh one (PayPal would refuse the old one soon).
    now.ms += (api.fake.tokenLife - 4 * 60) * 1000;
    await connector.lookup!(order);
    expect(api.fake.calls['oauth.token']).toBe(fetched + 2);
    // Credentials that PayPal refuses are the operator's to fix: a refusal, not "PayPal is down".
    settings.client_secret = 'wrong';
    await expect(connector.lookup!(order)).rejects.toMatchObject({ code: 409, key: 'errors.provider_refused' });
  });

  it('captures once whoever asks first: the payer\'s return, the approval webhook and the look-up job together', async () => {
    const o = await api.paypalOrder({ amount: 40, currency: 'USD' });
    const made = api.orderOf(await api.click(o.tradeNo));
    const approved = await api.fake.quietly(async () => {
      await api.fake.approve(made.id);
      return events('CHECKOUT.ORDER.APPROVED').at(-1)!;
    });
    const captures = api.fake.calls['orders.capture'] ?? 0;
    api.fake.latencyMs = 50;
    api.clock.now += 3600;
    await Promise.all([api.check(o.tradeNo), api.fake.resend(approved), api.t.app.paydesk.payments.lookUpDue()]).finally(() => { api.fake.latencyMs = 0; });
    expect((api.fake.calls['orders.capture'] ?? 0) - captures).toBe(1);
    const captureIds = new Set(requests(`/v2/checkout/orders/${made.id}/capture`).map((r) => r.headers['paypal-request-id']));
    expect(captureIds.size).toBe(1);
    const { row, events: history, callbacks } = await stored(api, o.id);
    const capture = made.purchase_units[0]!.payments!.captures[0]!;
    expect(row).toMatchObject({ status: 'completed', channelTradeNo: capture.id });
    expect(Number(row.paidAmount)).toBe(40);
    expect(history.filter((e) => e.toStatus === 'completed')).toHaveLength(1);
    expect(callbacks.filter((c) => JSON.parse(c.payload).type === 'order.completed')).toHaveLength(1);
    expect(dataOf(await api.check(o.tradeNo)).status).toBe('completed');
  });

  it('verifies every webhook by asking PayPal: a forged one is refused after PayPal says so, an unsigned one before', async () => {
    const o = await api.paypalOrder();
    await api.click(o.tradeNo);
    const body = JSON.stringify({ id: 'WH-FORGED', event_type: 'PAYMENT.CAPTURE.COMPLETED', resource: { id: 'X1', status: 'COMPLETED', amount: { currency_code: 'USD', value: '100.00' }, custom_id: o.tradeNo } });
    const asked = () => api.fake.calls['webhooks.verify'] ?? 0;
    const before = asked();
    const headers = api.fake.sign(body);
    const forged = await api.notify(body.replace('100.00', '1.00'), headers);
    expect(forged.status).toBe(401);
    expect(asked()).toBe(before + 1);
    const verify = requests('/v1/notifications/verify-webhook-signature').at(-1)!;
    expect(JSON.parse(verify.body)).toMatchObject({ webhook_id: api.fake.webhookId, transmission_id: headers['paypal-transmission-id'], auth_algo: 'SHA256withRSA' });
    const { 'paypal-transmission-sig': _sig, ...unsigned } = headers;
    expect((await api.notify(body, unsigned)).status).toBe(401);
    expect(asked()).toBe(before + 1);
    expect((await api.notify('not json', api.fake.sign('not json'))).status).toBe(400);
    expect((await stored(api, o.id)).row.status).toBe('pending');
    // The same event, as PayPal signed it, is a payment.
    expect(dataOf((await api.notify(body, api.fake.sign(body))) as never).result).toBe('applied');
  });

  it('takes only the currencies PayPal takes: IDR is refused naming the currency, TWD in whole units, MYR only for a Malaysian account', async () => {
    expectRefused(await api.call('POST', '/api/receive-money/create', { channel: 'paypal', title: 'Tea', amount: 10000, currency: 'IDR' }), 'currency', 'receive-money');
    const idr = await api.call('POST', '/api/receive-money/create', { channel: 'paypal', title: 'Tea', amount: 10000, currency: 'IDR' });
    expect(idr.body.msg).toContain('IDR');
    expectRefused(await api.call('POST', '/api/receive-money/create', { channel: 'paypal', title: 'Tea', amount: 12.5, currency: 'TWD' }), 'amount', 'receive-money');
    expectRefused(await api.call('POST', '/api/receive-money/create', { channel: 'paypal', title: 'Tea', amount: 10, currency: 'MYR' }), 'currency', 'receive-money');
    // The order dialog offers PayPal by what the server says it takes now.
    const paypalTakes = async () => (dataOf(await api.call('GET', '/api/receive-money/providers')) as Array<{ name: string; currencies: string[] }>)
      .find((p) => p.name === 'paypal')!.currencies;
    expect(await paypalTakes()).toEqual(expect.arrayContaining(['USD', 'JPY', 'TWD', 'HKD']));
    expect(await paypalTakes()).not.toContain('IDR');
    expect(await paypalTakes()).not.toContain('MYR');
    const settings = api.t.app.paydesk.settings;
    await settings.update('pay', 'paypal', { ...settings.get('pay').paypal, country: 'MY' });
    try {
      expect(await paypalTakes()).toContain('MYR');
      const myr = await api.paypalOrder({ amount: 10, currency: 'MYR' });
      expect(api.orderOf(await api.click(myr.tradeNo)).purchase_units[0]!.amount).toEqual({ currency_code: 'MYR', value: '10.00' });
    } finally {
      await settings.update('pay', 'paypal', { ...settings.get('pay').paypal, country: '' });
    }
  });

  it('never captures an approval for an order that has ended, and a declined capture fails the order', async () => {
    const o = await api.paypalOrder();
    const made = api.orderOf(await api.click(o.tradeNo));
    const was = api.clock.now;
    api.clock.now = Number(o.expireTime) + 1;
    await api.t.app.paydesk.payments.expireDue();
    const captures = api.fake.calls['orders.capture'] ?? 0;
    await api.fake.approve(made.id).finally(() => { api.clock.now = was; });
    expect(api.fake.calls['orders.capture'] ?? 0).toBe(captures);
    expect((await stored(api, o.id)).row.status).toBe('expired');

    const declined = await api.paypalOrder();
    api.fake.captureOutcome = 'DECLINED';
    await api.fake.approve(api.orderOf(await api.click(declined.tradeNo)).id).finally(() => { api.fake.captureOutcome = 'COMPLETED'; });
    expect((await stored(api, declined.id)).row.status).toBe('failed');
  });

  it('refunds the capture with the refund\'s key as PayPal-Request-Id and its amount as a string; PayPal\'s refund event is matched', async () => {
    const o = await api.paypalOrder({ amount: 1288, currency: 'JPY' });
    await api.fake.approve(api.orderOf(await api.click(o.tradeNo)).id);
    expect((await stored(api, o.id)).row.status).toBe('completed');
    const capture = [...api.fake.captures.values()].find((c) => c.custom_id === o.tradeNo)!;
    api.fake.refundOutcome = 'PENDING';
    const half = dataOf(await api.call('POST', '/api/receive-money/refund', { id: o.id, amount: 644, reason: 'half back' }), 201).refund;
    api.fake.refundOutcome = 'COMPLETED';
    expect(half.state).toBe('pending');
    const sent = requests(`/v2/payments/captures/${capture.id}/refund`).at(-1)!;
    expect(JSON.parse(sent.body)).toEqual({ amount: { currency_code: 'JPY', value: '644' }, custom_id: half.idempotencyKey, note_to_payer: 'half back' });
    expect(sent.headers['paypal-request-id']).toMatch(/^refund-[\w-]{43}$/);
    // PayPal completes it later and says so.
    const made = api.fake.refunds.get(half.reference)!;
    made.status = 'COMPLETED';
    await api.fake.emit('PAYMENT.CAPTURE.REFUNDED', { ...made });
    expect(dataOf(await api.call('GET', `/api/refunds/take?id=${half.id}`)).state).toBe('succeeded');
    const rest = dataOf(await api.call('POST', '/api/receive-money/refund', { id: o.id, reason: 'the rest' }), 201);
    expect(rest.order).toMatchObject({ status: 'refunded', refundedAmount: 1288 });
  });

  it('a capture PayPal reverses (a chargeback) is a refund of what is left, made by PayPal, told to the merchant once however often PayPal tells it', async () => {
    const o = await api.paypalOrder({ amount: 40, currency: 'USD' });
    await api.fake.approve(api.orderOf(await api.click(o.tradeNo)).id);
    const capture = [...api.fake.captures.values()].find((c) => c.custom_id === o.tradeNo)!;
    dataOf(await api.call('POST', '/api/receive-money/refund', { id: o.id, amount: 15, reason: 'part back' }), 201);
    const reversal = await api.fake.reverse(capture.id);
    expect(reversal.status).toBe(200);
    await api.fake.resend(reversal);
    const { row, callbacks } = await stored(api, o.id);
    expect(row).toMatchObject({ status: 'refunded', refundedAmount: 40 });
    const refunds = await api.t.app.paydesk.db.any.selectFrom('refunds').selectAll().where('orderId', '=', o.id).orderBy('id').execute();
    expect(refunds.map((r) => [Number(r.amount), r.state, r.actor])).toEqual([[15, 'succeeded', expect.any(String)], [25, 'succeeded', 'paypal']]);
    expect(callbacks.map((c) => JSON.parse(c.payload)).filter((p) => p.type === 'order.refunded')).toHaveLength(2);
    // A reversal of a capture that is no payment of ours is heard and ignored.
    const stray = await api.fake.emit('PAYMENT.CAPTURE.REVERSED', {
      id: 'STRAY1', status: 'COMPLETED', amount: { currency_code: 'USD', value: '-5.00' }, links: [{ href: `${api.fake.url}/v2/payments/captures/NOPE`, rel: 'up' }],
    });
    expect(stray.status).toBe(200);
  });
});
