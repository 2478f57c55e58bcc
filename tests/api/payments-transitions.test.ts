/**
 * The order state machine (issue 13 item 1) through the operator's actions:
 * every allowed move and every refused one, the idempotent repeat, the reason,
 * the rule of each action, and what each move writes in its transaction (the
 * order, its event, its outbox row).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DIALECTS } from '../support/app';
import { dataOf } from '../support/fixtures';
import { history, order, payApi, paymentDeps, stored, userWith, type PayApi } from './payments-support';
import { retryLostRaces } from '../../server/db/races';
import { sql } from 'kysely';
import { up as upOrderStates } from '../../server/db/migrations/20261128165000_order_states';
import { rebuildTotals } from '../../server/payments/totals';
import { transition } from '../../server/payments/transitions';

// Each suite builds an app; on MariaDB its migrations can outlast the default hook time on a busy machine.
vi.setConfig({ hookTimeout: 120_000 });

const ACTIONS = { 'mark-paid': 'completed', 'mark-failed': 'failed', close: 'closed' } as const;
type Action = keyof typeof ACTIONS;

describe.each(DIALECTS)('order transitions on %s', (dialect) => {
  let api: PayApi;
  beforeAll(async () => {
    api = await payApi(dialect);
  });
  afterAll(() => api?.close());

  const act = (action: Action, body: Record<string, unknown>, token?: string) =>
    token ? api.t.call('POST', `/api/receive-money/${action}`, body, token, { cookie: 'lang=en-us' }) : api.call('POST', `/api/receive-money/${action}`, body);

  it.each(Object.entries(ACTIONS))('%s moves a pending order to %s, with its event and callback in the same write', async (action, to) => {
    const o = await order(api, { amount: 30 });
    const res = await act(action as Action, { id: o.id, reason: 'checked with the bank' });
    expect(dataOf(res)).toMatchObject({ changed: true, status: to });
    const { row, events, callbacks } = await stored(api, o.id);
    expect(row.status).toBe(to);
    expect(Number(row.paidAmount)).toBe(to === 'completed' ? 30 : 0);
    expect(row.paidTime > 0).toBe(to === 'completed');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ fromStatus: 'pending', toStatus: to, source: 'operator', reason: 'checked with the bank', currency: 'USD', uid: 1 });
    expect(callbacks).toHaveLength(1);
    expect(callbacks[0]).toMatchObject({ state: 'pending', url: 'https://merchant.example.com/hook', eventId: events[0]!.id });
    expect(JSON.parse(callbacks[0]!.payload)).toMatchObject({ type: `order.${to}`, data: { tradeNo: o.tradeNo, status: to, from: 'pending' } });
    // The payer's public view shows the new status at once (the cached read was dropped).
    expect(dataOf(await api.anon('GET', `/api/receive-money/take?tradeNo=${o.tradeNo}`)).status).toBe(to);
    // The event holds the order's own amount, the history has the move as the operator's, and the operation log has the call.
    expect(Number(events[0]!.amount)).toBe(30);
    expect((await history(api, 'receive-money', o.id)).at(-1)).toMatchObject({ action: 'payment', userId: 1, changes: { status: ['pending', to] } });
    await api.t.app.paydesk.logs.flush();
    const logged = await api.t.app.paydesk.db.any.selectFrom('logs').select(['api', 'bindId']).where('api', '=', `/api/receive-money/${action}`).where('bindId', '=', o.id).execute();
    expect(logged).toHaveLength(1);
  });

  it.each(Object.entries(ACTIONS))('%s again on an order already %s is a 200 that changes nothing', async (action) => {
    const o = await order(api);
    dataOf(await act(action as Action, { id: o.id, reason: 'first' }));
    const before = await stored(api, o.id);
    const again = await act(action as Action, { id: o.id, reason: 'second' });
    expect(dataOf(again)).toMatchObject({ changed: false });
    expect(await stored(api, o.id)).toEqual(before);
  });

  const finals = Object.entries(ACTIONS) as Array<[Action, string]>;
  const refused = finals.flatMap(([first, status]) => finals.filter(([other]) => other !== first).map(([other]) => [status, other] as const));
  it.each(refused)('an order %s refuses %s with 409 and keeps everything as it was', async (status, action) => {
    const o = await order(api);
    const first = finals.find(([, s]) => s === status)![0];
    dataOf(await act(first, { id: o.id, reason: 'first' }));
    const before = await stored(api, o.id);
    const res = await act(action, { id: o.id, reason: 'late' });
    expect(res.status, res.text).toBe(409);
    expect(res.body.msg).toContain(status);
    expect(await stored(api, o.id)).toEqual(before);
  });

  it('needs a reason, an existing order and nothing else', async () => {
    const o = await order(api);
    for (const body of [{ id: o.id }, { id: o.id, reason: '   ' }, { id: o.id, reason: 'x'.repeat(257) }, { id: o.id, reason: 'ok', status: 'completed' }]) {
      const res = await act('mark-paid', body);
      expect(res.status, res.text).toBe(400);
    }
    expect((await act('mark-failed', { id: o.id, reason: 'r', channelTradeNo: 'x' })).status).toBe(400);
    expect((await act('close', { id: 999999, reason: 'r' })).status).toBe(404);
    expect((await stored(api, o.id)).events).toHaveLength(0);
  });

  it('keeps the status out of reach of the generic update', async () => {
    const o = await order(api);
    const res = await api.call('PUT', '/api/receive-money/update', { id: o.id, status: 'completed' });
    expect(res.status).toBe(400);
    expect((await stored(api, o.id)).row.status).toBe('pending');
  });

  it('gates each action by its own rule and keeps a scoped operator to their own orders', async () => {
    const payer = await userWith(api, ['POST api/receive-money/mark-paid', 'POST api/receive-money/create'], 0);
    const mine = dataOf(await api.t.call('POST', '/api/receive-money/create', { title: 'Mine', amount: 5, currency: 'USD' }, payer.token), 201);
    const theirs = await order(api);
    expect((await act('mark-failed', { id: mine.id, reason: 'no' }, payer.token)).status).toBe(403);
    expect((await act('close', { id: mine.id, reason: 'no' }, payer.token)).status).toBe(403);
    expect((await act('mark-paid', { id: theirs.id, reason: 'not mine' }, payer.token)).status).toBe(403);
    expect((await stored(api, theirs.id)).row.status).toBe('pending');
    expect(dataOf(await act('mark-paid', { id: mine.id, reason: 'cash at the desk', channelTradeNo: 'cash-1' }, payer.token)).changed).toBe(true);
    const { row, events } = await stored(api, mine.id);
    expect(row).toMatchObject({ status: 'completed', channelTradeNo: 'cash-1' });
    expect(events[0]).toMatchObject({ actor: String(payer.id), reference: 'cash-1', uid: payer.id });
  });

  it('an order without a notifyUrl moves with an event and no callback', async () => {
    const o = await order(api, { notifyUrl: '' });
    dataOf(await act('mark-paid', { id: o.id, reason: 'r' }));
    const { events, callbacks } = await stored(api, o.id);
    expect([events.length, callbacks.length]).toEqual([1, 0]);
  });

  it('a refund of part reads partially_refunded, found by the status filter; the rest makes it refunded', async () => {
    const o = await order(api, { amount: 80 });
    dataOf(await act('mark-paid', { id: o.id, reason: 'cash' }));
    dataOf(await api.call('POST', '/api/receive-money/refund', { id: o.id, amount: 20, reason: 'one cup broken' }), 201);
    expect((await stored(api, o.id)).row).toMatchObject({ status: 'partially_refunded' });
    const closed = await order(api);
    dataOf(await act('close', { id: closed.id, reason: 'wrong size' }));
    const ids = async (status: string) => dataOf(await api.call('GET', `/api/receive-money/rows?limit=200&status=${status}`)).rows.map((r: { id: number }) => r.id);
    expect(await ids('partially_refunded')).toContain(o.id);
    expect(await ids('completed')).not.toContain(o.id);
    expect(await ids('closed')).toEqual(expect.arrayContaining([closed.id]));
    expect(await ids('expired')).not.toContain(closed.id);
    // A second part keeps it partly refunded; what is left makes it refunded, and no more can go back.
    dataOf(await api.call('POST', '/api/receive-money/refund', { id: o.id, amount: 30, reason: 'two more' }), 201);
    expect((await stored(api, o.id)).row.status).toBe('partially_refunded');
    dataOf(await api.call('POST', '/api/receive-money/refund', { id: o.id, reason: 'all of it' }), 201);
    expect((await stored(api, o.id)).row).toMatchObject({ status: 'refunded' });
    expect((await api.call('POST', '/api/receive-money/refund', { id: o.id, amount: 1, reason: 'more' })).status).toBe(409);
  });

  it('the order_states migration moves orders an operator closed to closed (not those that expired) and paid orders refunded in part', async () => {
    const db = api.t.app.paydesk.db.any;
    // As an install had them: an operator's close recorded as expired, and a part refund leaving the order completed.
    const closedEarlier = await order(api);
    dataOf(await act('close', { id: closedEarlier.id, reason: 'customer left' }));
    await db.updateTable('receive_money').set({ status: 'expired' }).where('id', '=', closedEarlier.id).execute();
    await db.updateTable('order_events').set({ toStatus: 'expired' }).where('orderId', '=', closedEarlier.id).execute();
    const expiredEarlier = await order(api);
    await transition(paymentDeps(api), { id: expiredEarlier.id }, { to: 'expired', source: 'expiry', actor: 'expiry', reason: 'expireTime passed' });
    const partEarlier = await order(api, { amount: 50 });
    dataOf(await act('mark-paid', { id: partEarlier.id, reason: 'cash' }));
    dataOf(await api.call('POST', '/api/receive-money/refund', { id: partEarlier.id, amount: 10, reason: 'part' }), 201);
    await db.updateTable('receive_money').set({ status: 'completed' }).where('id', '=', partEarlier.id).execute();
    const paidOnly = await order(api);
    dataOf(await act('mark-paid', { id: paidOnly.id, reason: 'cash' }));
    await rebuildTotals(db);
    const closedCount = async () => Number((await db.selectFrom('order_totals').select(sql<number>`sum(closed)`.as('n')).where('uid', '=', -1).executeTakeFirstOrThrow()).n);
    const before = await closedCount();

    await db.transaction().execute((trx) => upOrderStates(trx));

    const status = async (id: number) => (await stored(api, id)).row.status;
    expect([await status(closedEarlier.id), await status(expiredEarlier.id), await status(partEarlier.id), await status(paidOnly.id)])
      .toEqual(['closed', 'expired', 'partially_refunded', 'completed']);
    expect((await stored(api, closedEarlier.id)).events.map((e) => e.toStatus)).toEqual(['closed']);
    expect((await stored(api, expiredEarlier.id)).events.map((e) => e.toStatus)).toEqual(['expired']);
    // The dashboard's totals were counted again: the close is counted as closed.
    expect(await closedCount()).toBe(before + 1);
  });
});

describe('a transition chosen as a deadlock victim (MariaDB rolls it back whole)', () => {
  const deadlock = Object.assign(new Error('Deadlock found when trying to get lock'), { errno: 1213, code: 'ER_LOCK_DEADLOCK' });

  it('runs again, up to five times in all, and answers what the run that got through wrote', async () => {
    // MariaDB's deadlock and lock wait, and SQLite's busy database.
    for (const victim of [deadlock, { errno: 1205, code: 'ER_LOCK_WAIT_TIMEOUT' }, { code: 'SQLITE_BUSY' }]) {
      let runs = 0;
      const outcome = await retryLostRaces(async () => {
        if (++runs < 5) throw victim;
        return 'moved';
      });
      expect([outcome, runs], JSON.stringify(victim)).toEqual(['moved', 5]);
    }
  });

  it('gives up after the fifth, with the database error', async () => {
    let runs = 0;
    await expect(retryLostRaces(async () => { runs++; throw deadlock; })).rejects.toBe(deadlock);
    expect(runs).toBe(5);
  });

  it('never runs again for any other error: a refused move is not retried', async () => {
    for (const other of [new Error('refused'), { errno: 1062, code: 'ER_DUP_ENTRY' }, null]) {
      let runs = 0;
      await expect(retryLostRaces(async () => { runs++; throw other; })).rejects.toBe(other);
      expect(runs, JSON.stringify(other)).toBe(1);
    }
  });
});
