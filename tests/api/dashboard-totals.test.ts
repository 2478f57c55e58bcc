/**
 * The dashboard's running totals (server/payments/totals.ts) always equal a
 * GROUP BY over the raw rows: after a random mix of order creations by two
 * owners, payments that fit or do not (under, over, late, another currency),
 * operator moves, expiries, refunds, resolved exceptions (several per order,
 * each counted on its own until resolved), edits, binning, restoring and deleting, on an app clock that moves by hours. The totals
 * that the migration's backfill computes from the rows are the same again.
 * (The expected totals are computed here in JavaScript from the raw rows, not
 * by the backfill's SQL, so the two are checked against a third count.)
 */
import fc from 'fast-check';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ORDER_EXCEPTIONS, ORDER_STATUSES } from '../../schema/options';
import { rebuildTotals } from '../../server/payments/totals';
import { DIALECTS } from '../support/app';
import { dataOf } from '../support/fixtures';
import { order, payApi, userWith, type PayApi } from './payments-support';

vi.setConfig({ hookTimeout: 120_000, testTimeout: 600_000 });

const SECRET = 'whsec_' + Buffer.from('dashboard-totals-secret-012345').toString('base64');
const CURRENCIES = ['USD', 'CNY', 'HKD'] as const;
const HOUR = 3600;
const DELAY_BOUNDS = [10, 30, 60, 120, 180, 300, 600, 900, 1200, 1800, 2700, 3600, 7200, 14400, 28800, 86400, 259200];
const bucketOf = (d: number) => { const i = DELAY_BOUNDS.findIndex((b) => d < b); return i < 0 ? DELAY_BOUNDS.length : i; };

type Step =
  | { kind: 'create'; byOperator: boolean; currency: number; amount: number }
  | { kind: 'notify'; pick: number; fit: 'fits' | 'under' | 'over' | 'wrong' }
  | { kind: 'move'; pick: number; action: 'mark-paid' | 'mark-failed' | 'close' }
  | { kind: 'expire'; hours: number }
  | { kind: 'refund'; pick: number; part: boolean }
  | { kind: 'resolve'; pick: number; which: number; action: 'accept' | 'refund' }
  | { kind: 'edit'; pick: number; currency: number }
  | { kind: 'bin'; pick: number; action: 'remove' | 'restore' | 'delete' };

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('create' as const), byOperator: fc.boolean(), currency: fc.nat(2), amount: fc.integer({ min: 100, max: 50_000 }) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('notify' as const), pick: fc.nat(), fit: fc.constantFrom('fits' as const, 'under' as const, 'over' as const, 'wrong' as const) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('move' as const), pick: fc.nat(), action: fc.constantFrom('mark-paid' as const, 'mark-failed' as const, 'close' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('expire' as const), hours: fc.integer({ min: 1, max: 30 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('refund' as const), pick: fc.nat(), part: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('resolve' as const), pick: fc.nat(), which: fc.nat(), action: fc.constantFrom('accept' as const, 'refund' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('edit' as const), pick: fc.nat(), currency: fc.nat(2) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('bin' as const), pick: fc.nat(), action: fc.constantFrom('remove' as const, 'restore' as const, 'delete' as const) }) },
);

/**
 * Every path once, before each random mix: a paid and partly refunded order, an overpayment sent back, an underpayment
 * accepted, a late payment, a binned order, and an order holding three exceptions at once (short twice, then another
 * currency) of which one is resolved and two stay open, then binned and restored.
 */
const PRELUDE: Step[] = [
  { kind: 'create', byOperator: false, currency: 0, amount: 2000 }, { kind: 'notify', pick: 0, fit: 'fits' }, { kind: 'refund', pick: 0, part: true },
  { kind: 'create', byOperator: true, currency: 1, amount: 3000 }, { kind: 'notify', pick: 1, fit: 'over' }, { kind: 'resolve', pick: 1, which: 0, action: 'refund' },
  { kind: 'create', byOperator: false, currency: 2, amount: 4000 }, { kind: 'notify', pick: 2, fit: 'under' }, { kind: 'resolve', pick: 2, which: 0, action: 'accept' },
  { kind: 'create', byOperator: true, currency: 0, amount: 500 }, { kind: 'move', pick: 3, action: 'close' }, { kind: 'notify', pick: 3, fit: 'fits' },
  { kind: 'create', byOperator: false, currency: 1, amount: 700 }, { kind: 'bin', pick: 4, action: 'remove' },
  { kind: 'create', byOperator: true, currency: 2, amount: 900 }, { kind: 'notify', pick: 5, fit: 'under' }, { kind: 'notify', pick: 5, fit: 'under' },
  { kind: 'notify', pick: 5, fit: 'wrong' }, { kind: 'resolve', pick: 5, which: 1, action: 'refund' },
  { kind: 'bin', pick: 5, action: 'remove' }, { kind: 'bin', pick: 5, action: 'restore' },
];

describe.each(DIALECTS)('dashboard totals on %s', (dialect) => {
  let api: PayApi;
  let operator: { id: number; token: string; signIn(): Promise<string> };
  let serial = 0;
  beforeAll(async () => {
    api = await payApi(dialect);
    await api.t.app.paydesk.settings.update('pay', 'standard', { secrets: SECRET });
    operator = await userWith(api, ['POST api/receive-money/create'], 0);
  });
  afterAll(() => api?.close());
  const db = () => api.t.app.paydesk.db.any;

  async function notify(o: { tradeNo: string; amount: number; currency: string }, fit: string) {
    const amount = fit === 'under' ? Math.round(o.amount * 50) / 100 : fit === 'over' ? o.amount + 5 : o.amount;
    const currency = fit === 'wrong' ? (o.currency === 'USD' ? 'CNY' : 'USD') : o.currency;
    const id = `msg_totals_${Date.now().toString(36)}_${serial++}`;
    const body = JSON.stringify({ tradeNo: o.tradeNo, status: 'paid', amount, currency, channelTradeNo: `gw-${serial}` });
    const at = new Date();
    await api.t.app.inject({
      method: 'POST', url: '/api/receive-money/notify/standard', payload: body,
      headers: { 'content-type': 'application/json', 'webhook-id': id, 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': new Webhook(SECRET).sign(id, at, body) },
    });
  }

  async function run(steps: Step[]) {
    const orders: Array<{ id: number; tradeNo: string; amount: number; currency: string }> = [];
    const pickOrder = (n: number) => orders[n % Math.max(orders.length, 1)];
    // Each mix moves the clock on by hours, and tokens live 7 days on it: the operator signs in afresh.
    operator.token = await operator.signIn();
    for (const s of steps) {
      if (s.kind === 'create') {
        const body = { amount: s.amount / 100, currency: CURRENCIES[s.currency] };
        const made = s.byOperator
          ? dataOf(await api.t.call('POST', '/api/receive-money/create', { title: 'Tea', payUrl: 'https://pay.example.com/t', ...body }, operator.token), 201)
          : await order(api, body);
        orders.push({ id: made.id, tradeNo: made.tradeNo, amount: Number(made.amount), currency: made.currency });
        continue;
      }
      if (s.kind === 'expire') {
        api.clock.now += s.hours * HOUR;
        await api.t.app.paydesk.payments.expireDue();
        continue;
      }
      const o = pickOrder(s.pick);
      if (!o) continue;
      if (s.kind === 'notify') await notify(o, s.fit);
      else if (s.kind === 'move') await api.call('POST', `/api/receive-money/${s.action}`, { id: o.id, reason: 'test' });
      else if (s.kind === 'refund') {
        const row = await db().selectFrom('receive_money').select(['paidAmount', 'refundedAmount']).where('id', '=', o.id).executeTakeFirst();
        const left = row ? Number(row.paidAmount) - Number(row.refundedAmount) : 0;
        await api.call('POST', '/api/receive-money/refund', { id: o.id, reason: 'test', ...(s.part && left > 1 && { amount: Math.floor(left * 50) / 100 }) });
      } else if (s.kind === 'resolve') {
        // One of the order's open exceptions, by its id: an order may hold several.
        const open = await db().selectFrom('order_exceptions').select('id').where('orderId', '=', o.id).where('state', '=', 'open').orderBy('id').execute();
        const picked = open[s.which % Math.max(open.length, 1)];
        if (picked) await api.call('POST', '/api/receive-money/resolve', { exceptionId: Number(picked.id), action: s.action, reason: 'test' });
      }
      else if (s.kind === 'edit') {
        const currency = CURRENCIES[s.currency]!;
        const res = await api.call('PUT', '/api/receive-money/update', { id: o.id, currency });
        if (res.status === 200) o.currency = currency;
      } else if (s.action === 'restore') await api.call('PUT', '/api/receive-money/restore', { ids: String(o.id) });
      else await api.call('DELETE', `/api/receive-money/${s.action}?ids=${o.id}`);
      api.clock.now += 7 * 60;
    }
  }

  /** The totals as the rows say they should be, computed here from every order and refund. */
  async function fromRows() {
    const orders = await db().selectFrom('receive_money').select(['id', 'uid', 'createTime', 'currency', 'status', 'paidAmount', 'paidTime', 'deleteTime']).execute();
    // Open exceptions, one count each: an order holding two counts two.
    const open = await db().selectFrom('order_exceptions').select(['orderId', 'kind']).where('state', '=', 'open').execute();
    const refunds = await db().selectFrom('refunds').select(['uid', 'updateTime', 'currency', 'amount', 'exception']).where('state', '=', 'succeeded').execute();
    const out = { order_totals: new Map<string, number>(), money_totals: new Map<string, number>() };
    const add = (map: Map<string, number>, key: unknown[], n: number) => {
      for (const uid of [key[0], -1]) {
        const k = JSON.stringify([uid, ...key.slice(1)].map(String));
        map.set(k, (map.get(k) ?? 0) + n);
      }
    };
    const hour = (t: unknown) => Number(t) - (Number(t) % HOUR);
    for (const o of orders) {
      if (!Number(o.deleteTime)) {
        add(out.order_totals, [o.uid, hour(o.createTime), o.currency, o.status], 1);
        for (const e of open.filter((e) => Number(e.orderId) === Number(o.id))) add(out.order_totals, [o.uid, hour(o.createTime), o.currency, e.kind], 1);
      }
      if (!['completed', 'partially_refunded', 'refunded'].includes(o.status)) continue;
      add(out.money_totals, [o.uid, hour(o.paidTime), o.currency, 'paidCents'], Math.round(Number(o.paidAmount) * 100));
      add(out.money_totals, [o.uid, hour(o.paidTime), o.currency, 'payments'], 1);
      add(out.money_totals, [o.uid, hour(o.paidTime), o.currency, `d${bucketOf(Number(o.paidTime) - Number(o.createTime))}`], 1);
    }
    for (const r of refunds) {
      if (r.exception !== '' && r.exception !== 'overpaid') continue;
      add(out.money_totals, [r.uid, hour(r.updateTime), r.currency, 'refundedCents'], Math.round(Number(r.amount) * 100));
      add(out.money_totals, [r.uid, hour(r.updateTime), r.currency, 'refunds'], 1);
    }
    return out;
  }

  /** What the totals tables hold, in the same shape (zero cells left out). */
  async function kept() {
    const shape = async (table: string, keys: string[], sums: string[]) => {
      const map = new Map<string, number>();
      for (const row of await db().selectFrom(table).selectAll().execute()) {
        for (const s of sums) if (Number(row[s])) map.set(JSON.stringify([...keys.map((k) => row[k]), s].map(String)), Number(row[s]));
      }
      return map;
    };
    const key = ['uid', 'hour', 'currency'];
    return {
      order_totals: await shape('order_totals', key, [...ORDER_STATUSES, ...ORDER_EXCEPTIONS]),
      money_totals: await shape('money_totals', key, ['paidCents', 'payments', 'refundedCents', 'refunds', ...DELAY_BOUNDS.map((_, i) => `d${i}`), `d${DELAY_BOUNDS.length}`]),
    };
  }
  const sorted = (m: Map<string, number>) => [...m.entries()].filter(([, n]) => n !== 0).sort(([a], [b]) => a.localeCompare(b));

  it('equal a GROUP BY over the orders and refunds after any mix of writes, and equal what the backfill computes', async () => {
    let runs = 0;
    await fc.assert(fc.asyncProperty(fc.array(step, { minLength: 15, maxLength: 45 }), async (steps) => {
      await run([...PRELUDE, ...steps]);
      const want = await fromRows();
      const have = await kept();
      for (const table of ['order_totals', 'money_totals'] as const) expect(sorted(have[table]), table).toEqual(sorted(want[table]));
      await rebuildTotals(db());
      const rebuilt = await kept();
      for (const table of ['order_totals', 'money_totals'] as const) expect(sorted(rebuilt[table]), `${table} rebuilt`).toEqual(sorted(want[table]));
      runs++;
    }), { numRuns: dialect === 'mysql' ? 4 : 8 });
    // The mixes reached the paths they are about: money moved, refunds made, exceptions opened, orders binned.
    const count = async (column: string, op: '>' | '!=', value: unknown) =>
      Number((await db().selectFrom('receive_money').select((eb) => eb.fn.countAll().as('n')).where(column, op, value).executeTakeFirstOrThrow()).n);
    expect(runs).toBeGreaterThan(0);
    expect([await count('paidTime', '>', 0), await count('refundedAmount', '>', 0), await count('deleteTime', '>', 0)].map((n) => n > 0)).toEqual([true, true, true]);
    expect(Number((await db().selectFrom('order_events').select((eb) => eb.fn.countAll().as('n')).where('exception', '!=', '').executeTakeFirstOrThrow()).n)).toBeGreaterThan(0);
    // Orders held several open exceptions at once, and the totals counted each.
    const several = await db().selectFrom('order_exceptions').select('orderId').where('state', '=', 'open').groupBy('orderId').having((eb) => eb.fn.countAll(), '>', 1).execute();
    expect(several.length).toBeGreaterThan(0);
  });
});
