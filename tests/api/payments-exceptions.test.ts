/**
 * Money that does not fit its order is kept, shown and resolved (BTCPay's
 * model): a verified payment after the order ended, for another amount or in
 * another currency is an exception row of its own (issue 31 item 7: an order
 * may hold several), joins the order's story and reaches the merchant as
 * `order.exception`; an operator accepts or sends back each one, with a reason.
 */
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DIALECTS } from '../support/app';
import { dataOf } from '../support/fixtures';
import type { PaymentNotice } from '../../server/payments/connectors/connector';
import { flagException } from '../../server/payments/exceptions';
import { applyNotification } from '../../server/payments/notify';
import { findOrder, transition, type TransitionDeps } from '../../server/payments/transitions';
import { history, order, payApi, paymentDeps, stored, userWith, type PayApi } from './payments-support';

vi.setConfig({ hookTimeout: 120_000 });

/** A member of `target` as its own (Kysely's methods read private fields, which a proxy does not have). */
const bound = (target: object, name: string | symbol) => {
  const value = Reflect.get(target, name);
  return typeof value === 'function' ? value.bind(target) : value;
};

const SECRET = 'whsec_' + Buffer.from('exceptions-secret-0123456789ab').toString('base64');
let serial = 0;

describe.each(DIALECTS)('order exceptions on %s', (dialect) => {
  let api: PayApi;
  beforeAll(async () => {
    api = await payApi(dialect);
    await api.t.app.paydesk.settings.update('pay', 'standard', { secrets: SECRET });
  });
  afterAll(() => api?.close());

  /** A gateway's signed "paid" notice for this order, with what it says was paid. */
  async function pay(o: Record<string, any>, amount: number, currency = 'USD', reference = `gw-${serial}`) {
    const id = `msg_exc_${Date.now().toString(36)}_${serial++}`;
    const body = JSON.stringify({ tradeNo: o.tradeNo, status: 'paid', amount, currency, channelTradeNo: reference });
    // The standardwebhooks package checks the timestamp against the real clock.
    const at = new Date();
    const res = await api.t.app.inject({
      method: 'POST', url: '/api/receive-money/notify/standard', payload: body,
      headers: {
        'content-type': 'application/json', cookie: 'lang=en-us',
        'webhook-id': id, 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': new Webhook(SECRET).sign(id, at, body),
      },
    });
    return { status: res.statusCode, body: res.json() };
  }

  const payloads = (callbacks: Array<Record<string, any>>) => callbacks.map((c) => JSON.parse(c.payload));

  it('keeps a payment after expiry: the order is flagged paid_late with amount and reference, an event and an order.exception callback', async () => {
    const o = await order(api);
    dataOf(await api.call('POST', '/api/receive-money/close', { id: o.id, reason: 'customer left' }));
    const res = await pay(o, 12.5, 'USD', 'gw-late');
    expect(res.status).toBe(200);
    expect(res.body.data.result).toBe('flagged');
    const { row, events, callbacks, exceptions } = await stored(api, o.id);
    expect(row).toMatchObject({ status: 'closed', exception: 'paid_late', exceptionCurrency: 'USD', channelTradeNo: 'gw-late', openExceptions: 1 });
    expect(Number(row.exceptionAmount)).toBe(12.5);
    expect(exceptions).toMatchObject([{ kind: 'paid_late', amount: 12.5, currency: 'USD', reference: 'gw-late', state: 'open', uid: row.uid }]);
    expect(events.at(-1)).toMatchObject({ exception: 'paid_late', reference: 'gw-late', source: 'notify', toStatus: 'closed' });
    expect(payloads(callbacks).at(-1)).toMatchObject({
      type: 'order.exception', data: { status: 'closed', exception: 'paid_late', received: { amount: 12.5, currency: 'USD', reference: 'gw-late' } },
    });
    // The record history has it as the gateway's doing, with the money as it was and became.
    expect((await history(api, 'receive-money', o.id)).at(-1)).toMatchObject({
      action: 'payment', userId: 0, actor: 'notify:standard',
      changes: { exception: ['', 'paid_late'], exceptionAmount: [0, 12.5], exceptionCurrency: ['', 'USD'], channelTradeNo: ['', 'gw-late'] },
    });
  });

  it('keeps an underpayment: the order stays pending, flagged underpaid; a second short payment is an exception of its own', async () => {
    const o = await order(api);
    expect((await pay(o, 5, 'USD', 'gw-short-1')).body.data.result).toBe('flagged');
    await pay(o, 2.5, 'USD', 'gw-short-2');
    const { row, callbacks, exceptions } = await stored(api, o.id);
    // The order's columns sum up its open exceptions: the newest, and how many.
    expect(row).toMatchObject({ status: 'pending', exception: 'underpaid', openExceptions: 2 });
    expect(Number(row.exceptionAmount)).toBe(2.5);
    expect(exceptions.map((e) => [e.kind, e.amount, e.reference, e.state])).toEqual([['underpaid', 5, 'gw-short-1', 'open'], ['underpaid', 2.5, 'gw-short-2', 'open']]);
    expect(payloads(callbacks).map((p) => [p.type, p.data.exceptionId, p.data.openExceptions])).toEqual([
      ['order.exception', exceptions[0]!.id, 1], ['order.exception', exceptions[1]!.id, 2],
    ]);
  });

  it('keeps an overpayment: the order completes with what was paid and keeps the flag with the excess', async () => {
    const o = await order(api);
    expect((await pay(o, 20)).body.data.result).toBe('applied');
    const { row, callbacks } = await stored(api, o.id);
    expect(row).toMatchObject({ status: 'completed', exception: 'overpaid' });
    expect([Number(row.paidAmount), Number(row.exceptionAmount)]).toEqual([20, 7.5]);
    expect(payloads(callbacks).map((p) => p.type)).toEqual(['order.completed', 'order.exception']);
    // The notification is on record as flagged, saying by how much.
    const notifications = await api.t.app.paydesk.db.any.selectFrom('pay_notifications').select(['outcome', 'reason']).where('orderId', '=', o.id).execute();
    expect(notifications).toEqual([{ outcome: 'flagged', reason: 'overpaid by 7.5 USD' }]);
  });

  it('keeps money in another currency as wrong_currency and leaves the order pending', async () => {
    const o = await order(api);
    expect((await pay(o, 12.5, 'EUR')).body.data.result).toBe('flagged');
    const { row } = await stored(api, o.id);
    expect(row).toMatchObject({ status: 'pending', exception: 'wrong_currency', exceptionCurrency: 'EUR' });
  });

  it('records a payment for an order already paid and refunded as finished, and flags nothing', async () => {
    const o = await order(api);
    expect((await pay(o, 12.5, 'USD', 'gw-first')).body.data.result).toBe('applied');
    dataOf(await api.call('POST', '/api/receive-money/refund', { id: o.id, reason: 'returned goods' }), 201);
    expect((await stored(api, o.id)).row.status).toBe('refunded');
    expect((await pay(o, 12.5, 'USD', 'gw-again')).body).toMatchObject({ code: 200, data: { result: 'finished' } });
    const { row } = await stored(api, o.id);
    expect(row).toMatchObject({ status: 'refunded', exception: '', channelTradeNo: 'gw-first' });
  });

  it('a flag decided on a stale read of the order (it closed meanwhile) writes nothing and asks to decide again', async () => {
    const o = await order(api);
    const db = api.t.app.paydesk.db.any;
    const stale = (await findOrder(db, { id: o.id }))!;
    expect((await pay(o, 5)).body.data.result).toBe('flagged');
    dataOf(await api.call('POST', '/api/receive-money/close', { id: o.id, reason: 'gave up' }));
    const notice: PaymentNotice = { kind: 'payment', to: 'completed', tradeNo: o.tradeNo, amount: 3, currency: 'USD', reference: 'gw-stale' };
    const input = { exception: 'underpaid' as const, amount: 3, notice, source: 'notify' as const, actor: 'standard', digest: '' };
    expect(await db.transaction().execute((trx) => flagException(trx, stale, input, api.clock.now))).toBeNull();
    const { row, events, exceptions } = await stored(api, o.id);
    expect([row.exception, Number(row.exceptionAmount), row.channelTradeNo, row.openExceptions]).toEqual(['underpaid', 5, `gw-${serial - 1}`, 1]);
    expect(events.filter((e) => e.exception)).toHaveLength(1);
    expect(exceptions).toHaveLength(1);
  });

  /** The payments' dependencies on this app, with `meanwhile` run after a notice read its order and before its transaction starts. */
  function racing(meanwhile: (deps: TransitionDeps) => Promise<unknown>): TransitionDeps {
    const deps = paymentDeps(api);
    return {
      ...deps,
      db: new Proxy(deps.db, {
        get: (target, name) => name !== 'transaction' ? bound(target, name) : () => ({
          execute: async (work: never) => {
            await meanwhile(deps);
            return target.transaction().execute(work);
          },
        }),
      }),
    };
  }

  it('keeps a payment that arrives as the order expires as a late payment, deciding again on the order as it now is', async () => {
    const o = await order(api);
    const expiring = racing((deps) => transition(deps, { id: o.id }, { to: 'expired', source: 'expiry', actor: 'expiry' }));
    const notice: PaymentNotice = { kind: 'payment', to: 'completed', tradeNo: o.tradeNo, amount: 12.5, currency: 'USD', reference: 'gw-racing' };
    expect(await applyNotification(expiring, 'standard', `msg_race_${serial++}`, '', notice)).toMatchObject({ kind: 'flagged' });
    const { row } = await stored(api, o.id);
    expect(row).toMatchObject({ status: 'expired', exception: 'paid_late', exceptionCurrency: 'USD', channelTradeNo: 'gw-racing' });
    expect(Number(row.exceptionAmount)).toBe(12.5);
  });

  it('keeps a short payment beside one flagged meanwhile, each its own exception', async () => {
    const o = await order(api);
    const short = (amount: number, reference: string): PaymentNotice => ({ kind: 'payment', to: 'completed', tradeNo: o.tradeNo, amount, currency: 'USD', reference });
    const flagging = racing((deps) => applyNotification(deps, 'standard', `msg_first_${serial++}`, '', short(5, 'gw-first')));
    expect(await applyNotification(flagging, 'standard', `msg_second_${serial++}`, '', short(3, 'gw-second'))).toMatchObject({ kind: 'flagged' });
    const { row, exceptions } = await stored(api, o.id);
    expect([row.exception, row.openExceptions, row.channelTradeNo]).toEqual(['underpaid', 2, 'gw-first']);
    expect(exceptions.map((e) => [e.amount, e.reference])).toEqual([[5, 'gw-first'], [3, 'gw-second']]);
    const notifications = await api.t.app.paydesk.db.any.selectFrom('pay_notifications').select(['outcome', 'reason']).where('orderId', '=', o.id).orderBy('id').execute();
    expect(notifications).toEqual([
      { outcome: 'flagged', reason: 'underpaid: expected 12.5 USD, got 5 USD' }, { outcome: 'flagged', reason: 'underpaid: expected 12.5 USD, got 3 USD' },
    ]);
  });

  it('tells what follows a commit (the outbox, the checkout) of each payment that moved or flagged the order, and of nothing else', async () => {
    const o = await order(api);
    const told: unknown[] = [];
    const deps: TransitionDeps = { ...racing(async () => {}), committed: (outcome) => { told.push([outcome.changed, outcome.order.status, outcome.order.exception]); } };
    const notice = (amount: number, to: PaymentNotice['to'] = 'completed'): PaymentNotice => ({ kind: 'payment', to, tradeNo: o.tradeNo, amount, currency: 'USD', reference: 'gw-told' });
    expect((await applyNotification(deps, 'standard', 'msg_told_1', '', notice(5))).kind).toBe('flagged');
    expect((await applyNotification(deps, 'standard', 'msg_told_2', '', notice(12.5))).kind).toBe('applied');
    expect((await applyNotification(deps, 'standard', 'msg_told_2', '', notice(12.5))).kind).toBe('duplicate');
    expect((await applyNotification(deps, 'standard', 'msg_told_3', '', notice(12.5, 'failed'))).kind).toBe('finished');
    expect(told).toEqual([[true, 'pending', 'underpaid'], [true, 'completed', 'underpaid']]);
  });

  it('answers a failure notice for an order deleted meanwhile with 404, recording nothing', async () => {
    const o = await order(api);
    const db = api.t.app.paydesk.db.any;
    const deleting = racing(() => db.deleteFrom('receive_money').where('id', '=', o.id).execute());
    const notice: PaymentNotice = { kind: 'payment', to: 'failed', tradeNo: o.tradeNo, amount: 12.5, currency: 'USD', reference: 'gw-gone' };
    await expect(applyNotification(deleting, 'standard', `msg_gone_${serial++}`, '', notice)).rejects.toMatchObject({ code: 404, key: 'errors.order_not_found' });
    expect(await db.selectFrom('pay_notifications').select('id').where('orderId', '=', o.id).execute()).toEqual([]);
  });

  it('lists the orders that need attention by their exception filter', async () => {
    const o = await order(api);
    await pay(o, 1);
    const page = dataOf(await api.call('GET', '/api/receive-money/rows?limit=200&exception=paid_late,underpaid,overpaid,wrong_currency'));
    expect(page.rows.map((r: { id: number }) => r.id)).toContain(o.id);
    expect(page.rows.every((r: { exception: string }) => r.exception !== '')).toBe(true);
  });

  it('accepting a late payment completes the order with the amount received, clears the flag and calls the merchant back', async () => {
    const o = await order(api);
    dataOf(await api.call('POST', '/api/receive-money/close', { id: o.id, reason: 'timeout' }));
    await pay(o, 12.5);
    const res = await api.call('POST', '/api/receive-money/resolve', { id: o.id, action: 'accept', reason: 'customer confirmed by phone' });
    expect(dataOf(res).order).toMatchObject({ status: 'completed', exception: '' });
    const { row, events, callbacks } = await stored(api, o.id);
    expect(Number(row.paidAmount)).toBe(12.5);
    expect(events.at(-1)).toMatchObject({ source: 'operator', fromStatus: 'closed', toStatus: 'completed', reason: 'customer confirmed by phone', exception: 'paid_late' });
    expect(payloads(callbacks).at(-1)).toMatchObject({ type: 'order.completed', data: { status: 'completed', resolved: { action: 'accept', exception: 'paid_late' } } });
    // Resolved once: a second resolve finds nothing to resolve.
    expect((await api.call('POST', '/api/receive-money/resolve', { id: o.id, action: 'accept', reason: 'again' })).status).toBe(409);
  });

  it('refunding an underpayment sends the money back: a succeeded refund, the flag cleared, the order still pending', async () => {
    const o = await order(api);
    await pay(o, 5, 'USD', 'gw-short');
    const res = await api.call('POST', '/api/receive-money/resolve', { id: o.id, action: 'refund', reason: 'asked to pay in full' });
    const data = dataOf(res, 201);
    expect(data.refund).toMatchObject({ state: 'succeeded', exception: 'underpaid', currency: 'USD' });
    expect(Number(data.refund.amount)).toBe(5);
    const { row, callbacks } = await stored(api, o.id);
    expect(row).toMatchObject({ status: 'pending', exception: '' });
    // The short payment never counted as the order's: nothing of what the order was paid moved.
    expect([Number(row.paidAmount), Number(row.refundedAmount)]).toEqual([0, 0]);
    expect(payloads(callbacks).at(-1)).toMatchObject({ type: 'order.refunded', data: { refund: { exception: 'underpaid' } } });
  });

  it('refunding an overpayment sends the excess back and keeps the order completed for its own amount', async () => {
    const o = await order(api);
    await pay(o, 20);
    dataOf(await api.call('POST', '/api/receive-money/resolve', { id: o.id, action: 'refund', reason: 'paid too much' }), 201);
    const { row } = await stored(api, o.id);
    expect(row).toMatchObject({ status: 'completed', exception: '' });
    expect([Number(row.paidAmount), Number(row.refundedAmount)]).toEqual([20, 7.5]);
  });

  it('money in another currency can only be refunded, not accepted', async () => {
    const o = await order(api);
    await pay(o, 12.5, 'EUR');
    const res = await api.call('POST', '/api/receive-money/resolve', { id: o.id, action: 'accept', reason: 'fine' });
    expect(res.status).toBe(409);
    expect(res.body.msg).toMatch(/another currency/);
    expect((await stored(api, o.id)).row.exception).toBe('wrong_currency');
    const refunded = dataOf(await api.call('POST', '/api/receive-money/resolve', { id: o.id, action: 'refund', reason: 'wrong currency' }), 201);
    expect(refunded.refund).toMatchObject({ currency: 'EUR', state: 'succeeded' });
  });

  it('needs a reason and a known action; refuses an order without an exception', async () => {
    const o = await order(api);
    expect((await api.call('POST', '/api/receive-money/resolve', { id: o.id, action: 'accept', reason: ' ' })).status).toBe(400);
    expect((await api.call('POST', '/api/receive-money/resolve', { id: o.id, action: 'keep', reason: 'x' })).status).toBe(400);
    expect((await api.call('POST', '/api/receive-money/resolve', { id: o.id, action: 'accept', reason: 'x' })).status).toBe(409);
  });

  it('a scoped operator resolves only his own orders, and only with the resolve rule', async () => {
    const o = await order(api);
    await pay(o, 1);
    const scoped = await userWith(api, ['POST api/receive-money/resolve'], 0);
    const other = await api.t.call('POST', '/api/receive-money/resolve', { id: o.id, action: 'accept', reason: 'mine?' }, scoped.token);
    expect(other.status).toBe(403);
    const refunder = await userWith(api, ['POST api/receive-money/refund']);
    expect((await api.t.call('POST', '/api/receive-money/resolve', { id: o.id, action: 'accept', reason: 'x' }, refunder.token)).status).toBe(403);
    expect((await stored(api, o.id)).row.exception).toBe('underpaid');
  });
});
