/**
 * Refunds of paid orders through the manual connector (money sent back
 * off-gateway, recorded with the operator's reason): full or partial, several
 * per order, never more in total than was paid, even when asked at once; each
 * an order event and an `order.refunded` callback with what is left.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DIALECTS } from '../support/app';
import { dataOf, expectRefused } from '../support/fixtures';
import { AppError } from '../../server/http';
import { makeConnectors } from '../../server/payments/connectors';
import { applyNotification } from '../../server/payments/notify';
import { applyRefundNotice, refundOrder, settleRefund, type RefundDeps } from '../../server/payments/refunds';
import { findException, openExceptions } from '../../server/payments/exceptions';
import { findOrder } from '../../server/payments/transitions';
import { history, order, payApi, paymentDeps, stored, userWith, type PayApi } from './payments-support';

vi.setConfig({ hookTimeout: 120_000 });

describe.each(DIALECTS)('refunds on %s', (dialect) => {
  let api: PayApi;
  beforeAll(async () => { api = await payApi(dialect); });
  afterAll(() => api?.close());

  /** An order of 100 USD, paid. */
  async function paidOrder(body: Record<string, unknown> = {}) {
    const o = await order(api, { amount: 100, ...body });
    dataOf(await api.call('POST', '/api/receive-money/mark-paid', { id: o.id, reason: 'paid at the counter' }));
    return o;
  }
  const refund = (id: number, amount: number | undefined, reason = 'returned goods', headers?: Record<string, string>) =>
    api.call('POST', '/api/receive-money/refund', { id, ...(amount !== undefined && { amount }), reason }, headers);

  /** The refund service on this app's database and clock, called directly (no route's checks in front of it). */
  const service = (): RefundDeps => ({ ...paymentDeps(api), connectors: makeConnectors(() => api.t.app.paydesk.settings.get('pay')) });

  it('refuses, at the service itself, to refund an exception an order does not have, writing nothing', async () => {
    const o = await paidOrder();
    const row = (await findOrder(api.t.app.paydesk.db.any, { id: o.id }))!;
    await expect(refundOrder(service(), row, { reason: 'no such money', actor: '1', exceptionId: 999_999 })).rejects.toMatchObject({ code: 409, key: 'errors.no_exception' });
    expect(await api.t.app.paydesk.db.any.selectFrom('refunds').select('id').where('orderId', '=', o.id).execute()).toEqual([]);
  });

  it('refunds to the cent in a currency of cents, and refuses nothing or less at the service itself', async () => {
    const o = await paidOrder();
    expect(dataOf(await refund(o.id, 33.33), 201).order).toMatchObject({ refundedAmount: 33.33 });
    const row = (await findOrder(api.t.app.paydesk.db.any, { id: o.id }))!;
    for (const amount of [0, -5]) {
      await expect(refundOrder(service(), row, { amount, reason: 'nothing', actor: '1' })).rejects.toMatchObject({ code: 400 });
    }
    expect(Number((await findOrder(api.t.app.paydesk.db.any, { id: o.id }))!.refundedAmount)).toBe(33.33);
  });

  it('makes one refund of twin requests with the same key, however they interleave, and answers both with it', async () => {
    const o = await paidOrder();
    const row = (await findOrder(api.t.app.paydesk.db.any, { id: o.id }))!;
    const ask = { amount: 40, reason: 'twice at once', actor: '1', key: `rfk_twin_${o.id}` };
    const [a, b] = await Promise.all([refundOrder(service(), row, ask), refundOrder(service(), row, ask)]);
    expect(b.id).toBe(a.id);
    expect(await api.t.app.paydesk.db.any.selectFrom('refunds').select('id').where('orderId', '=', o.id).execute()).toHaveLength(1);
    expect(Number((await findOrder(api.t.app.paydesk.db.any, { id: o.id }))!.refundedAmount)).toBe(40);
  });

  it("keeps a refund the provider refused as failed, giving the amount back, and one it could not answer (5xx) pending for the resume job", async () => {
    const provider = (error: unknown): RefundDeps => {
      const deps = service();
      return { ...deps, connectors: { ...deps.connectors, manual: { ...deps.connectors.manual, refund: async () => { throw error; } } } };
    };
    const refused = await paidOrder();
    const row = async (id: number) => (await findOrder(api.t.app.paydesk.db.any, { id }))!;
    const failed = await refundOrder(provider(new AppError(409, 'errors.channel_not_ready', { channel: 'Stripe' })), await row(refused.id), { amount: 10, reason: 'refused', actor: '1' });
    expect(failed).toMatchObject({ state: 'failed', failure: 'The payment channel Stripe is not set up yet' });
    expect(Number((await row(refused.id)).refundedAmount)).toBe(0);
    for (const error of [new AppError(500, 'errors.internal'), new AppError(503, 'errors.unavailable'), new Error('socket hang up')]) {
      const down = await paidOrder();
      const pending = await refundOrder(provider(error), await row(down.id), { amount: 10, reason: 'down', actor: '1' });
      expect(pending, String(error)).toMatchObject({ state: 'pending', failure: '' });
      expect(Number((await row(down.id)).refundedAmount)).toBe(10);
    }
  });

  it("keeps the reference of a refund the provider took but has not made yet, and settles it on the provider's later word", async () => {
    const deps = service();
    const later: RefundDeps = {
      ...deps, connectors: { ...deps.connectors, manual: { ...deps.connectors.manual, refund: async (ask) => ({ state: 'pending', reference: `re_later_${ask.refundId}` }) } },
    };
    const o = await paidOrder();
    const taken = await refundOrder(later, (await findOrder(deps.db, { id: o.id }))!, { amount: 25, reason: 'later', actor: '1', key: `rfk_later_${o.id}` });
    const reference = `re_later_${taken.id}`;
    expect(taken).toMatchObject({ state: 'pending', reference });
    expect((await history(api, 'refunds', taken.id)).at(-1)?.changes).toEqual({ reference: ['', reference] });
    // A second pending word with another reference does not rewrite the first.
    expect(await settleRefund(deps, taken.id, { state: 'pending', reference: 're_other' })).toMatchObject({ state: 'pending', reference });
    const settled = await applyRefundNotice(deps, { kind: 'refund', reference, state: 'succeeded' });
    expect(settled).toMatchObject({ id: taken.id, state: 'succeeded', reference });
    // A word about no refund of ours is ignored; one that names our key alone finds its refund by it.
    expect(await applyRefundNotice(deps, { kind: 'refund', refundKey: 'rfk_not_ours', reference: 're_not_ours', state: 'succeeded' })).toBeNull();
    const o2 = await paidOrder();
    const byKey = await refundOrder(later, (await findOrder(deps.db, { id: o2.id }))!, { amount: 5, reason: 'by key', actor: '1', key: `rfk_bykey_${o2.id}` });
    expect(await applyRefundNotice(deps, { kind: 'refund', refundKey: `rfk_bykey_${o2.id}`, reference: '', state: 'failed', failure: 'expired_or_canceled_card' }))
      .toMatchObject({ id: byKey.id, state: 'failed', failure: 'expired_or_canceled_card' });
  });

  it("gives an exception back to its order when its refund fails, as the provider's doing, saying so", async () => {
    const deps = service();
    const o = await order(api, { amount: 100 });
    await applyNotification(deps, 'standard', `msg_back_${o.id}`, '', { kind: 'payment', to: 'completed', tradeNo: o.tradeNo, amount: 5, currency: 'USD', reference: 'gw-short' });
    const down: RefundDeps = { ...deps, connectors: { ...deps.connectors, manual: { ...deps.connectors.manual, refund: async () => { throw new Error('socket hang up'); } } } };
    const [exception] = await openExceptions(deps.db, o.id);
    const pending = await refundOrder(down, (await findOrder(deps.db, { id: o.id }))!, { reason: 'send it back', actor: '1', exceptionId: exception!.id });
    expect(pending).toMatchObject({ state: 'pending', exception: 'underpaid' });
    expect((await findOrder(deps.db, { id: o.id }))!.exception).toBe('');
    expect(await findException(deps.db, { id: exception!.id })).toMatchObject({ state: 'refunded', refundId: pending.id });
    expect(await settleRefund(deps, pending.id, { state: 'failed', reference: '' })).toMatchObject({ state: 'failed' });
    const after = (await findOrder(deps.db, { id: o.id }))!;
    expect([after.exception, after.exceptionAmount, after.openExceptions, after.refundedAmount]).toEqual(['underpaid', 5, 1, 0]);
    // The same exception is open again, not a new one.
    expect(await findException(deps.db, { id: exception!.id })).toMatchObject({ state: 'open', refundId: 0, reason: '' });
    expect((await stored(api, o.id)).events.at(-1)).toMatchObject({ source: 'refund', actor: 'manual', reason: 'refund failed', exception: 'underpaid' });
    expect((await history(api, 'refunds', pending.id)).at(-1)).toMatchObject({ userId: 0, actor: 'refund:manual', changes: { state: ['pending', 'failed'] } });
  });

  it('asks the provider once per refund, and tells what follows a commit of each settlement and of nothing else', async () => {
    const deps = service();
    const asked: number[] = [];
    const told: Array<[number, string]> = [];
    const counting: RefundDeps = {
      ...deps,
      committed: (outcome) => { told.push([outcome.order.id, outcome.order.status]); },
      connectors: { ...deps.connectors, manual: { ...deps.connectors.manual, refund: async (ask) => { asked.push(ask.refundId); return { state: 'succeeded', reference: '' }; } } },
    };
    const o = await paidOrder();
    const ask = { reason: 'all of it', actor: '1', key: `rfk_once_${o.id}` };
    const made = await refundOrder(counting, (await findOrder(deps.db, { id: o.id }))!, ask);
    expect(made.state).toBe('succeeded');
    // The same key again answers the settled refund without asking the provider, and settling it again tells nothing.
    expect((await refundOrder(counting, (await findOrder(deps.db, { id: o.id }))!, ask)).id).toBe(made.id);
    await settleRefund(counting, made.id, { state: 'succeeded', reference: '' });
    expect(asked).toEqual([made.id]);
    expect(told).toEqual([[o.id, 'refunded']]);
  });

  it('refuses to refund an order that was not paid, saying what it is', async () => {
    const o = await order(api, { amount: 100 });
    const res = await api.t.call('POST', '/api/receive-money/refund', { id: o.id, reason: 'never paid' }, await api.t.signIn(), { cookie: 'lang=en-us' });
    expect(res.body).toMatchObject({ code: 409, msg: 'Only a paid order can be refunded (it is pending)' });
    const { row } = await stored(api, o.id);
    expect([row.status, Number(row.refundedAmount)]).toEqual(['pending', 0]);
  });

  it('refunds half and then the rest: the order reads partially refunded, then refunded, with two events and two order.refunded callbacks', async () => {
    const o = await paidOrder();
    const first = dataOf(await refund(o.id, 50), 201);
    // Money sent back off-gateway has no provider refund id: the reference stays blank, not made up.
    expect(first.refund).toMatchObject({ state: 'succeeded', channel: 'manual', currency: 'USD', reason: 'returned goods', reference: '' });
    expect(first.order).toMatchObject({ status: 'partially_refunded', refundedAmount: 50 });
    // Without an amount: what is left.
    const second = dataOf(await refund(o.id, undefined, 'the rest'), 201);
    expect(Number(second.refund.amount)).toBe(50);
    expect(second.order).toMatchObject({ status: 'refunded', refundedAmount: 100 });
    // The record history: each refund's row, and the order's refunded amount and status, as the operator's doing.
    const operator = (await api.t.app.paydesk.db.any.selectFrom('users').select('id').where('account', '=', 'admin').executeTakeFirstOrThrow()).id;
    expect((await history(api, 'receive-money', o.id)).slice(-3).map((r) => [r.action, r.userId, r.changes.refundedAmount, r.changes.status])).toEqual([
      ['payment', operator, undefined, ['completed', 'partially_refunded']], ['payment', operator, [50, 100], undefined],
      ['payment', operator, undefined, ['partially_refunded', 'refunded']],
    ]);
    expect((await history(api, 'refunds', second.refund.id)).map((r) => [r.action, r.userId, r.changes.amount, r.changes.state])).toEqual([
      ['payment', operator, [null, 50], [null, 'pending']], ['payment', operator, undefined, ['pending', 'succeeded']],
    ]);
    const { events, callbacks } = await stored(api, o.id);
    expect(events.filter((e) => e.source === 'refund').map((e) => [e.fromStatus, e.toStatus, Number(e.amount)])).toEqual([
      ['completed', 'partially_refunded', 50], ['partially_refunded', 'refunded', 50],
    ]);
    const sent = callbacks.map((c) => JSON.parse(c.payload)).filter((p) => p.type === 'order.refunded');
    expect(sent.map((p) => [p.data.status, p.data.refund.amount, p.data.remaining])).toEqual([['partially_refunded', 50, 50], ['refunded', 50, 0]]);
  });

  it('refuses more than is left with a 400 naming amount, and writes nothing', async () => {
    const o = await paidOrder();
    dataOf(await refund(o.id, 70), 201);
    const before = await stored(api, o.id);
    const res = await refund(o.id, 30.01);
    expectRefused(res, 'amount', 'receive-money');
    expect(res.body.msg).toContain('30');
    expect(await stored(api, o.id)).toEqual(before);
    expect(dataOf(await api.call('GET', `/api/refunds/find?orderId=${o.id}`))).toHaveLength(1);
  });

  it('ten refunds of 15 at once on an order of 100: six succeed, four are refused, never more than was paid', async () => {
    const o = await paidOrder();
    const answers = await Promise.all(Array.from({ length: 10 }, () => refund(o.id, 15)));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(6);
    for (const r of answers.filter((x) => x.status !== 201)) expectRefused(r, 'amount', 'receive-money');
    const { row } = await stored(api, o.id);
    expect(Number(row.refundedAmount)).toBe(90);
    const rows = dataOf(await api.call('GET', `/api/refunds/find?orderId=${o.id}`)) as Array<{ amount: number }>;
    expect(rows.reduce((sum, r) => sum + Number(r.amount), 0)).toBe(90);
  });

  it('refuses amounts finer than the currency and orders not paid', async () => {
    const yen = await paidOrder({ currency: 'JPY', amount: 1288 });
    expectRefused(await refund(yen.id, 0.5), 'amount', 'receive-money');
    expectRefused(await refund(yen.id, -1), 'amount', 'receive-money');
    const pending = await order(api);
    const res = await refund(pending.id, 1);
    expect(res.status).toBe(409);
    expect(res.body.msg).toMatch(/paid/);
    expect((await refund(999_999, 1)).status).toBe(404);
    expect((await api.call('POST', '/api/receive-money/refund', { id: yen.id, amount: 1 })).status).toBe(400);
  });

  it('an Idempotency-Key makes a retried refund the first one again, not a second', async () => {
    const o = await paidOrder();
    const key = { 'idempotency-key': `refund-${o.id}` };
    const first = await refund(o.id, 10, 'damaged', key);
    const again = await refund(o.id, 10, 'damaged', key);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(dataOf(await api.call('GET', `/api/refunds/find?orderId=${o.id}`))).toHaveLength(1);
    const other = await refund(o.id, 11, 'damaged', key);
    expect(other.status).toBe(409);
    expect(other.body.msg).toMatch(/different request/);
  });

  it('a scoped operator refunds only his own orders; the rule is its own', async () => {
    const o = await paidOrder();
    const scoped = await userWith(api, ['POST api/receive-money/refund'], 0);
    expect((await api.t.call('POST', '/api/receive-money/refund', { id: o.id, amount: 1, reason: 'x' }, scoped.token)).status).toBe(403);
    const noRule = await userWith(api, ['POST api/receive-money/mark-paid']);
    expect((await api.t.call('POST', '/api/receive-money/refund', { id: o.id, amount: 1, reason: 'x' }, noRule.token)).status).toBe(403);
    expect(Number((await stored(api, o.id)).row.refundedAmount)).toBe(0);
  });

  it('refunds are read through their own list, scoped to the order owner', async () => {
    const o = await paidOrder();
    dataOf(await refund(o.id, 5), 201);
    const reader = await userWith(api, ['GET api/refunds/rows'], 0);
    const page = dataOf(await api.t.call('GET', '/api/refunds/rows', undefined, reader.token));
    expect(page.total).toBe(0);
    const all = dataOf(await api.call('GET', `/api/refunds/rows?orderId=${o.id}`));
    expect(all.rows).toMatchObject([{ orderId: o.id, state: 'succeeded' }]);
  });
});
