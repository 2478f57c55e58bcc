/**
 * Exceptions per payment (issue 31 item 7): every payment that does not fit
 * is its own exception, kept beside the others, resolved one by one (accept
 * or refund, each with its reason), counted one by one by the dashboard and
 * "needs attention"; the migration turns the order-level exceptions of an
 * install into rows, carrying over what was accepted and refunded.
 */
import { Webhook } from 'standardwebhooks';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { up as upExceptions } from '../../server/db/migrations/20261128202119_exceptions_per_payment';
import { DIALECTS } from '../support/app';
import { createRow, dataOf, unique } from '../support/fixtures';
import { order, payApi, stored, type PayApi } from './payments-support';

vi.setConfig({ hookTimeout: 120_000 });

const SECRET = 'whsec_' + Buffer.from('per-payment-secret-0123456789ab').toString('base64');
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86400_000).toISOString().slice(0, 10);
const AROUND_TODAY = `zone=UTC&from=${day(-1)}&to=${day(1)}`;
let serial = 0;

describe.each(DIALECTS)('exceptions per payment on %s', (dialect) => {
  let api: PayApi;
  beforeAll(async () => {
    api = await payApi(dialect);
    await api.t.app.paydesk.settings.update('pay', 'standard', { secrets: SECRET });
  });
  afterAll(() => api?.close());
  const db = () => api.t.app.paydesk.db.any;

  async function pay(o: Record<string, any>, amount: number, currency: string, reference: string) {
    const id = `msg_pp_${Date.now().toString(36)}_${serial++}`;
    const body = JSON.stringify({ tradeNo: o.tradeNo, status: 'paid', amount, currency, channelTradeNo: reference });
    const at = new Date();
    const res = await api.t.app.inject({
      method: 'POST', url: '/api/receive-money/notify/standard', payload: body,
      headers: { 'content-type': 'application/json', 'webhook-id': id, 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': new Webhook(SECRET).sign(id, at, body) },
    });
    expect(res.statusCode).toBe(200);
  }
  const attention = async () => dataOf(await api.call('GET', `/api/dashboard/figures?${AROUND_TODAY}`)).attention;
  const openInTotals = async () => {
    const row = await db().selectFrom('order_totals').select([sql<number>`sum(underpaid)`.as('u'), sql<number>`sum(wrong_currency)`.as('w')])
      .where('uid', '=', -1).executeTakeFirstOrThrow();
    return [Number(row.u), Number(row.w)];
  };

  it('keeps an underpayment and then a payment in another currency on one order, and resolves them one by one', async () => {
    const before = { attention: await attention(), totals: await openInTotals() };
    const o = await order(api, { amount: 12.5, currency: 'USD' });
    await pay(o, 5, 'USD', 'gw-short');
    await pay(o, 12.5, 'EUR', 'gw-euro');
    let { row, exceptions } = await stored(api, o.id);
    // The second payment did not replace the first: both are kept, each with its own money and reference.
    expect(exceptions.map((e) => [e.kind, e.amount, e.currency, e.reference, e.state]))
      .toEqual([['underpaid', 5, 'USD', 'gw-short', 'open'], ['wrong_currency', 12.5, 'EUR', 'gw-euro', 'open']]);
    expect(row).toMatchObject({ status: 'pending', openExceptions: 2, exception: 'wrong_currency' });
    const [short, euro] = exceptions;
    // The operator reads them as rows of their own, and the dashboard counts exceptions, not orders.
    const listed = dataOf(await api.call('GET', `/api/order-exceptions/rows?orderId=${o.id}`)).rows;
    expect(listed.map((e: { id: number }) => e.id)).toEqual([euro!.id, short!.id]);
    const now = await attention();
    expect([now.exceptions - before.attention.exceptions, now.orders - before.attention.orders]).toEqual([2, 1]);
    expect(now.entries.find((e: { orderId: number }) => e.orderId === o.id).exceptions)
      .toEqual([{ id: short!.id, kind: 'underpaid', amount: 5, currency: 'USD' }, { id: euro!.id, kind: 'wrong_currency', amount: 12.5, currency: 'EUR' }]);
    expect(await openInTotals()).toEqual([before.totals[0]! + 1, before.totals[1]! + 1]);

    // The order alone no longer says which money is meant.
    const ambiguous = await api.call('POST', '/api/receive-money/resolve', { id: o.id, action: 'accept', reason: 'which?' });
    expect(ambiguous.status).toBe(409);
    expect(ambiguous.body.msg).toMatch(/2 open exceptions/);

    // The short payment is accepted: the order is completed with it; the euro stays open.
    const accepted = dataOf(await api.call('POST', '/api/receive-money/resolve', { exceptionId: short!.id, action: 'accept', reason: 'rest paid in cash' }));
    expect(accepted.exception).toMatchObject({ state: 'accepted', reason: 'rest paid in cash', resolvedBy: '1' });
    expect(accepted.order).toMatchObject({ status: 'completed', paidAmount: 5, openExceptions: 1, exception: 'wrong_currency', exceptionCurrency: 'EUR' });
    expect((await api.call('POST', '/api/receive-money/resolve', { exceptionId: short!.id, action: 'refund', reason: 'again' })).status).toBe(409);
    expect(await openInTotals()).toEqual([before.totals[0]!, before.totals[1]! + 1]);

    // The euro can only go back, and goes back whole: its own amount, in its own currency.
    expect((await api.call('POST', '/api/receive-money/resolve', { exceptionId: euro!.id, action: 'accept', reason: 'fine' })).status).toBe(409);
    const refunded = dataOf(await api.call('POST', '/api/receive-money/resolve', { exceptionId: euro!.id, action: 'refund', reason: 'paid in the wrong currency' }), 201);
    expect(refunded.refund).toMatchObject({ amount: 12.5, currency: 'EUR', exception: 'wrong_currency', state: 'succeeded' });
    expect(refunded.exception).toMatchObject({ state: 'refunded', refundId: refunded.refund.id, reason: 'paid in the wrong currency' });
    ({ row, exceptions } = await stored(api, o.id));
    expect(row).toMatchObject({ status: 'completed', openExceptions: 0, exception: '', exceptionCurrency: '' });
    expect([Number(row.paidAmount), Number(row.refundedAmount), Number(row.exceptionAmount)]).toEqual([5, 0, 0]);
    expect(exceptions.map((e) => e.state)).toEqual(['accepted', 'refunded']);
    expect((await attention()).exceptions).toBe(before.attention.exceptions);
    expect(await openInTotals()).toEqual(before.totals);

    // The export reads no exception, and no exception amount beside it.
    const csv = await api.call('GET', `/api/receive-money/export?id=${o.id}`);
    expect(csv.status).toBe(200);
    const [header, line] = csv.text.replace(/^\uFEFF/, '').split('\r\n');
    const cells = Object.fromEntries(header!.split(',').map((name, i) => [name, line!.split(',')[i]]));
    expect([cells.Exception, cells['Exception amount']]).toEqual(['None', '']);
  });

  it('accepting a second short payment after the first completed the order adds it to what the order was paid', async () => {
    const o = await order(api, { amount: 12.5, currency: 'USD' });
    await pay(o, 5, 'USD', 'gw-part-1');
    await pay(o, 3, 'USD', 'gw-part-2');
    const [first, second] = (await stored(api, o.id)).exceptions;
    dataOf(await api.call('POST', '/api/receive-money/resolve', { exceptionId: first!.id, action: 'accept', reason: 'first half' }));
    const after = dataOf(await api.call('POST', '/api/receive-money/resolve', { exceptionId: second!.id, action: 'accept', reason: 'second half' })).order;
    expect(after).toMatchObject({ status: 'completed', paidAmount: 8, openExceptions: 0, exception: '' });
    const { callbacks } = await stored(api, o.id);
    expect(callbacks.map((c) => JSON.parse(c.payload).type).slice(-2)).toEqual(['order.completed', 'order.resolved']);
  });

  it('refuses an exception of another order, and one that does not exist', async () => {
    const a = await order(api);
    const b = await order(api);
    await pay(a, 1, 'USD', 'gw-a');
    const [exception] = (await stored(api, a.id)).exceptions;
    expect((await api.call('POST', '/api/receive-money/resolve', { id: b.id, exceptionId: exception!.id, action: 'accept', reason: 'x' })).status).toBe(404);
    expect((await api.call('POST', '/api/receive-money/resolve', { exceptionId: 999_999, action: 'accept', reason: 'x' })).status).toBe(404);
    expect((await api.call('POST', '/api/receive-money/resolve', { action: 'accept', reason: 'x' })).status).toBe(400);
    expect((await stored(api, a.id)).exceptions.map((e) => e.state)).toEqual(['open']);
  });

  it('the migration turns order-level exceptions into rows: open, accepted and refunded ones, and counts them again', async () => {
    const flagged = await order(api);
    await pay(flagged, 5, 'USD', 'gw-old-short');
    const accepted = await order(api);
    dataOf(await api.call('POST', '/api/receive-money/close', { id: accepted.id, reason: 'timeout' }));
    await pay(accepted, 12.5, 'USD', 'gw-old-late');
    dataOf(await api.call('POST', '/api/receive-money/resolve', { id: accepted.id, action: 'accept', reason: 'late but fine' }));
    const sentBack = await order(api);
    await pay(sentBack, 12.5, 'EUR', 'gw-old-euro');
    const refund = dataOf(await api.call('POST', '/api/receive-money/resolve', { id: sentBack.id, action: 'refund', reason: 'wrong money' }), 201).refund;
    // As the previous migration state had them: no exception rows, the flag in the order's columns, and a resolved
    // exception's amount left behind on the order.
    await db().deleteFrom('order_exceptions').execute();
    await db().updateTable('receive_money').set({ openExceptions: 0 }).execute();
    await db().updateTable('receive_money').set({ exceptionAmount: 12.5, exceptionCurrency: 'USD' }).where('id', '=', accepted.id).execute();
    await db().updateTable('receive_money').set({ exceptionAmount: 12.5, exceptionCurrency: 'EUR' }).where('id', '=', sentBack.id).execute();
    // A group that reads orders, from before the exceptions had rules of their own.
    const rule = async (route: string) => (await db().selectFrom('auth_rules').select('id').where('route', '=', route).executeTakeFirst())?.id;
    const ordersRows = await rule('api/receive-money/rows');
    const group = await createRow(api, 'auth-group', { name: unique('g'), manage: 0, all: 0, rules: `|${ordersRows}|` });
    await db().deleteFrom('auth_rules').where('group', '=', 'order-exceptions').execute();

    await db().transaction().execute((trx) => upExceptions(trx));

    const one = async (id: number) => {
      const { row, exceptions } = await stored(api, id);
      expect(exceptions).toHaveLength(1);
      return { row, e: exceptions[0]! };
    };
    const f = await one(flagged.id);
    expect(f.e).toMatchObject({ kind: 'underpaid', amount: 5, currency: 'USD', reference: 'gw-old-short', state: 'open' });
    expect(f.row).toMatchObject({ openExceptions: 1, exception: 'underpaid' });
    const a = await one(accepted.id);
    expect(a.e).toMatchObject({ kind: 'paid_late', amount: 12.5, currency: 'USD', reference: 'gw-old-late', state: 'accepted', reason: 'late but fine', resolvedBy: '1' });
    expect(a.row).toMatchObject({ openExceptions: 0, exception: '', exceptionCurrency: '' });
    expect(Number(a.row.exceptionAmount)).toBe(0);
    const s = await one(sentBack.id);
    expect(s.e).toMatchObject({ kind: 'wrong_currency', amount: 12.5, currency: 'EUR', state: 'refunded', refundId: refund.id, reason: 'wrong money' });
    // Who read orders reads their exceptions.
    const exceptionRows = await rule('api/order-exceptions/rows');
    expect(exceptionRows).toBeDefined();
    expect((await db().selectFrom('auth_group').select('rules').where('id', '=', group.id).executeTakeFirstOrThrow()).rules).toBe(`|${ordersRows}|${exceptionRows}|`);
    // The dashboard's totals count the open rows.
    const open = Number((await db().selectFrom('order_exceptions as e').innerJoin('receive_money as o', 'o.id', 'e.orderId')
      .select(sql<number>`count(*)`.as('n')).where('e.state', '=', 'open').where('e.kind', '=', 'underpaid').where('o.deleteTime', '=', 0).executeTakeFirstOrThrow()).n);
    expect((await openInTotals())[0]).toBe(open);
  });
});
