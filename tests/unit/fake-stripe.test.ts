/**
 * The fake Stripe the payment suites run against holds the real client to
 * Stripe's protocol: the official `stripe` package talks to it unchanged, and
 * what Stripe refuses (no key, no version, a reused idempotency key with other
 * parameters, an expires_at out of range) it refuses the same way.
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe';

const KEY = 'sk_test_fake0123456789';
const SECRET = 'whsec_fakeunittest0123456789';

describe('fake Stripe', () => {
  let fake: FakeStripe;
  let stripe: Stripe;
  const now = Math.floor(Date.now() / 1000);
  const received: Array<{ body: string; headers: Record<string, string> }> = [];
  beforeAll(async () => {
    fake = await startFakeStripe({ webhookSecret: SECRET, deliver: async (body, headers) => (received.push({ body, headers }), { status: 200 }) });
    const url = new URL(fake.url);
    stripe = new Stripe(KEY, { host: url.hostname, port: Number(url.port), protocol: 'http', maxNetworkRetries: 0 });
  });
  afterAll(() => fake?.close());

  const params = (o: Partial<Stripe.Checkout.SessionCreateParams> = {}): Stripe.Checkout.SessionCreateParams => ({
    mode: 'payment', success_url: 'https://shop.example/ok', client_reference_id: 'T1', metadata: { tradeNo: 'T1' },
    line_items: [{ quantity: 1, price_data: { currency: 'hkd', unit_amount: 1250, product_data: { name: 'Coffee' } } }],
    allowed_payment_method_types: ['wechat_pay'], payment_method_options: { wechat_pay: { client: 'web' } }, expires_at: now + 3600, ...o,
  });

  it('reads bracket notation and answers a Session shaped like Stripe\'s', async () => {
    const s = await stripe.checkout.sessions.create(params());
    expect(s).toMatchObject({ object: 'checkout.session', status: 'open', payment_status: 'unpaid', amount_total: 1250, currency: 'hkd', client_reference_id: 'T1', metadata: { tradeNo: 'T1' }, payment_intent: null, payment_method_types: ['wechat_pay'], allowed_payment_method_types: ['wechat_pay'] });
    expect(s.id).toMatch(/^cs_test_/);
    expect(s.url).toBe(`${fake.url}/pay/${s.id}`);
    const sent = fake.requests.at(-1)!;
    expect(sent.headers['stripe-version']).toBe(Stripe.API_VERSION);
    expect((await stripe.checkout.sessions.retrieve(s.id)).id).toBe(s.id);
  });

  it('replays an answer for the same Idempotency-Key and parameters, refuses other parameters', async () => {
    const before = fake.calls['sessions.create'] ?? 0;
    const a = await stripe.checkout.sessions.create(params(), { idempotencyKey: 'k-1' });
    const b = await stripe.checkout.sessions.create(params(), { idempotencyKey: 'k-1' });
    expect(b.id).toBe(a.id);
    expect(b.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect(fake.calls['sessions.create']).toBe(before + 1);
    await expect(stripe.checkout.sessions.create(params({ client_reference_id: 'T2' }), { idempotencyKey: 'k-1' }))
      .rejects.toMatchObject({ type: 'StripeIdempotencyError', statusCode: 400 });
  });

  it('refuses a missing or live key (401), a missing Stripe-Version, an out-of-range expires_at, a method the currency lacks', async () => {
    const res = await fetch(`${fake.url}/v1/checkout/sessions`, { method: 'POST' });
    expect(res.status).toBe(401);
    expect((await res.json()).error.type).toBe('invalid_request_error');
    const live = await fetch(`${fake.url}/v1/checkout/sessions`, { method: 'POST', headers: { authorization: 'Bearer sk_live_x1', 'stripe-version': 'x' } });
    expect(live.status).toBe(401);
    const noVersion = await fetch(`${fake.url}/v1/checkout/sessions`, { method: 'POST', headers: { authorization: `Bearer ${KEY}` } });
    expect(noVersion.status).toBe(400);
    await expect(stripe.checkout.sessions.create(params({ expires_at: now + 60 }))).rejects.toMatchObject({ param: 'expires_at', statusCode: 400 });
    await expect(stripe.checkout.sessions.create(params({ allowed_payment_method_types: ['paynow'] }))).rejects.toMatchObject({ param: 'allowed_payment_method_types' });
    // The static list of older API versions is unknown at the version the package pins.
    await expect(stripe.checkout.sessions.create({ ...params(), payment_method_types: ['card'] } as never)).rejects.toMatchObject({ code: 'parameter_unknown' });
    await expect(stripe.checkout.sessions.create(params({ payment_method_options: {} }))).rejects.toMatchObject({ param: 'payment_method_options[wechat_pay][client]' });
  });

  it('pays, sends signed events, refunds up to what was paid', async () => {
    const s = await stripe.checkout.sessions.create(params());
    await fake.pay(s.id);
    const completed = received.at(-1)!;
    const event = Stripe.webhooks.constructEvent(completed.body, completed.headers['stripe-signature']!, SECRET);
    expect(event.type).toBe('checkout.session.completed');
    const pi = (event.data.object as Stripe.Checkout.Session).payment_intent as string;
    expect(pi).toMatch(/^pi_/);
    const r = await stripe.refunds.create({ payment_intent: pi, amount: 1000, metadata: { refundKey: 'rk1' } }, { idempotencyKey: 'rk1' });
    expect(r).toMatchObject({ object: 'refund', status: 'succeeded', amount: 1000, metadata: { refundKey: 'rk1' } });
    await expect(stripe.refunds.create({ payment_intent: pi, amount: 300 })).rejects.toMatchObject({ code: 'amount_too_large' });
    expect(fake.calls['refunds.create']).toBe(1);
    await expect(stripe.checkout.sessions.expire(s.id)).rejects.toMatchObject({ statusCode: 400 });
  });
});
