/**
 * Refunds of Stripe orders through Stripe's Refunds API (the fake checks the
 * protocol: bracket forms, the key, Stripe-Version, Idempotency-Key): partial
 * refunds up to the cap, refunds asked at once, a refund Stripe settles later
 * (by whichever of its events arrives) or refuses, Stripe unreachable, and a
 * late payment sent back.
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
    // Its answer says so, before any event does (this one's events are not sent).
    api.fake.refundOutcome = 'failed';
    api.fake.webhooks = false;
    const refused = await refund(o.id, 10).finally(() => { api.fake.refundOutcome = 'succeeded'; api.fake.webhooks = true; });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe('The provider refused the refund: expired_or_canceled_card');
    expect(refused.body.data.refund).toMatchObject({ state: 'failed', failure: 'expired_or_canceled_card' });
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
    expect(flagged).toMatchObject({ status: 'closed', exception: 'paid_late' });
    const resolved = dataOf(await api.call('POST', '/api/receive-money/resolve', { id: o.id, action: 'refund', reason: 'out of stock' }), 201);
    expect(resolved.refund).toMatchObject({ state: 'succeeded', exception: 'paid_late', channel: 'stripe' });
    expect(refundRequests().at(-1)!.params).toMatchObject({ payment_intent: api.fake.sessions.get(session.id)!.payment_intent, amount: '3000' });
    expect(await api.row(o.id)).toMatchObject({ status: 'closed', exception: '' });
  });

  /** A refund Stripe took and has not made yet. */
  async function pendingRefund() {
    const { o } = await paid();
    api.fake.refundOutcome = 'pending';
    const made = dataOf(await refund(o.id, 25).finally(() => { api.fake.refundOutcome = 'succeeded'; }), 201).refund;
    return { o, refund: made, atStripe: api.fake.refunds.get(made.reference)! };
  }
  const taken = async (id: number) => dataOf(await api.call('GET', `/api/refunds/take?id=${id}`));

  it('settles a refund by refund.failed, and counts one Stripe canceled as failed, giving the amount back', async () => {
    const failed = await pendingRefund();
    await api.fake.emit('refund.failed', { ...failed.atStripe, status: 'failed', failure_reason: 'lost_or_stolen_card' });
    expect(await taken(failed.refund.id)).toMatchObject({ state: 'failed', failure: 'lost_or_stolen_card' });
    const canceled = await pendingRefund();
    await api.fake.emit('refund.updated', { ...canceled.atStripe, status: 'canceled' });
    expect(await taken(canceled.refund.id)).toMatchObject({ state: 'failed' });
    expect(Number((await api.row(canceled.o.id)).refundedAmount)).toBe(0);
  });

  it('settles a refund by charge.refunded alone, reading the newest refund of its list', async () => {
    const { refund: mine, atStripe } = await pendingRefund();
    const older = { id: 're_older', object: 'refund', status: 'succeeded', amount: 100, created: atStripe.created - 60 };
    // Refunds from Stripe's list, newest first, as an older API version sends them (no metadata kept on them).
    await api.fake.emit('charge.refunded', {
      id: atStripe.charge, object: 'charge', payment_intent: atStripe.payment_intent,
      refunds: { object: 'list', data: [{ id: atStripe.id, object: 'refund', status: 'succeeded', amount: atStripe.amount, created: atStripe.created }, older] },
    });
    expect(await taken(mine.id)).toMatchObject({ state: 'succeeded', reference: atStripe.id });
  });

  it('a refund whose answer was lost is settled by its refund.created, found by the key Stripe echoes', async () => {
    const { o } = await paid();
    api.fake.failNext(2, 500);
    const lost = dataOf(await refund(o.id, 20), 201).refund;
    expect(lost).toMatchObject({ state: 'pending', reference: '' });
    await api.fake.emit('refund.created', { id: 're_made', object: 'refund', status: 'succeeded', amount: 2000, metadata: { refundKey: lost.idempotencyKey } });
    expect(await taken(lost.id)).toMatchObject({ state: 'succeeded', reference: 're_made' });
  });

  it('a refund Stripe refuses (more than is left there: part was refunded in its dashboard) fails with Stripe\'s reason', async () => {
    const { o, session } = await paid();
    api.fake.refunds.set('re_dashboard', { id: 're_dashboard', object: 'refund', amount: 6000, currency: 'usd', charge: 'ch_x', payment_intent: session.payment_intent!, status: 'succeeded', metadata: {}, reason: null, created: api.clock.now });
    const refused = await refund(o.id, 50);
    const reason = 'Refund amount (5000) is greater than unrefunded amount on charge (4000)';
    expect([refused.status, refused.body.msg]).toEqual([409, `The provider refused the refund: ${reason}`]);
    expect(refused.body.data.refund).toMatchObject({ state: 'failed', failure: reason, reference: '' });
    expect(Number((await api.row(o.id)).refundedAmount)).toBe(0);
  });
});
