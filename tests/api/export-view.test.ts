/**
 * Issue 11 item 10: the CSV export reads like the list it came from, in the
 * caller's language: dates in the list's display and the caller's time zone,
 * choices by their labels, flags as yes/no, money with its symbol and its
 * currency's minor units. Bad display options are a 400 that names them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, makeApp, type TestApp } from '../support/app';

describe.each(DIALECTS)('export as the list shows it on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await makeApp({ dialect });
    admin = await t.signIn();
  });
  afterAll(() => t?.close());

  /** RFC 4180 cells of one line: quoted cells may hold commas and doubled quotes. */
  const cells = (line: string) => [...line.matchAll(/(?:^|,)("(?:[^"]|"")*"|[^,]*)/g)].map(([, c]) => (c!.startsWith('"') ? c!.slice(1, -1).replace(/""/g, '"') : c!));
  const csv = async (url: string, lang: string) => {
    const res = await t.call('GET', url, undefined, admin, { cookie: `lang=${lang}` });
    expect(res.status, res.text).toBe(200);
    const [header, ...rows] = res.text.replace(/^\uFEFF/, '').split('\r\n').filter(Boolean);
    const names = cells(header!);
    return rows.map((line) => Object.fromEntries(cells(line).map((cell, i) => [names[i], cell])));
  };

  it('formats dates, labels and money in the caller\'s language and time zone', async () => {
    const order = (await t.call('POST', '/api/receive-money/create', { title: 'Export', amount: 15000000, currency: 'KRW' }, admin)).body.data;
    // 2026-01-02 03:04:05 UTC
    await t.app.paydesk.db.kysely.updateTable('receive_money').set({ createTime: 1767323045 }).where('id', '=', order.id).execute();
    const [en] = await csv(`/api/receive-money/export?id=${order.id}&tz=Asia/Shanghai&dates=detailed`, 'en-us');
    expect(en).toMatchObject({ Amount: '₩15,000,000', 'Payment status': 'Awaiting payment', Created: '2026-01-02 11:04:05' });
    const [zh] = await csv(`/api/receive-money/export?id=${order.id}&tz=UTC&dates=ymd`, 'zh-cn');
    expect(Object.values(zh!)).toContain('待付款');
    expect(Object.values(zh!)).toContain('2026-01-02');
  });

  it('shows flags as yes or no', async () => {
    const group = (await t.call('POST', '/api/auth-group/create', { name: 'Exported', manage: 1 }, admin)).body.data;
    const [row] = await csv(`/api/auth-group/export?id=${group.id}`, 'en-us');
    expect(Object.values(row!)).toContain('Yes');
    expect(Object.values(row!)).toContain('No');
  });

  it('exports every row once, in the list\'s order, across batches and ties', async () => {
    // More rows than one batch (500), with many equal amounts, so each batch boundary falls inside a tie.
    const now = Math.floor(Date.now() / 1000);
    const mchId = 'export-batches';
    const made = Array.from({ length: 1203 }, (_, i) => ({
      tradeNo: `exp-batch-${i}`, mchId, title: `Batch ${i}`, amount: (i * 7) % 5, currency: 'USD', status: 'pending',
      files: '[]', uid: 1, createTime: now, updateTime: now, expireTime: now + 3600,
    }));
    for (let i = 0; i < made.length; i += 400) await t.app.paydesk.db.kysely.insertInto('receive_money').values(made.slice(i, i + 400) as never).execute();
    // The list's order as the list states it: the order asked for, then id in the first column's direction.
    const byIndex = made.map((row, i) => ({ ...row, i }));
    const expected: Record<string, typeof byIndex> = {
      '': [...byIndex].reverse(),
      'amount desc': [...byIndex].sort((a, b) => b.amount - a.amount || b.i - a.i),
      'amount asc,id asc': [...byIndex].sort((a, b) => a.amount - b.amount || a.i - b.i),
    };
    for (const [order, rows] of Object.entries(expected)) {
      const exported = (await csv(`/api/receive-money/export?mchId=${mchId}${order && `&order=${encodeURIComponent(order)}`}`, 'en-us')).map((row) => row['Product title']);
      expect(new Set(exported).size).toBe(made.length);
      expect(exported, order || 'the default order').toEqual(rows.map((row) => row.title));
    }
  });

  it('refuses an unknown time zone or date display, naming it', async () => {
    const zone = await t.call('GET', '/api/users/export?tz=Mars/Olympus', undefined, admin);
    expect(zone.status).toBe(400);
    expect(zone.body.data.errors[0].field).toBe('tz');
    const dates = await t.call('GET', '/api/users/export?dates=sometimes', undefined, admin);
    expect(dates.status).toBe(400);
    expect(dates.body.data.errors[0].field).toBe('dates');
  });
});
