/**
 * Expiry (issue 13 item 2) under a clock the test moves: the default and a
 * chosen expireTime, the bounds of the choice, and two instances sharing one
 * database that expire the same orders, each exactly once.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ORDER_LIFETIME_SECONDS } from '../../schema/options';
import { AppError } from '../../server/http';
import { expireDue } from '../../server/payments/expiry';
import type { TransitionDeps } from '../../server/payments/transitions';
import { DIALECTS, makeApp, type TestApp } from '../support/app';
import { dataOf } from '../support/fixtures';
import { order, payApi, paymentDeps, stored, type PayApi } from './payments-support';

// Each suite builds an app; on MariaDB its migrations can outlast the default hook time on a busy machine.
vi.setConfig({ hookTimeout: 120_000 });

describe.each(DIALECTS)('order expiry on %s', (dialect) => {
  let api: PayApi;
  beforeAll(async () => {
    api = await payApi(dialect);
  });
  afterAll(() => api?.close());
  const expire = () => api.t.app.paydesk.payments.expireDue();

  it('gives an order createTime + 3 days unless its creator chose sooner', async () => {
    const plain = await order(api);
    expect(plain.expireTime - plain.createTime).toBe(ORDER_LIFETIME_SECONDS);
    const soon = await order(api, { expireTime: plain.createTime + 600 });
    expect(soon.expireTime).toBe(plain.createTime + 600);
  });

  it('refuses an expireTime past the 3-day window or in the past', async () => {
    const now = Math.floor(Date.now() / 1000);
    for (const expireTime of [now + ORDER_LIFETIME_SECONDS + 120, now - 10]) {
      const res = await api.call('POST', '/api/receive-money/create', { title: 'Late', amount: 5, currency: 'USD', expireTime });
      expect(res.status, res.text).toBe(400);
      expect(res.body.data.errors[0].field).toBe('expireTime');
    }
  });

  it('expires a pending order once its time has passed, and only then', async () => {
    const o = await order(api, { expireTime: api.clock.now + 120 });
    const paid = await order(api, { expireTime: api.clock.now + 120 });
    dataOf(await api.call('POST', '/api/receive-money/mark-paid', { id: paid.id, reason: 'paid in time' }));
    api.clock.now += 119;
    await expire();
    expect((await stored(api, o.id)).row.status).toBe('pending');
    api.clock.now += 1;
    expect(await expire()).toBeGreaterThanOrEqual(1);
    const { row, events, callbacks } = await stored(api, o.id);
    expect(row.status).toBe('expired');
    expect(events).toMatchObject([{ fromStatus: 'pending', toStatus: 'expired', source: 'expiry', actor: 'expiry', reason: 'expireTime passed' }]);
    expect(callbacks).toHaveLength(1);
    // Running again moves nothing; the paid order stays paid.
    expect(await expire()).toBe(0);
    expect((await stored(api, o.id)).events).toHaveLength(1);
    expect((await stored(api, paid.id)).row.status).toBe('completed');
    expect(dataOf(await api.anon('GET', `/api/receive-money/take?tradeNo=${o.tradeNo}`)).status).toBe('expired');
  });

  it('expires an order from before expireTime existed at createTime + 3 days', async () => {
    const o = await order(api);
    const young = await order(api);
    const made = (id: number, createTime: number) => api.t.app.paydesk.db.any.updateTable('receive_money').set({ expireTime: 0, createTime }).where('id', '=', id).execute();
    await made(o.id, api.clock.now - ORDER_LIFETIME_SECONDS);
    await made(young.id, api.clock.now - ORDER_LIFETIME_SECONDS + 1);
    await expire();
    expect((await stored(api, o.id)).row.status).toBe('expired');
    expect((await stored(api, young.id)).row.status).toBe('pending');
    api.clock.now += 1;
    await expire();
    expect((await stored(api, young.id)).row.status).toBe('expired');
  });

  /** expireDue on this app's database and clock, with `committed` (what runs after each expiry's commit) replaced. */
  const expireWith = (committed: TransitionDeps['committed']) => expireDue(paymentDeps(api, committed));

  it('goes on past an order paid between its look and its move, and leaves that order paid', async () => {
    await expire();
    const [first, second] = [await order(api, { expireTime: api.clock.now + 60 }), await order(api, { expireTime: api.clock.now + 60 })];
    api.clock.now += 60;
    // Just after the first order expires, the second is paid: the run already chose it.
    const moved = await expireWith(async (outcome) => {
      if (outcome.order.id === first.id) dataOf(await api.call('POST', '/api/receive-money/mark-paid', { id: second.id, reason: 'paid just in time' }));
    });
    expect(moved).toBe(1);
    expect([(await stored(api, first.id)).row.status, (await stored(api, second.id)).row.status]).toEqual(['expired', 'completed']);
  });

  it('counts only the orders it moved: one that another instance expired meanwhile is not counted again', async () => {
    await expire();
    const [first, second] = [await order(api, { expireTime: api.clock.now + 60 }), await order(api, { expireTime: api.clock.now + 60 })];
    api.clock.now += 60;
    const moved = await expireWith(async (outcome) => {
      if (outcome.order.id === first.id) expect(await expireWith(async () => {})).toBe(1);
    });
    expect(moved).toBe(1);
    expect((await stored(api, second.id)).events).toHaveLength(1);
  });

  it('stops on any other error and says so, leaving the orders after it for the next run', async () => {
    await expire();
    const [first, second] = [await order(api, { expireTime: api.clock.now + 60 }), await order(api, { expireTime: api.clock.now + 60 })];
    api.clock.now += 60;
    // Neither a failure of its own (a 503) nor anything else is taken for the race above.
    for (const down of [new AppError(503, 'errors.cache_down'), new Error('the cache is down')]) {
      await expect(expireWith(async () => { throw down; })).rejects.toBe(down);
    }
    expect([(await stored(api, first.id)).row.status, (await stored(api, second.id)).row.status]).toEqual(['expired', 'expired']);
  });

  it('expires more orders than one batch holds in one run', async () => {
    await expire();
    const ids: number[] = [];
    for (let i = 0; i < 201; i++) ids.push((await order(api, { expireTime: api.clock.now + 60 })).id);
    api.clock.now += 60;
    expect(await expire()).toBe(201);
    const left = await api.t.app.paydesk.db.any.selectFrom('receive_money').select('id').where('id', 'in', ids).where('status', '=', 'pending').execute();
    expect(left).toEqual([]);
  });
});

// Two apps in one process share a SQLite file badly (a writer's lock wait blocks the one thread both run on):
// on SQLite the same race runs between two real processes in payments-instances.test.ts.
describe.each(DIALECTS.filter((d) => d === 'mysql'))('two instances expiring on %s', (dialect) => {
  let a: TestApp;
  let b: TestApp;
  let dir: string;
  const clock = { now: Math.floor(Date.now() / 1000) };
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'paydesk-expiry-'));
    a = await makeApp({ dialect, clock: () => clock.now * 1000 });
    b = await makeApp({ databaseUrl: a.databaseUrl, configDir: a.configDir, clock: () => clock.now * 1000 });
  });
  afterAll(async () => {
    await b?.app.close();
    await a?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('expire each order exactly once, with one event and one callback each', async () => {
    clock.now = Math.floor(Date.now() / 1000);
    const token = await a.signIn();
    const ids: number[] = [];
    for (let i = 0; i < 40; i++) {
      const res = await a.call('POST', '/api/receive-money/create', {
        title: `Order ${i}`, amount: 10 + i, currency: 'USD', expireTime: clock.now + 60, notifyUrl: 'https://merchant.example.com/hook',
      }, token);
      expect(res.status, res.text).toBe(201);
      ids.push(res.body.data.id);
    }
    clock.now += 61;
    const [movedA, movedB] = await Promise.all([a.app.paydesk.payments.expireDue(), b.app.paydesk.payments.expireDue()]);
    expect(movedA + movedB).toBe(40);
    const k = a.app.paydesk.db.any;
    const events = await k.selectFrom('order_events').select(['orderId']).where('orderId', 'in', ids).execute();
    const callbacks = await k.selectFrom('callbacks').select(['orderId']).where('orderId', 'in', ids).execute();
    expect(events.map((e) => e.orderId).sort()).toEqual([...ids].sort());
    expect(callbacks.map((e) => e.orderId).sort()).toEqual([...ids].sort());
    const statuses = await k.selectFrom('receive_money').select('status').where('id', 'in', ids).execute();
    expect(new Set(statuses.map((s) => s.status))).toEqual(new Set(['expired']));
  });
});
