/**
 * Paydesk and Stripe kept in step (issue 19 item 2): a payment whose webhook
 * never came is found by the look-up job and by the result page (throttled),
 * applied once; delayed methods wait for their outcome; an order that ends
 * has its session expired at Stripe, now or, when Stripe is down, later; a
 * stale signature, or a signed event that cannot be read, is refused, and one
 * about nothing of Paydesk's ignored. Time moves by the app's clock, never by waiting.
 */
import fs from 'node:fs';
import path from 'node:path';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeConnectors } from '../../server/payments/connectors';
import { checkChannelReady } from '../../server/payments/checkout-routes';
import { PAY_PROVIDERS } from '../../schema/options';
import { PAY_PROVIDER_SETTINGS, SETTINGS_DEFAULTS } from '../../schema/settings';
import { DIALECTS } from '../support/app';
import { dataOf, expectRefused } from '../support/fixtures';
import { stored, userWith } from './payments-support';
import { sessionOf, STRIPE_KEY, STRIPE_WEBHOOK_SECRET, stripeApi, type StripeApi } from './payments-stripe-support';

vi.setConfig({ hookTimeout: 120_000 });

describe.each(DIALECTS)('Stripe kept in step on %s', (dialect) => {
  let api: StripeApi;
  beforeAll(async () => {
    api = await stripeApi(dialect);
  });
  afterAll(() => api?.close());
  const calls = (name: string) => api.fake.calls[name] ?? 0;
  const payments = () => api.t.app.paydesk.payments;

  async function clicked(body: Record<string, unknown> = {}) {
    const o = await api.stripeOrder(body);
    return { o, session: sessionOf(api, await api.click(o.tradeNo)) };
  }

  it('a payment with its webhook completes the order with Stripe\'s PaymentIntent', async () => {
    const { o, session } = await clicked({ amount: 1288, currency: 'JPY' });
    await api.fake.pay(session.id);
    expect(api.fake.events.at(-1)).toMatchObject({ type: 'checkout.session.completed', sent: true, status: 200 });
    const { row, events } = await stored(api, o.id);
    expect(row).toMatchObject({ status: 'completed', channelTradeNo: session.payment_intent });
    expect(Number(row.paidAmount)).toBe(1288);
    expect(events).toHaveLength(1);
  });

  it('a payment whose webhook never came is found by the job after two minutes, and applied once', async () => {
    const { o, session } = await clicked();
    await api.fake.quietly(() => api.fake.pay(session.id));
    const asked = calls('sessions.retrieve');
    // The webhook's own time to arrive: the job leaves a new session alone.
    api.clock.now += 60;
    await payments().lookUpDue();
    expect(calls('sessions.retrieve')).toBe(asked);
    expect((await api.row(o.id)).status).toBe('pending');
    api.clock.now += 61;
    await payments().lookUpDue();
    expect(calls('sessions.retrieve')).toBe(asked + 1);
    expect(await api.row(o.id)).toMatchObject({ status: 'completed', channelTradeNo: session.payment_intent });
    // The webhook arriving after all changes nothing more.
    await api.fake.resend(api.fake.events.findLast((e) => e.type === 'checkout.session.completed')!);
    api.clock.now += 61;
    await payments().lookUpDue();
    const { events, callbacks } = await stored(api, o.id);
    expect([events.length, callbacks.length]).toEqual([1, 1]);
    // The story says how it was learnt: by asking Stripe, not from a notification.
    expect(events[0]).toMatchObject({ source: 'lookup', actor: 'stripe', toStatus: 'completed' });
  });

  it('the result page finds a payment whose webhook never came, asking Stripe at most once per 10 s', async () => {
    const { o, session } = await clicked();
    const asked = calls('sessions.retrieve');
    expect(dataOf(await api.check(o.tradeNo))).toMatchObject({ tradeNo: o.tradeNo, status: 'pending' });
    expect(calls('sessions.retrieve')).toBe(asked + 1);
    await api.fake.quietly(() => api.fake.pay(session.id));
    api.clock.now += 5;
    expect(dataOf(await api.check(o.tradeNo)).status).toBe('pending');
    expect(calls('sessions.retrieve')).toBe(asked + 1);
    api.clock.now += 6;
    expect(dataOf(await api.check(o.tradeNo))).toMatchObject({ status: 'completed', paidAmount: 12.5 });
    expect(calls('sessions.retrieve')).toBe(asked + 2);
    // Paid: nothing more to ask Stripe.
    api.clock.now += 30;
    expect(dataOf(await api.check(o.tradeNo)).status).toBe('completed');
    expect(calls('sessions.retrieve')).toBe(asked + 2);
  });

  it('a delayed method: the unpaid completed session is ignored, its async outcome decides', async () => {
    const paid = await clicked();
    await api.fake.pay(paid.session.id, { delayed: true });
    expect((await api.row(paid.o.id)).status).toBe('pending');
    // Looking it up says nothing either while the money is on its way.
    expect(dataOf(await api.check(paid.o.tradeNo)).status).toBe('pending');
    await api.fake.asyncResult(paid.session.id, 'succeeded');
    expect(await api.row(paid.o.id)).toMatchObject({ status: 'completed', channelTradeNo: paid.session.payment_intent });

    const failed = await clicked();
    await api.fake.pay(failed.session.id, { delayed: true });
    await api.fake.asyncResult(failed.session.id, 'failed');
    expect((await api.row(failed.o.id)).status).toBe('failed');
  });

  it('an order that expires, even one shorter than a session, has its session expired at Stripe at the order\'s time', async () => {
    const { o, session } = await clicked({ expireTime: api.clock.now + 5 * 60 });
    expect(session.expires_at - api.clock.now).toBeGreaterThanOrEqual(30 * 60);
    api.clock.now += 5 * 60;
    expect(await payments().expireDue()).toBeGreaterThanOrEqual(1);
    await expect.poll(() => session.status).toBe('expired');
    await expect.poll(async () => (await api.row(o.id)).checkoutUrl).toBe('');
    expect((await api.row(o.id)).status).toBe('expired');
  });

  it.each([['close'], ['mark-failed']])('an operator\'s %s expires the open session at Stripe', async (action) => {
    const { o, session } = await clicked();
    dataOf(await api.call('POST', `/api/receive-money/${action}`, { id: o.id, reason: 'payer asked' }));
    await expect.poll(() => session.status).toBe('expired');
    // Nobody can pay it now: Stripe's page says so, and a click is refused.
    expect(api.fake.sessions.get(session.id)!.status).toBe('expired');
    expect((await api.click(o.tradeNo)).status).toBe(409);
  });

  it('with Stripe unreachable when the order closes, the job expires the session later', async () => {
    const { o, session } = await clicked();
    api.fake.failNext(2, 503);
    dataOf(await api.call('POST', '/api/receive-money/close', { id: o.id, reason: 'payer asked' }));
    await expect.poll(() => api.fake.requests.filter((r) => r.path.endsWith(`${session.id}/expire`)).length).toBeGreaterThanOrEqual(1);
    expect(session.status).toBe('open');
    expect((await api.row(o.id)).checkoutUrl).toBe(session.url);
    api.clock.now += 121;
    await payments().lookUpDue();
    expect(session.status).toBe('expired');
    expect((await api.row(o.id)).checkoutUrl).toBe('');
  });

  it('a session that expired at Stripe while the order has time left is replaced on the next click; the order stays pending', async () => {
    const { o, session } = await clicked({ expireTime: api.clock.now + 2 * 24 * 3600 });
    await api.fake.quietly(() => api.fake.expireAtStripe(session.id));
    api.clock.now += 121;
    await payments().lookUpDue();
    expect(await api.row(o.id)).toMatchObject({ status: 'pending', checkoutUrl: '' });
    const next = sessionOf(api, await api.click(o.tradeNo));
    expect(next.id).not.toBe(session.id);
    expect(next.status).toBe('open');
  });

  it('refuses a Stripe event with a stale signature (401) and changes nothing', async () => {
    const { o, session } = await clicked();
    const payload = JSON.stringify({ id: 'evt_stale1', object: 'event', type: 'checkout.session.completed', created: api.clock.now, data: { object: { ...session, status: 'complete', payment_status: 'paid', payment_intent: 'pi_x' } } });
    const stale = Stripe.webhooks.generateTestHeaderString({ payload, secret: STRIPE_WEBHOOK_SECRET, timestamp: Math.floor(Date.now() / 1000) - 6 * 60 });
    const res = await api.t.app.inject({ method: 'POST', url: '/api/receive-money/notify/stripe', payload, headers: { 'content-type': 'application/json', cookie: 'lang=en-us', 'stripe-signature': stale } });
    expect(res.statusCode, res.body).toBe(401);
    expect(res.json().msg).toBe('The notification signature is invalid or expired');
    expect((await api.row(o.id)).status).toBe('pending');
  });

  /** A Stripe event (or any body) signed with the app's webhook secret, as the app answers it. */
  async function send(type: string, object?: Record<string, unknown>, raw?: string) {
    const payload = raw ?? JSON.stringify({ id: `evt_${Math.random().toString(36).slice(2)}`, object: 'event', type, created: api.clock.now, ...(object && { data: { object } }) });
    const headers = { 'content-type': 'application/json', cookie: 'lang=en-us', 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: STRIPE_WEBHOOK_SECRET }) };
    const res = await api.t.app.inject({ method: 'POST', url: '/api/receive-money/notify/stripe', payload, headers });
    return { status: res.statusCode, msg: res.json().msg as string, result: res.json().data?.result as string, id: res.json().data?.id as string };
  }

  it('answers a signed event it cannot read with 400, one about nothing of Paydesk\'s with 200, and changes nothing', async () => {
    const o = await api.stripeOrder();
    const session = { id: 'cs_odd', object: 'checkout.session', client_reference_id: o.tradeNo, payment_status: 'paid', payment_intent: 'pi_odd' };
    const malformed = { status: 400, msg: 'The notification body is malformed' };
    expect(await send('', undefined, 'not json')).toMatchObject(malformed);
    expect(await send('checkout.session.completed', { ...session, currency: 'usd' })).toMatchObject(malformed);
    expect(await send('checkout.session.completed', { ...session, amount_total: 1250 })).toMatchObject(malformed);
    // An event without its object, a payment made at Stripe outside Paydesk, a charge of an API version that leaves its refunds out.
    const ignored = { status: 200, result: 'ignored', id: expect.stringMatching(/^evt_/) };
    expect(await send('checkout.session.completed')).toMatchObject(ignored);
    expect(await send('payment_intent.succeeded', { id: 'pi_shop', amount: 1250, currency: 'usd', metadata: {} })).toMatchObject(ignored);
    expect(await send('charge.refunded', { id: 'ch_1', object: 'charge', payment_intent: 'pi_odd', amount_refunded: 1250 })).toMatchObject(ignored);
    const { row, events } = await stored(api, o.id);
    expect([row.status, events.length]).toEqual(['pending', 0]);
  });

  it('records a payment under its PaymentIntent, or its session when Stripe made none, and reads what a PaymentIntent received', async () => {
    const [free, short, failed] = [await api.stripeOrder(), await api.stripeOrder(), await api.stripeOrder()];
    await send('checkout.session.completed', { id: 'cs_nopi', client_reference_id: free.tradeNo, amount_total: 1250, currency: 'usd', payment_status: 'paid', payment_intent: null });
    expect(await api.row(free.id)).toMatchObject({ status: 'completed', channelTradeNo: 'cs_nopi' });
    await send('payment_intent.succeeded', { id: 'pi_short', metadata: { tradeNo: short.tradeNo }, amount: 1250, amount_received: 1000, currency: 'usd' });
    expect(await api.row(short.id)).toMatchObject({ status: 'pending', exception: 'underpaid' });
    await send('payment_intent.payment_failed', { id: 'pi_failed', metadata: { tradeNo: failed.tradeNo }, amount: 1250, currency: 'usd' });
    expect((await stored(api, failed.id)).events).toMatchObject([{ toStatus: 'failed', reference: 'pi_failed' }]);
  });

  it('with no secret set refuses every notification, and with no key asks Stripe nothing, saying which is missing', async () => {
    const connectors = makeConnectors(() => ({ ...SETTINGS_DEFAULTS.pay, standard: { secrets: ' ' }, stripe: { secret_key: '', secrets: '' } }), { apiBases: { stripe: api.fake.url } });
    for (const connector of [connectors.manual, connectors.stripe]) {
      expect(() => connector.verify(Buffer.from('{}'), {})).toThrow(expect.objectContaining({ code: 401, key: 'errors.notify_not_configured' }));
    }
    const { o } = await clicked();
    const order = { ...(await api.row(o.id)), amount: Number(o.amount) } as never;
    await expect(connectors.stripe.lookup!(order)).rejects.toMatchObject({ code: 409, key: 'errors.channel_not_ready', params: { channel: 'Stripe' } });
  });


  it('the look-up reads the amount and currency Stripe took, not the order\'s: another currency is flagged, not paid', async () => {
    const { o, session } = await clicked({ amount: 12.5, currency: 'USD' });
    await api.fake.quietly(() => api.fake.pay(session.id, { amount: 1000, currency: 'EUR' }));
    api.clock.now += 121;
    await payments().lookUpDue();
    const { row, events } = await stored(api, o.id);
    expect(row).toMatchObject({ status: 'pending', exception: 'wrong_currency' });
    expect(events.at(-1)).toMatchObject({ source: 'lookup', currency: 'EUR' });
    expect(Number(events.at(-1)!.amount)).toBe(10);
  });

  it('closing an order whose session Stripe no longer has open (paid meanwhile) forgets the session, not asking again', async () => {
    const { o, session } = await clicked();
    await api.fake.quietly(() => api.fake.pay(session.id));
    dataOf(await api.call('POST', '/api/receive-money/close', { id: o.id, reason: 'payer asked' }));
    await expect.poll(async () => (await api.row(o.id)).checkoutUrl).toBe('');
    const expires = () => api.fake.requests.filter((r) => r.path.endsWith(`${session.id}/expire`)).length;
    expect(expires()).toBe(1);
    api.clock.now += 121;
    await payments().lookUpDue();
    expect(expires()).toBe(1);
  });

  it('the connector asks Stripe nothing about an order without a session, and tells the job when Stripe could not expire one', async () => {
    const stripe = makeConnectors(() => api.t.app.paydesk.settings.get('pay'), { apiBases: { stripe: api.fake.url } }).stripe;
    const o = await api.stripeOrder();
    const orderOf = async () => ({ ...(await api.row(o.id)), amount: Number(o.amount) }) as never;
    const requests = api.fake.requests.length;
    expect(await stripe.lookup!(await orderOf())).toBeNull();
    await stripe.expireCheckout!(await orderOf());
    expect(api.fake.requests.length).toBe(requests);
    // Stripe down (both tries of the client): an error, so the closing job tries again; unlike a session no longer open.
    const session = sessionOf(api, await api.click(o.tradeNo));
    api.fake.failNext(2, 503);
    await expect(stripe.expireCheckout!(await orderOf())).rejects.toMatchObject({ code: 502, key: 'errors.provider_unavailable' });
    expect(session.status).toBe('open');
  });

  it('says which providers are ready and in test mode, and follows a key changed in the settings at once', async () => {
    expect((await api.anon('GET', '/api/receive-money/providers')).status).toBe(401);
    // Every provider is listed (those not set up as not ready); these two are set up here.
    const providers = async () => dataOf(await api.call('GET', '/api/receive-money/providers')) as Array<{ name: string }>;
    const stripeNow = async () => (await providers()).find((p) => p.name === 'stripe');
    expect((await providers()).map((p) => p.name)).toEqual([...PAY_PROVIDERS]);
    expect(await providers()).toEqual(expect.arrayContaining([
      { name: 'manual', ready: true, testMode: false, currencies: null }, expect.objectContaining({ name: 'stripe', ready: true, testMode: true }),
    ]));
    const settings = api.t.app.paydesk.settings;
    const o = await api.stripeOrder();
    const earlier = await clicked();
    api.clock.now += 11;
    try {
      await settings.update('pay', 'stripe', { secret_key: 'sk_test_another0123456789', secrets: STRIPE_WEBHOOK_SECRET });
      sessionOf(api, await api.click((await api.stripeOrder()).tradeNo));
      expect(api.fake.requests.at(-1)!.headers.authorization).toBe('Bearer sk_test_another0123456789');
      await settings.update('pay', 'stripe', { secret_key: 'sk_live_realmoney0123456789', secrets: STRIPE_WEBHOOK_SECRET });
      expect(await stripeNow()).toMatchObject({ name: 'stripe', ready: true, testMode: false });
      // A blank secret sent back keeps the stored one: the operator removes the key in pay.toml itself.
      const file = path.join(api.t.configDir, 'pay.toml');
      fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace(/secret_key = ".*"/, 'secret_key = ""'));
      await settings.reload();
      expect(await stripeNow()).toMatchObject({ name: 'stripe', ready: false, testMode: false });
      // No key: a new Stripe order is refused naming channel; a payer's click on an older one is a 409, not a 500.
      expectRefused(await api.call('POST', '/api/receive-money/create', { channel: 'stripe', title: 'Tea', amount: 10, currency: 'USD' }), 'channel', 'receive-money');
      const connectors = makeConnectors(() => settings.get('pay'));
      expect(() => checkChannelReady(connectors, { channel: 'manual' })).not.toThrow();
      const res = await api.click(o.tradeNo);
      expect(res.status, res.text).toBe(409);
      expect(res.body.msg).toBe('The payment channel stripe is not set up yet');
      // The result page of an order clicked before still reads what Paydesk knows.
      expect(dataOf(await api.check(earlier.o.tradeNo)).status).toBe('pending');
    } finally {
      await settings.update('pay', 'stripe', { secret_key: STRIPE_KEY, secrets: STRIPE_WEBHOOK_SECRET });
    }
    expect(() => checkChannelReady(makeConnectors(() => settings.get('pay')), { channel: 'stripe', amount: 12.5, currency: 'TWD' }))
      .toThrow(expect.objectContaining({ data: { errors: [expect.objectContaining({ field: 'amount' })] } }));
  });

  it('the Payments settings read no secret of pay.toml, and a blank one sent back keeps it (issue 31 item 9)', async () => {
    const callback = api.t.app.paydesk.settings.get('pay').callback.secret;
    const read = await api.call('GET', '/api/toml/pay');
    for (const secret of [STRIPE_KEY, STRIPE_WEBHOOK_SECRET, callback]) expect(read.text).not.toContain(secret.slice(6));
    expect(dataOf(read).secrets).toMatchObject({ 'standard.secrets': false, 'stripe.secret_key': true, 'stripe.secrets': true, 'callback.secret': true });
    // A form that never saw them sends them back blank: they stay, and the answer holds none either.
    const blank = await api.call('PUT', '/api/toml/pay-stripe', { secret_key: '', secrets: '' });
    expect(dataOf(blank)).toEqual({ values: { secret_key: '', secrets: '' }, secrets: { secret_key: true, secrets: true } });
    expect(dataOf(await api.call('PUT', '/api/toml/pay-callback', { secret: '', timeout: 12 })).values).toEqual({ secret: '', timeout: 12 });
    expect(api.t.app.paydesk.settings.get('pay')).toMatchObject({
      stripe: { secret_key: STRIPE_KEY, secrets: STRIPE_WEBHOOK_SECRET }, callback: { secret: callback, timeout: 12 },
    });
    // Still taking orders on that key.
    expect((dataOf(await api.call('GET', '/api/receive-money/providers')) as Array<{ name: string }>).find((p) => p.name === 'stripe'))
      .toMatchObject({ name: 'stripe', ready: true, testMode: true });
  });

  it('says when each channel\'s last verified webhook came, not counting what a look-up found; its own rule guards it', async () => {
    const last = async () => Object.fromEntries((dataOf(await api.call('GET', '/api/receive-money/webhooks')) as Array<{ channel: string; lastTime: number }>)
      .map((row) => [row.channel, row.lastTime]));
    expect((await api.anon('GET', '/api/receive-money/webhooks')).status).toBe(401);
    const { token } = await userWith(api, ['GET api/receive-money/rows']);
    expect((await api.t.call('GET', '/api/receive-money/webhooks', undefined, token)).status).toBe(403);

    api.clock.now += 100;
    const paid = await clicked();
    await api.fake.pay(paid.session.id);
    const webhookTime = api.clock.now;
    expect(await last()).toMatchObject({ stripe: webhookTime, standard: 0 });
    // A payment found by asking Stripe (its webhook never came) is no webhook.
    api.clock.now += 100;
    const quiet = await clicked();
    await api.fake.quietly(() => api.fake.pay(quiet.session.id));
    api.clock.now += 121;
    await payments().lookUpDue();
    expect((await api.row(quiet.o.id)).status).toBe('completed');
    expect(await last()).toMatchObject({ stripe: webhookTime, standard: 0 });
  });

  it('the look-up and check routes refuse bad input with 400 and unknown orders with 404', async () => {
    expectRefused(await api.anon('POST', '/api/receive-money/check', { tradeNo: 1 }), 'tradeNo', 'receive-money');
    expect((await api.check('no-such-order')).status).toBe(404);
  });
});

describe('the Stripe events the Payments settings ask to subscribe to', () => {
  const connector = makeConnectors(() => ({ ...SETTINGS_DEFAULTS.pay, stripe: { secret_key: STRIPE_KEY, secrets: STRIPE_WEBHOOK_SECRET } })).stripe;
  const signed = async (type: string, object: Record<string, unknown>) => {
    const payload = JSON.stringify({ id: `evt_${type}`, object: 'event', type, created: 1_700_000_000, data: { object } });
    return await connector.verify(Buffer.from(payload), { 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: STRIPE_WEBHOOK_SECRET }) });
  };
  const objects: Record<string, Record<string, unknown>> = {
    checkout: { id: 'cs_1', object: 'checkout.session', client_reference_id: 'T1', amount_total: 1000, currency: 'usd', payment_status: 'paid', payment_intent: 'pi_1' },
    charge: { id: 'ch_1', object: 'charge', refunds: { data: [{ id: 're_1', object: 'refund', status: 'succeeded', metadata: { refundKey: 'k1' } }] } },
    refund: { id: 're_1', object: 'refund', status: 'succeeded', metadata: { refundKey: 'k1' } },
  };

  it('are each read by the connector, so none subscribed is wasted and a payment or refund is never missed', async () => {
    expect(PAY_PROVIDER_SETTINGS.stripe.events!.length).toBeGreaterThan(0);
    for (const type of PAY_PROVIDER_SETTINGS.stripe.events!) {
      expect((await signed(type, objects[type.split('.')[0]!]!)).notice, type).not.toBeNull();
    }
    // What it does not read verifies, and says nothing.
    expect((await signed('customer.created', { id: 'cus_1', object: 'customer' })).notice).toBeNull();
  });

  it('read test mode from the key as the connector does', () => {
    const mode = PAY_PROVIDER_SETTINGS.stripe.testMode!;
    expect([mode({ secret_key: 'sk_test_a1' }), mode({ secret_key: 'rk_test_a1' }), mode({ secret_key: 'sk_live_a1' }), mode({ secret_key: '' })]).toEqual([true, true, false, false]);
    expect(connector.testMode!()).toBe(true);
  });
});
