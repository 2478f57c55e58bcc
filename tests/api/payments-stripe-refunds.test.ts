/**
 * Refunds of Stripe orders through Stripe's Refunds API (the fake checks the
 * protocol: bracket forms, the key, Stripe-Version, Idempotency-Key): partial
 * refunds up to the cap, refunds asked at once, a refund Stripe settles later
 * or refuses, Stripe unreachable, and a late payment sent back.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DIALECTS } from '../support/app';
import { dataOf, expectRefused } from '../support/fixtures';
import { stored } from './payments-support';
import { sessionOf, stripeApi, type StripeApi } from './payments-stripe-support';

vi.setConfig({ hookTimeout: 120_000 });

describe.each(DIALECTS)('Stripe refunds on %s', (dialect) => {
  let api: StripeApi;
  beforeAll(async () => { api = await stripeApi(dialect); });
  afterAll(() => api?.close());

  /** A Stripe order the payer has paid (the webhook has completed it). */
  async function paid(body: Record<string, unknown> = {}) {
    const o = await api.stripeOrder({ amount: 100, currency: 'USD', ...body });
    const session = sessionOf(api, await api.click(o.tradeNo));
    await api.fake.pay(session.id);
    expect((await api.row(o.id)).status).toBe('completed');
    return { o, session: api.fake.sessions.get(session.id)! };
  }
  const refund = (id: number, amount?: number, headers?: Record<string, string>) =>
    api.call('POST', '/api/receive-money/refund', { id, ...(amount !== undefined && { amount }), reason: 'customer returned it' }, headers);
  const refundRequests = () => api.fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds');

  it('refunds part and then the rest through Stripe, each with its own idempotency key, the order ending refunded', async () => {
    const { o, session } = await paid();
    const before = refundRequests().length;
    const first = dataOf(await refund(o.id, 40), 201);
    expect(first.refund).toMatchObject({ state: 'succeeded', channel: 'stripe' });
    expect(first.refund.reference).toMatch(/^re_/);
    const second = dataOf(await refund(o.id), 201);
    expect(second.order).toMatchObject({ status: 'refunded', refundedAmount: 100 });
    const sent = refundRequests().slice(before);
    expect(sent.map((r) => r.params)).toMatchObject([
      { payment_intent: session.payment_intent, amount: '4000', metadata: { tradeNo: o.tradeNo, refundKey: first.refund.idempotencyKey } },
      { payment_intent: session.payment_intent, amount: '6000', metadata: { refundKey: second.refund.idempotencyKey } },
    ]);
    expect(sent.map((r) => r.headers['idempotency-key'])).toEqual([first.refund.idempotencyKey, second.refund.idempotencyKey]);
    expect(new Set(sent.map((r) => r.headers['idempotency-key'])).size).toBe(2);
  });

  it('refunds asked at once cannot together pass what was paid: Stripe is asked only for those that fit', async () => {
    const { o } = await paid();
    const created = api.fake.calls['refunds.create'] ?? 0;
    api.fake.latencyMs = 50;
    try {
      const answers = await Promise.all(Array.from({ length: 5 }, () => refund(o.id, 30)));
      expect(answers.filter((r) => r.status === 201)).toHaveLength(3);
      for (const r of answers.filter((x) => x.status !== 201)) expectRefused(r, 'amount', 'receive-money');
    } finally {
      api.fake.latencyMs = 0;
    }
    expect((api.fake.calls['refunds.create'] ?? 0) - created).toBe(3);
    expect(Number((await api.row(o.id)).refundedAmount)).toBe(90);
  });

  it('a refund Stripe settles later stays pending, holds its amount, and is completed by Stripe\'s event', async () => {
    const { o } = await paid();
    api.fake.refundOutcome = 'pending';
    let pending: Record<string, any>;
    try {
      pending = dataOf(await refund(o.id, 25), 201).refund;
    } finally {
      api.fake.refundOutcome = 'succeeded';
    }
    expect(pending).toMatchObject({ state: 'pending' });
    // Held against the cap while pending: 80 more would pass what was paid.
    expectRefused(await refund(o.id, 80), 'amount', 'receive-money');
    expect((await stored(api, o.id)).callbacks.map((c) => JSON.parse(c.payload).type)).not.toContain('order.refunded');
    await api.fake.settleRefund(pending.reference, 'succeeded');
    const row = dataOf(await api.call('GET', `/api/refunds/take?id=${pending.id}`));
    expect(row.state).toBe('succeeded');
    const { callbacks } = await stored(api, o.id);
    expect(callbacks.map((c) => JSON.parse(c.payload)).filter((p) => p.type === 'order.refunded')).toMatchObject([{ data: { remaining: 75, refund: { amount: 25 } } }]);
  });

  it('a refund Stripe refuses gives the amount back, at once or later, and says why', async () => {
    const { o } = await paid();
    api.fake.refundOutcome = 'failed';
    const refused = await refund(o.id, 10).finally(() => { api.fake.refundOutcome = 'succeeded'; });
    expect(refused.status).toBe(409);
    expect(refused.body.data.refund).toMatchObject({ state: 'failed' });
    expect(Number((await api.row(o.id)).refundedAmount)).toBe(0);

    api.fake.refundOutcome = 'pending';
    const later = dataOf(await refund(o.id, 10).finally(() => { api.fake.refundOutcome = 'succeeded'; }), 201).refund;
    expect(Number((await api.row(o.id)).refundedAmount)).toBe(10);
    await api.fake.settleRefund(later.reference, 'failed');
    expect(dataOf(await api.call('GET', `/api/refunds/take?id=${later.id}`)).state).toBe('failed');
    expect(Number((await api.row(o.id)).refundedAmount)).toBe(0);
    const { events } = await stored(api, o.id);
    expect(events.filter((e) => e.source === 'refund' && e.refundId === later.id)).toHaveLength(1);
    // The full amount is still there to refund.
    expect(dataOf(await refund(o.id), 201).order.status).toBe('refunded');
  });

  it('with Stripe down the refund stays pending; the resume job asks again with the same key and settles it once', async () => {
    const { o } = await paid();
    // Both tries of the Stripe client (it retries once) meet Stripe down.
    api.fake.failNext(2, 500);
    const pending = dataOf(await refund(o.id, 20), 201).refund;
    expect(pending).toMatchObject({ state: 'pending', reference: '' });
    const payments = api.t.app.paydesk.payments;
    expect(await payments.resumeRefunds()).toBe(0); // too soon: Stripe may still be answering
    api.clock.now += 61;
    expect(await payments.resumeRefunds()).toBe(1);
    expect(dataOf(await api.call('GET', `/api/refunds/take?id=${pending.id}`))).toMatchObject({ state: 'succeeded' });
    const keys = refundRequests().filter((r) => r.params.metadata && (r.params.metadata as Record<string, string>).refundKey === pending.idempotencyKey);
    // Two tries while Stripe was down, one by the resume job: always the same key.
    expect(keys.length).toBe(3);
    expect([...api.fake.refunds.values()].filter((r) => r.metadata.refundKey === pending.idempotencyKey)).toHaveLength(1);
    expect(await payments.resumeRefunds()).toBe(0);
  });

  it('a payment after the order expired is kept as paid_late and sent back through Stripe on resolve', async () => {
    const o = await api.stripeOrder({ amount: 30, currency: 'USD' });
    const session = sessionOf(api, await api.click(o.tradeNo));
    // The order closes; the payer had the checkout open and pays anyway (the webhook races the close).
    dataOf(await api.call('POST', '/api/receive-money/close', { id: o.id, reason: 'stock ran out' }));
    api.fake.sessions.get(session.id)!.status = 'open';
    await api.fake.pay(session.id);
    const flagged = await api.row(o.id);
    expect(flagged).toMatchObject({ status: 'expired', exception: 'paid_late' });
    const resolved = dataOf(await api.call('POST', '/api/receive-money/resolve', { id: o.id, action: 'refund', reason: 'out of stock' }), 201);
    expect(resolved.refund).toMatchObject({ state: 'succeeded', exception: 'paid_late', channel: 'stripe' });
    expect(refundRequests().at(-1)!.params).toMatchObject({ payment_intent: api.fake.sessions.get(session.id)!.payment_intent, amount: '3000' });
    expect(await api.row(o.id)).toMatchObject({ status: 'expired', exception: '' });
  });
});
