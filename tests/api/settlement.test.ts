/**
 * The settlement report: for a period in the caller's time zone, per
 * currency and channel, collected (orders paid in it), refunded (refunds that
 * succeeded in it), net and counts, with the orders behind them on a second
 * sheet. The figures are checked against a hand computation over seeded
 * orders with partial and full refunds, failed and pending refunds, an
 * exception's money sent back, and payments on both sides of the period's
 * edges. An operator without `manage` sees only his own orders; the report
 * has its own rule, which groups that may export orders receive by migration.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lookup } from '../../schema/i18n';
import { providerLabels } from '../../schema/i18n/inline/providers';
import { up as grantSettlement } from '../../server/db/migrations/20261126061500_settlement_rule';
import { DIALECTS, makeApp, type TestApp } from '../support/app';
import { readXlsx, ValueType, type ReadSheet } from '../support/xlsx';

/** Seconds at a UTC wall-clock time in 2026. */
const utc = (month: number, day: number, hour = 12, minute = 0) => Date.UTC(2026, month - 1, day, hour, minute) / 1000;
const MARCH = 'from=2026-03-01&to=2026-03-31&tz=Asia/Shanghai';

describe.each(DIALECTS)('settlement report on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let operator: string;
  let operatorId: number;
  let groupId: number;
  let seq = 0;

  async function order(o: { currency: string; channel: string; paid: number; paidTime: number; uid?: number; status?: string; refunds?: Array<[number, number, string?, string?]> }) {
    const tradeNo = `settle-${++seq}`;
    const db = t.app.paydesk.db.kysely;
    await db.insertInto('receive_money').values({
      tradeNo, mchId: 'settle', title: `Order ${seq}`, amount: o.paid || 700, currency: o.currency, channel: o.channel, status: o.status ?? 'completed',
      paidAmount: o.paid, paidTime: o.paidTime, files: '[]', uid: o.uid ?? 1, createTime: utc(1, 1), updateTime: utc(1, 1), expireTime: utc(1, 4),
    } as never).execute();
    const { id } = await db.selectFrom('receive_money').select('id').where('tradeNo', '=', tradeNo).executeTakeFirstOrThrow();
    for (const [amount, at, state = 'succeeded', exception = ''] of o.refunds ?? []) {
      await db.insertInto('refunds').values({
        orderId: id, tradeNo, channel: o.channel, amount, currency: o.currency, state, reason: 'test', exception, reference: '', failure: '',
        actor: '1', idempotencyKey: `settle-key-${++seq}`, uid: o.uid ?? 1, createTime: at - 60, updateTime: at,
      } as never).execute();
    }
    return tradeNo;
  }

  const get = (url: string, token: string, lang = 'en-us') =>
    t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}`, cookie: `lang=${lang}` } });
  async function report(query: string, token: string, lang = 'en-us'): Promise<ReadSheet[]> {
    const res = await get(`/api/receive-money/settlement?${query}&format=xlsx`, token, lang);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="settlement-2026-03-01-2026-03-31.xlsx"');
    return readXlsx(res.rawPayload);
  }
  const values = (sheet: ReadSheet) => sheet.rows.map((row) => Object.fromEntries(Object.entries(row).map(([k, c]) => [k, c.value])));

  const orders: Record<string, string> = {};
  beforeAll(async () => {
    t = await makeApp({ dialect });
    admin = await t.signIn();
    const user = await t.call('POST', '/api/users/create', { account: 'settler', password: 'settler-pass', nickname: 'Settler' }, admin);
    operatorId = user.body.data.id;
    const rule = async (route: string) => (await t.call('GET', `/api/auth-rules/find?route=${route}&method=GET`, undefined, admin)).body.data[0].id;
    const rules = [await rule('api/receive-money/rows'), await rule('api/receive-money/export')];
    groupId = (await t.call('POST', '/api/auth-group/create', { name: 'Exporters', manage: 0, rules: `|${rules.join('|')}|`, uids: `|${operatorId}|` }, admin)).body.data.id;
    operator = await t.signIn('settler', 'settler-pass');

    // Paid in March (Shanghai), refunded 30 on the 10th; a failed and a pending refund do not count.
    orders.a = await order({ currency: 'USD', channel: 'manual', paid: 100, paidTime: utc(3, 5), refunds: [[30, utc(3, 10)], [10, utc(3, 11), 'failed'], [5, utc(3, 12), 'pending']] });
    orders.b = await order({ currency: 'USD', channel: 'manual', paid: 50.25, paidTime: utc(3, 6), status: 'refunded', refunds: [[50.25, utc(3, 20)]] });
    orders.c = await order({ currency: 'USD', channel: 'stripe', paid: 200, paidTime: utc(3, 7) });
    orders.d = await order({ currency: 'JPY', channel: 'manual', paid: 1500, paidTime: utc(3, 8), refunds: [[500, utc(3, 9)]] });
    // Paid in March, refunded in April: collected counts, the refund does not.
    orders.e = await order({ currency: 'JPY', channel: 'stripe', paid: 3000, paidTime: utc(3, 2), status: 'refunded', refunds: [[3000, utc(4, 2)]] });
    // Paid in February, refunded in March: the refund counts, the payment does not.
    orders.f = await order({ currency: 'USD', channel: 'stripe', paid: 80, paidTime: utc(2, 20), status: 'refunded', refunds: [[80, utc(3, 3)]] });
    // 1 March 01:00 in Shanghai is still 28 February in UTC: in. 1 April 00:30 in Shanghai is 31 March in UTC: out.
    orders.g = await order({ currency: 'USD', channel: 'manual', paid: 10, paidTime: utc(2, 28, 17) });
    orders.h = await order({ currency: 'USD', channel: 'manual', paid: 10, paidTime: utc(3, 31, 16, 30) });
    // Money that came late and went straight back was never collected: in neither column.
    orders.i = await order({ currency: 'JPY', channel: 'stripe', paid: 0, paidTime: 0, status: 'expired', refunds: [[700, utc(3, 12), 'succeeded', 'paid_late']] });
    orders.j = await order({ currency: 'USD', channel: 'manual', paid: 0, paidTime: 0, status: 'pending' });
    // The operator's own order.
    orders.k = await order({ currency: 'USD', channel: 'manual', paid: 40, paidTime: utc(3, 15), uid: operatorId, refunds: [[15, utc(3, 16)]] });
  });
  afterAll(() => t?.close());

  it('sums each currency and channel as a hand computation does', async () => {
    const [summary, detail] = await report(MARCH, admin);
    expect(summary!.name).toBe('Summary');
    expect(summary!.headers).toEqual(['Currency', 'Provider', 'Collected', 'Refunded', 'Net', 'Paid orders', 'Refunds']);
    const manual = lookup(providerLabels('en-us'), 'options.channel.manual');
    expect(values(summary!)).toEqual([
      { Currency: 'JPY', Provider: manual, Collected: 1500, Refunded: 500, Net: 1000, 'Paid orders': 1, Refunds: 1 },
      { Currency: 'JPY', Provider: 'Stripe', Collected: 3000, Refunded: 0, Net: 3000, 'Paid orders': 1, Refunds: 0 },
      // a 100 + b 50.25 + g 10 + k 40; refunds a 30 + b 50.25 + k 15.
      { Currency: 'USD', Provider: manual, Collected: 200.25, Refunded: 95.25, Net: 105, 'Paid orders': 4, Refunds: 3 },
      { Currency: 'USD', Provider: 'Stripe', Collected: 200, Refunded: 80, Net: 120, 'Paid orders': 1, Refunds: 1 },
    ]);
    expect(summary!.rows[0]!.Collected).toMatchObject({ type: ValueType.Number, numFmt: '#,##0' });
    expect(summary!.rows[2]!.Net).toMatchObject({ type: ValueType.Number, numFmt: '#,##0.00' });

    expect(detail!.name).toBe('Orders');
    const byTradeNo = new Map(detail!.rows.map((row) => [row['Order number']!.value, row]));
    expect([...byTradeNo.keys()].sort()).toEqual([orders.a, orders.b, orders.c, orders.d, orders.e, orders.f, orders.g, orders.k].sort());
    expect(byTradeNo.get(orders.a)).toMatchObject({ Collected: { value: 100 }, Refunded: { value: 30 }, Net: { value: 70 } });
    expect(byTradeNo.get(orders.f)).toMatchObject({ Collected: { value: 0 }, Refunded: { value: 80 }, Net: { value: -80 } });
    expect(byTradeNo.get(orders.e)).toMatchObject({ Collected: { value: 3000 }, Refunded: { value: 0 }, 'Payment status': { value: 'Refunded' } });
    // The payment time as the Shanghai clock read it, as a date cell.
    expect(byTradeNo.get(orders.g)!['Paid at']).toMatchObject({ type: ValueType.Date, value: new Date(Date.UTC(2026, 2, 1, 1, 0)) });
    // The orders add up to the summary.
    for (const line of values(summary!)) {
      const behind = detail!.rows.filter((row) => row.Currency!.value === line.Currency && row.Provider!.value === line.Provider);
      expect(behind.reduce((sum, row) => sum + Number(row.Net!.value), 0)).toBeCloseTo(Number(line.Net), 2);
    }
  });

  it('speaks the caller\'s language, and writes CSV with both tables', async () => {
    const [summary, detail] = await report(MARCH, admin, 'zh-cn');
    expect(summary!.name).toBe('汇总');
    expect(detail!.name).toBe('订单明细');
    expect(summary!.headers).toContain('收款总额');
    expect(summary!.rows.map((row) => row[summary!.headers[1]!]!.value)).toContain(lookup(providerLabels('zh-cn'), 'options.channel.manual'));

    const res = await get(`/api/receive-money/settlement?${MARCH}&format=csv`, admin, 'zh-cn');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const [head, ...rest] = res.body.replace(/^\uFEFF/, '').split('\r\n\r\n');
    expect(head!.split('\r\n')).toHaveLength(5);
    expect(head).toContain(`USD,${lookup(providerLabels('zh-cn'), 'options.channel.manual')},200.25,95.25,105.00,4,3`);
    expect(head).toContain('JPY,Stripe,3000,0,3000,1,0');
    const detailLines = rest.join('').split('\r\n').filter(Boolean);
    expect(detailLines).toHaveLength(9);
    expect(detailLines.find((line) => line.startsWith(`${orders.g},`))).toContain('2026-03-01T01:00:00+08:00');
  });

  it('shows an operator without manage only his own orders, once his group holds the rule', async () => {
    expect((await get(`/api/receive-money/settlement?${MARCH}`, operator)).statusCode).toBe(403);
    // What an upgrade does: a group that may export orders is given the report.
    await grantSettlement(t.app.paydesk.db.kysely);
    await t.call('PUT', '/api/auth-group/update', { id: groupId, remark: 'granted' }, admin);
    const [summary, detail] = await report(MARCH, operator);
    expect(values(summary!)).toEqual([
      { Currency: 'USD', Provider: lookup(providerLabels('en-us'), 'options.channel.manual'), Collected: 40, Refunded: 15, Net: 25, 'Paid orders': 1, Refunds: 1 },
    ]);
    expect(detail!.rows.map((row) => row['Order number']!.value)).toEqual([orders.k]);
  });

  it('needs a signed-in caller', async () => {
    expect((await t.call('GET', `/api/receive-money/settlement?${MARCH}`)).status).toBe(401);
  });

  it('refuses a bad period or option, naming it', async () => {
    const cases: Array<[string, string]> = [
      ['to=2026-03-31', 'from'],
      ['from=2026-03-01', 'to'],
      ['from=2026-02-30&to=2026-03-31', 'from'],
      ['from=2026-3-1&to=2026-03-31', 'from'],
      ['from=2026-03-31&to=2026-03-01', 'to'],
      [`${MARCH}&format=pdf`, 'format'],
      ['from=2026-03-01&to=2026-03-31&tz=Mars/Olympus', 'tz'],
      [`${MARCH}&uid=1`, 'uid'],
    ];
    for (const [query, field] of cases) {
      const res = await t.call('GET', `/api/receive-money/settlement?${query}`, undefined, admin, { cookie: 'lang=zh-cn' });
      expect(res.status, query).toBe(400);
      expect(res.body.data.errors[0].field, query).toBe(field);
    }
    const late = await t.call('GET', '/api/receive-money/settlement?from=2026-03-31&to=2026-03-01', undefined, admin, { cookie: 'lang=en-us' });
    expect(late.body.msg).toContain('end date cannot be before');
  });
});
