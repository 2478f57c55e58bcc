/**
 * `GET /api/dashboard/figures`: the figures of a period in the caller's time
 * zone, scoped like the orders (an operator without `manage` sees his own
 * orders' figures only), behind its own rule, and a 400 in the caller's
 * language for a zone, a date or a range it cannot read.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { up as upgrade } from '../../server/db/migrations/20261126051000_dashboard_totals';
import { DIALECTS } from '../support/app';
import { dataOf } from '../support/fixtures';
import { order, payApi, userWith, type PayApi } from './payments-support';

vi.setConfig({ hookTimeout: 120_000 });

const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86400_000).toISOString().slice(0, 10);
/** Yesterday to tomorrow in UTC: today's orders are inside whatever the hour. */
const AROUND_TODAY = `zone=UTC&from=${day(-1)}&to=${day(1)}`;

describe.each(DIALECTS)('dashboard figures on %s', (dialect) => {
  let api: PayApi;
  let operator: { id: number; token: string };
  let stranger: { id: number; token: string };
  const figures = (query: string, token?: string, lang = 'en-us') =>
    api.t.call('GET', `/api/dashboard/figures?${query}`, undefined, token, { cookie: `lang=${lang}` });

  beforeAll(async () => {
    api = await payApi(dialect);
    operator = await userWith(api, ['POST api/receive-money/create', 'POST api/receive-money/mark-paid', 'GET api/dashboard/figures'], 0);
    stranger = await userWith(api, ['GET api/receive-money/rows'], 0);
    // The orders are made at the real time (the engine's), their payments on the app clock: the two agree from here.
    api.clock.now = Math.floor(Date.now() / 1000);
    // The admin's: 100 USD paid after 90 s, then 30 refunded (partially refunded); 40 USD closed; 25 EUR failed; 10 USD pending.
    const paid = await order(api, { amount: 100, currency: 'USD' });
    api.clock.now += 90;
    dataOf(await api.call('POST', '/api/receive-money/mark-paid', { id: paid.id, reason: 'counter' }));
    dataOf(await api.call('POST', '/api/receive-money/refund', { id: paid.id, amount: 30, reason: 'returned one' }), 201);
    dataOf(await api.call('POST', '/api/receive-money/close', { id: (await order(api, { amount: 40, currency: 'USD' })).id, reason: 'left' }));
    dataOf(await api.call('POST', '/api/receive-money/mark-failed', { id: (await order(api, { amount: 25, currency: 'EUR' })).id, reason: 'declined' }));
    await order(api, { amount: 10, currency: 'USD' });
    // The operator's own: 7 USD paid, 3 USD pending.
    const own = dataOf(await api.t.call('POST', '/api/receive-money/create', { title: 'Tea', amount: 7, currency: 'USD', payUrl: 'https://pay.example.com/t' }, operator.token), 201);
    dataOf(await api.t.call('POST', '/api/receive-money/mark-paid', { id: own.id, reason: 'cash' }, operator.token));
    dataOf(await api.t.call('POST', '/api/receive-money/create', { title: 'Tea', amount: 3, currency: 'USD', payUrl: 'https://pay.example.com/t' }, operator.token), 201);
  });
  afterAll(() => api?.close());

  it("gives a manager everyone's figures per currency: collected net of refunds, orders by status, conversion, median delay", async () => {
    const admin = dataOf(await api.call('GET', `/api/dashboard/figures?${AROUND_TODAY}`));
    const usd = admin.currencies.find((c: any) => c.currency === 'USD');
    expect(usd).toMatchObject({ collected: 77, paid: 107, refunded: 30, payments: 2, refunds: 1, orders: { completed: 1, partially_refunded: 1, closed: 1, expired: 0, pending: 2, failed: 0 } });
    // Paid 2 of 3 ended (1 completed, 1 partially refunded, 1 closed).
    expect(usd.conversion).toBeCloseTo(2 / 3);
    // Both were paid 90 s after they were made (the app clock moved on): the bucket of 1 to 2 minutes.
    expect(usd.medianPay).toEqual({ low: 60, high: 120 });
    expect(admin.currencies.find((c: any) => c.currency === 'EUR')).toMatchObject({ collected: 0, orders: { failed: 1 }, conversion: 0, medianPay: null });
    expect(admin.days).toEqual([day(-1), day(0), day(1)]);
    expect(admin.ordersByDay.find((s: any) => s.status === 'completed').values).toEqual([0, 1, 0]);
    expect(admin.ordersByDay.find((s: any) => s.status === 'partially_refunded').values).toEqual([0, 1, 0]);
    expect(admin.collectedByDay).toEqual(expect.arrayContaining([{ currency: 'USD', values: [0, 77, 0] }]));
  });

  it('gives an operator without manage only his own orders', async () => {
    const mine = dataOf(await figures(AROUND_TODAY, operator.token));
    expect(mine.currencies).toEqual([expect.objectContaining({ currency: 'USD', collected: 7, orders: expect.objectContaining({ completed: 1, pending: 1, expired: 0 }), conversion: 1 })]);
  });

  it('names what is wrong with each order once: a callback failing with its last error in kinds, its next try; resent one or several at once', async () => {
    const k = api.t.app.paydesk.db.any;
    const rows = await k.selectFrom('callbacks').select(['id', 'orderId']).orderBy('id').execute();
    const byOrder = new Map<number, number[]>();
    for (const r of rows) byOrder.set(Number(r.orderId), [...(byOrder.get(Number(r.orderId)) ?? []), Number(r.id)]);
    // An order with two callbacks (paid, then refunded) that both fail: one entry for it, naming the newest failure.
    const [twice, twiceIds] = [...byOrder.entries()].find(([, ids]) => ids.length >= 2)!;
    const [once, onceIds] = [...byOrder.entries()].find(([id, ids]) => id !== twice && ids.length === 1)!;
    const attempt = (extra: Record<string, unknown>) => JSON.stringify([{ at: api.clock.now, code: 0, ms: 5, ...extra }]);
    await k.updateTable('callbacks').set({ state: 'failed', tries: 10, lastCode: 500, attempts: JSON.stringify([{ at: api.clock.now, code: 500, ms: 9 }]) }).where('id', '=', twiceIds[0]!).execute();
    await k.updateTable('callbacks').set({ state: 'pending', tries: 3, nextTime: api.clock.now + 600, lastCode: 0, attempts: attempt({ error: 'Error: connect ECONNREFUSED 203.0.113.9:443' }) })
      .where('id', '=', twiceIds[1]!).execute();
    await k.updateTable('callbacks').set({ state: 'pending', tries: 1, nextTime: api.clock.now + 60, lastCode: 0, attempts: attempt({ error: 'TimeoutError: The operation was aborted due to timeout' }) })
      .where('id', '=', onceIds[0]!).execute();
    const all = dataOf(await api.call('GET', `/api/dashboard/figures?${AROUND_TODAY}`));
    expect(all.attention).toMatchObject({ orders: 2, callbacks: 2, exceptions: 0 });
    const entry = (id: number) => all.attention.entries.filter((e: any) => e.orderId === id);
    expect(entry(twice)).toEqual([expect.objectContaining({ exceptions: [], callback: { id: twiceIds[1], state: 'pending', tries: 3, code: 0, error: 'refused', nextTime: api.clock.now + 600 } })]);
    expect(entry(once)).toEqual([expect.objectContaining({ callback: expect.objectContaining({ error: 'timeout', tries: 1 }) })]);
    // The failing callbacks are the admin's orders': the operator's panel does not show them.
    const mine = dataOf(await figures(AROUND_TODAY, operator.token));
    expect(mine.attention).toEqual({ orders: 0, callbacks: 0, exceptions: 0, entries: [] });

    // Resend: the operator may not touch the admin's, all or nothing; the admin resends several at once, each back in line now.
    const resend = (body: unknown, token?: string) => (token ? api.t.call('POST', '/api/callbacks/resend', body, token) : api.call('POST', '/api/callbacks/resend', body));
    const ids = [twiceIds[0]!, twiceIds[1]!, onceIds[0]!];
    expect((await resend({ ids: [99999999, ids[0]] })).status).toBe(404);
    for (const bad of [{ ids: [] }, { ids: 'x' }, { ids: [1], id: 1 }, {}]) expect((await resend(bad)).status, JSON.stringify(bad)).toBe(400);
    const answer = dataOf(await resend({ ids }));
    expect(answer).toEqual({ ids, state: 'pending' });
    const after = await k.selectFrom('callbacks').select(['id', 'state', 'tries', 'nextTime']).where('id', 'in', ids).orderBy('id').execute();
    expect(after.map((c) => [c.state, Number(c.tries), Number(c.nextTime)])).toEqual(ids.map(() => ['pending', 0, api.clock.now]));
    // Back in line with a fresh budget: no longer troubled.
    expect(dataOf(await api.call('GET', `/api/dashboard/figures?${AROUND_TODAY}`)).attention.callbacks).toBe(0);
    expect(dataOf(await resend({ id: ids[0] }))).toEqual({ id: ids[0], state: 'pending' });
  });

  it('refuses a caller without the rule (403), and a signed-out one (401)', async () => {
    expect((await figures(AROUND_TODAY, stranger.token)).status).toBe(403);
    expect((await figures(AROUND_TODAY)).status).toBe(401);
  });

  it.each([
    ['an unknown zone', 'zone=Mars/Olympus&from=2026-01-01&to=2026-01-02', 'zone', '未知的时区'],
    ['a day that does not exist', 'zone=UTC&from=2026-02-30&to=2026-03-02', 'from', '请给出有效的日期'],
    ['an end before the start', 'zone=UTC&from=2026-03-02&to=2026-03-01', 'to', '结束日期不能早于开始日期'],
    ['a range over a year', 'zone=Asia/Shanghai&from=2025-01-01&to=2026-01-02', 'to', '时间段最长 366 天'],
    ['an unknown parameter', 'zone=UTC&from=2026-01-01&to=2026-01-02&uid=1', 'uid', ''],
  ])('answers %s with a 400 naming it, in the caller\'s language', async (_, query, field, text) => {
    const res = await api.call('GET', `/api/dashboard/figures?${query}`, undefined, { cookie: 'lang=zh-cn' });
    expect(res.status).toBe(400);
    expect(res.body.data.errors[0].field).toBe(field);
    expect(res.body.msg).toContain(text);
  });

  it('cuts days at the zone\'s midnight: an order made now is on today in a zone half a day away', async () => {
    const zone = 'Pacific/Kiritimati';
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date());
    const data = dataOf(await api.call('GET', `/api/dashboard/figures?zone=${encodeURIComponent(zone)}&from=${today}&to=${today}`));
    expect(data.days).toEqual([today]);
    expect(data.currencies.find((c: any) => c.currency === 'USD').orders).toMatchObject({ completed: 1, partially_refunded: 1 });
  });

  it('upgrading an install builds the same figures from its orders, and gives the rule to groups that list orders', async () => {
    const before = dataOf(await api.call('GET', `/api/dashboard/figures?${AROUND_TODAY}`));
    const k = api.t.app.paydesk.db.any;
    await k.deleteFrom('order_totals').execute();
    await k.deleteFrom('money_totals').execute();
    const lister = await userWith(api, ['GET api/receive-money/rows'], 0);
    expect((await figures(AROUND_TODAY, lister.token)).status).toBe(403);
    await upgrade(k);
    expect(dataOf(await api.call('GET', `/api/dashboard/figures?${AROUND_TODAY}`))).toEqual(before);
    expect((await figures(AROUND_TODAY, lister.token)).status).toBe(200);
    expect((await figures(AROUND_TODAY, stranger.token)).status).toBe(200);
  });
});
