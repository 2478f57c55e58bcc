/**
 * Exports read like the list they came from, in the caller's language, typed
 * so a spreadsheet can sum them: choices by their labels, flags as yes/no,
 * amounts as numbers beside their currency's code, dates in the caller's time
 * zone (ISO 8601 with the offset in CSV, date cells in XLSX). A text that a
 * spreadsheet would run as a formula stays text in both. Bad options are a
 * 400 that names them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, makeApp, type TestApp } from '../support/app';
import { readXlsx, ValueType } from '../support/xlsx';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

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
  const xlsx = async (url: string, lang: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${admin}`, cookie: `lang=${lang}` } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_TYPE);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename=".*\.xlsx"/);
    return readXlsx(res.rawPayload);
  };
  const order = async (values: Record<string, unknown>, createTime: number) => {
    const made = (await t.call('POST', '/api/receive-money/create', values, admin)).body.data;
    await t.app.paydesk.db.kysely.updateTable('receive_money').set({ createTime }).where('id', '=', made.id).execute();
    return made;
  };

  it('writes CSV dates with their offset, amounts as numbers beside the currency, labels in the caller\'s language', async () => {
    // 2026-01-02 03:04:05 UTC
    const made = await order({ title: 'Export', amount: 15000000, currency: 'KRW' }, 1767323045);
    const [en] = await csv(`/api/receive-money/export?id=${made.id}&tz=Asia/Shanghai`, 'en-us');
    expect(en).toMatchObject({ Amount: '15000000', Currency: 'KRW', 'Payment status': 'Awaiting payment', Created: '2026-01-02T11:04:05+08:00' });
    const [zh] = await csv(`/api/receive-money/export?id=${made.id}&tz=America/New_York`, 'zh-cn');
    expect(Object.values(zh!)).toEqual(expect.arrayContaining(['待付款', 'KRW', '15000000', '2026-01-01T22:04:05-05:00']));
    // Without a zone, UTC.
    const [utc] = await csv(`/api/receive-money/export?id=${made.id}`, 'en-us');
    expect(utc!.Created).toBe('2026-01-02T03:04:05+00:00');
    const cents = await order({ title: 'Cents', amount: 12.5, currency: 'USD' }, 1767323045);
    expect((await csv(`/api/receive-money/export?id=${cents.id}`, 'en-us'))[0]).toMatchObject({ Amount: '12.50', Currency: 'USD' });
  });

  it('writes XLSX cells a spreadsheet can work with, labelled in two languages', async () => {
    const made = await order({ title: "=cmd|' /C calc'!A0", amount: 12.5, currency: 'USD' }, 1767323045);
    const [en] = await xlsx(`/api/receive-money/export?id=${made.id}&tz=Asia/Shanghai&format=xlsx`, 'en-us');
    expect(en!.name).toBe('Payment records');
    const row = en!.rows[0]!;
    // The wall-clock time of the caller's zone, as a date cell shown with its time.
    expect(row.Created!.type).toBe(ValueType.Date);
    expect(row.Created!.value).toEqual(new Date(Date.UTC(2026, 0, 2, 11, 4, 5)));
    expect(row.Created!.numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    expect(row.Amount).toMatchObject({ type: ValueType.Number, value: 12.5, numFmt: '#,##0.00' });
    expect(row.Currency).toMatchObject({ type: ValueType.String, value: 'USD' });
    expect(row['Payment status']).toMatchObject({ type: ValueType.String, value: 'Awaiting payment' });
    expect(row.ID).toMatchObject({ type: ValueType.Number, value: made.id });
    // Text that starts like a formula is a string cell, never a formula.
    expect(row['Product title']).toMatchObject({ type: ValueType.String, value: "=cmd|' /C calc'!A0" });
    // Markup and control characters in a text neither break the file nor change the text (bar the control characters XML cannot carry).
    const marked = await order({ title: 'A<b>&"c"\u0001 \u{1F600}', amount: 1, currency: 'USD' }, 1767323045);
    const [sheet] = await xlsx(`/api/receive-money/export?id=${marked.id}&format=xlsx`, 'en-us');
    expect(sheet!.rows[0]!['Product title']!.value).toBe('A<b>&"c" \u{1F600}');

    const [zh] = await xlsx(`/api/receive-money/export?id=${made.id}&format=xlsx`, 'zh-cn');
    const zhRow = Object.values(zh!.rows[0]!);
    expect(zhRow.find((c) => c.value === '待付款')?.type).toBe(ValueType.String);
    expect(zhRow.some((c) => c.type === ValueType.Date && (c.value as Date).getTime() === Date.UTC(2026, 0, 2, 3, 4, 5))).toBe(true);
    const yen = await order({ title: 'Yen', amount: 1500, currency: 'JPY' }, 1767323045);
    const [jpy] = await xlsx(`/api/receive-money/export?id=${yen.id}&format=xlsx`, 'en-us');
    expect(jpy!.rows[0]!.Amount).toMatchObject({ type: ValueType.Number, value: 1500, numFmt: '#,##0' });
  });

  it('keeps a formula-like text from running in CSV', async () => {
    const made = await order({ title: '=1+2', amount: 1, currency: 'USD' }, 1767323045);
    const [row] = await csv(`/api/receive-money/export?id=${made.id}`, 'en-us');
    expect(row!['Product title']).toBe("'=1+2");
  });

  it('shows flags as yes or no', async () => {
    const group = (await t.call('POST', '/api/auth-group/create', { name: 'Exported', manage: 1 }, admin)).body.data;
    const [row] = await csv(`/api/auth-group/export?id=${group.id}`, 'en-us');
    expect(Object.values(row!)).toContain('Yes');
    expect(Object.values(row!)).toContain('No');
    const [sheet] = await xlsx(`/api/auth-group/export?id=${group.id}&format=xlsx`, 'zh-cn');
    expect(Object.values(sheet!.rows[0]!).map((c) => c.value)).toEqual(expect.arrayContaining(['是', '否']));
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
    const [sheet] = await xlsx(`/api/receive-money/export?mchId=${mchId}&order=${encodeURIComponent('amount desc')}&format=xlsx`, 'en-us');
    expect(sheet!.rows.map((row) => row['Product title']!.value)).toEqual(expected['amount desc']!.map((row) => row.title));
  });

  it('names owners, referenced rows and attachments as the console does, not by bare ids or `[]` (issue 31 item 11)', async () => {
    const files = ['/storage/2026/11/receipt.png', '/storage/2026/11/invoice.pdf'];
    const withFiles = (await t.call('POST', '/api/receive-money/create', { title: 'Attached', amount: 5, currency: 'USD', files }, admin)).body.data;
    const without = (await t.call('POST', '/api/receive-money/create', { title: 'Bare', amount: 6, currency: 'USD' }, admin)).body.data;
    const rows = [...(await csv(`/api/receive-money/export?id=${withFiles.id}`, 'en-us')), ...(await csv(`/api/receive-money/export?id=${without.id}`, 'en-us'))];
    expect(rows.map((row) => [row.Attachments, row.Owner])).toEqual([[files.join(', '), 'admin'], ['', 'admin']]);
    const [sheet] = await xlsx(`/api/receive-money/export?id=${withFiles.id}&format=xlsx`, 'zh-cn');
    const cells = Object.values(sheet!.rows[0]!).map((c) => c.value);
    expect(cells).toEqual(expect.arrayContaining([files.join(', '), 'admin']));
    expect(cells).not.toContain('[]');
    // A list of other rows (a group's members) by their names.
    const member = (await t.call('POST', '/api/users/create', { account: 'exported1', password: 'secret-123', nickname: 'E' }, admin)).body.data;
    const group = (await t.call('POST', '/api/auth-group/create', { name: 'Named', uids: `|1|${member.id}|` }, admin)).body.data;
    const [named] = await csv(`/api/auth-group/export?id=${group.id}`, 'en-us');
    expect(Object.values(named!)).toContain('admin, exported1');
  });

  it('refuses an unknown time zone or format, naming it', async () => {
    for (const [query, field] of [['tz=Mars/Olympus', 'tz'], ['format=pdf', 'format'], ['format=xlsx&tz=', 'tz']] as const) {
      const res = await t.call('GET', `/api/users/export?${query}`, undefined, admin);
      expect(res.status, query).toBe(400);
      expect(res.body.data.errors[0].field).toBe(field);
    }
  });
});
