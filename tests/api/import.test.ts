/**
 * `POST /api/<table>/import` as an API client sees it: CSV in its usual
 * shapes and XLSX, columns matched by labels in any language, a dry run
 * that says what `create` would say, upserts and references by unique keys,
 * batches that stop whole, a cancel, formula-like cells kept as text, the
 * limits, the permissions, and a table's export imported back as it is.
 * Every file is made in memory and small.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../schema';
import { LANGS, translate } from '../../schema/i18n';
import common from '../../schema/i18n/common';
import { DIALECTS } from '../support/app';
import { adminApi, createRow, createUser, dataOf, unique, type Api } from '../support/fixtures';
import { presetUser, userWith } from './payments-support';

type Plan = Record<string, unknown>;

describe.each(DIALECTS)('import on %s', (dialect) => {
  let api: Api;
  let token: string;
  beforeAll(async () => {
    api = await adminApi(dialect);
    token = await api.t.signIn();
  }, 60_000);
  afterAll(() => api?.close());

  /** A real multipart body: the plan, then the file. */
  async function send(table: string, file: Buffer | string, plan: Plan, as = token, lang = 'en-us') {
    const form = new FormData();
    form.append('plan', JSON.stringify(plan));
    form.append('file', new Blob([typeof file === 'string' ? Buffer.from(file) : new Uint8Array(file)]), 'data');
    const request = new Request('http://local/', { method: 'POST', body: form });
    const res = await api.t.app.inject({
      method: 'POST', url: `/api/${table}/import`,
      headers: { authorization: `Bearer ${as}`, cookie: `lang=${lang}`, 'content-type': request.headers.get('content-type')! },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    return { status: res.statusCode, body: res.json(), headers: res.headers as Record<string, unknown>, text: res.body };
  }
  const run = async (table: string, file: Buffer | string, plan: Plan = {}) => dataOf(await send(table, file, { mode: 'run', ...plan }));
  const user = async (account: string) => dataOf(await api.call('GET', `/api/users/rows?account=${account}`)).rows[0];

  it('reads CSV with commas, semicolons, tabs, a BOM, GB18030 and quoted newlines', async () => {
    const [a, b, c, d, e] = [1, 2, 3, 4, 5].map(() => unique('csv'));
    expect(await run('users', `account,nickname,remark\r\n${a},Ann,"two\nlines, and a comma"\r\n`)).toMatchObject({ created: 1, failed: 0 });
    expect(await run('users', `account;nickname\n${b};Bob\n`)).toMatchObject({ created: 1 });
    expect(await run('users', `\uFEFFaccount\tnickname\n${c}\tCy\n`)).toMatchObject({ created: 1 });
    // 张三 in GB18030, as Excel in China saves a CSV.
    const gb = Buffer.concat([Buffer.from(`account,nickname\r\n${d},`), Buffer.from([0xd5, 0xc5, 0xc8, 0xfd]), Buffer.from('\r\n')]);
    expect(await run('users', gb)).toMatchObject({ created: 1 });
    expect(await run('users', `account|nickname\n${e}|Eve\n`)).toMatchObject({ created: 1 });
    expect((await user(a)).remark).toBe('two\nlines, and a comma');
    expect((await user(b)).nickname).toBe('Bob');
    expect((await user(c)).nickname).toBe('Cy');
    expect((await user(d)).nickname).toBe('张三');
  });

  it('reads XLSX: the first sheet, or the one named', async () => {
    const book = new ExcelJS.Workbook();
    const [a, b] = [unique('xa'), unique('xb')];
    book.addWorksheet('First').addRows([['account', 'nickname'], [a, 'First one']]);
    book.addWorksheet('Second').addRows([['account', 'nickname'], [b, 'Second one']]);
    const file = Buffer.from(await book.xlsx.writeBuffer());
    expect(await run('users', file)).toMatchObject({ created: 1 });
    expect(await run('users', file, { sheet: 'Second' })).toMatchObject({ created: 1 });
    expect((await user(a)).nickname).toBe('First one');
    expect((await user(b)).nickname).toBe('Second one');
    const missing = await send('users', file, { mode: 'run', sheet: 'Third' });
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toContain('Third');
  });

  it('maps columns by their label in each of the five languages, or by key', async () => {
    for (const lang of LANGS) {
      const labels = ['account', 'nickname', 'status'].map((k) => translate(common[lang], `resources.users.fields.${k}`));
      const status = translate(common[lang], 'options.status.banned');
      const account = unique('lang');
      const preview = dataOf(await send('users', `${labels.join(',')}\n${account},N,${status}\n`, { mode: 'preview' }));
      expect(preview.mapping).toEqual(['account', 'nickname', 'status']);
      expect(preview.preview[0]).toMatchObject({ account, nickname: 'N', status: 'banned' });
    }
    const byKey = dataOf(await send('users', 'account,nickname,nobody\nx,y,z\n', { mode: 'preview' }));
    expect(byKey.mapping).toEqual(['account', 'nickname', null]);
  });

  it('dry-runs with the errors create gives, by row and column, in the reader\'s language, writing nothing', async () => {
    const good = unique('dry');
    const file = `Account,Nickname\n${good},Fine\nab,Too short\n`;
    const dry = dataOf(await send('users', file, { mode: 'dry' }));
    expect(dry).toMatchObject({ rows: 2, created: 1, failed: 1 });
    const created = await api.call('POST', '/api/users/create', { account: 'ab', nickname: 'Too short' });
    expect(created.status).toBe(400);
    expect(dry.errors).toEqual([expect.objectContaining({ row: 3, column: 'Account', field: 'account' })]);
    expect(`${dry.errors[0].column}: ${dry.errors[0].message}`).toBe(created.body.msg);
    expect(dry.failedRows).toEqual([expect.objectContaining({ row: 3, cells: ['ab', 'Too short'] })]);
    expect(await user(good)).toBeUndefined();
    const zh = dataOf(await send('users', file, { mode: 'dry' }, token, 'zh-cn'));
    expect(zh.errors[0].message).not.toBe(dry.errors[0].message);
  });

  it('upserts by a unique key: a match is updated through update, the rest created, the unchanged skipped', async () => {
    const known = await createUser(api, { nickname: 'Old' });
    const same = await createUser(api, { nickname: 'Same' });
    const fresh = unique('up');
    const result = await run('users', `account,nickname\n${known.account},New\n${same.account},Same\n${fresh},Fresh\n`, { upsert: 'account' });
    expect(result).toMatchObject({ created: 1, updated: 1, skipped: 1, failed: 0 });
    expect((await user(known.account)).nickname).toBe('New');
    const history = dataOf(await api.call('GET', `/api/revisions/rows?resource=users&rowId=${known.id}`)).rows;
    expect(history[0]).toMatchObject({ action: 'update' });
    expect(history[0].changes.nickname).toEqual(['Old', 'New']);
    const notUnique = await send('users', `account,nickname\nx1234,y\n`, { mode: 'run', upsert: 'nickname' });
    expect(notUnique.status).toBe(400);
  });

  it('resolves references by the unique key of their table, and says which one it could not find', async () => {
    const member = await createUser(api);
    const name = unique('grp');
    const result = dataOf(await send('auth-group', `name,uids\n${name},${member.account}\n${unique('grp')},nobody99\n`, { mode: 'run' }));
    expect(result).toMatchObject({ created: 1, failed: 1 });
    expect(result.errors[0].message).toContain('nobody99');
    const group = dataOf(await api.call('GET', `/api/auth-group/rows?name=${name}`)).rows[0];
    expect(group.uids).toBe(`|${member.id}|`);
  });

  it('stops at a batch the database refuses, keeping every batch before it', async () => {
    const accounts = Array.from({ length: 12 }, () => unique('bat'));
    // Row 9 repeats row 2's account: each passes its own checks, the second one's batch is refused.
    accounts[7] = accounts[0]!;
    // The dry run rolls each batch back, and still finds the repeat in a later batch, on its row.
    const dry = dataOf(await send('users', `account\n${accounts.join('\n')}\n`, { mode: 'dry', batch: 5 }));
    expect(dry).toMatchObject({ created: 11, failed: 1, errors: [{ row: 9, field: 'account' }] });
    const res = await send('users', `account\n${accounts.join('\n')}\n`, { mode: 'run', batch: 5 });
    expect(res.status).toBe(409);
    expect(res.body.data).toMatchObject({ created: 5, stopped: { row: 7 } });
    expect(res.body.msg).toContain('7');
    expect(await user(accounts[4]!)).toBeDefined();
    expect(await user(accounts[5]!)).toBeUndefined();
    expect(res.body.data.failedRows.map((r: { row: number }) => r.row)).toEqual([7, 8, 9, 10, 11]);
  });

  it('cancels between batches, keeping what was written', async () => {
    const runId = unique('run');
    dataOf(await api.call('POST', '/api/users/import', { cancel: runId }));
    const accounts = Array.from({ length: 9 }, () => unique('can'));
    const result = await run('users', `account\n${accounts.join('\n')}\n`, { batch: 3, runId });
    expect(result).toMatchObject({ cancelled: true, created: 3 });
    expect(await user(accounts[2]!)).toBeDefined();
    expect(await user(accounts[3]!)).toBeUndefined();
  });

  it('stores formula-like cells as text, never evaluated', async () => {
    const texts = ['=1+2', '+33', '-4', '@SUM(A1)'];
    const accounts = texts.map(() => unique('fx'));
    await run('users', `account,remark\n${accounts.map((a, i) => `${a},${texts[i]}`).join('\n')}\n`);
    for (const [i, a] of accounts.entries()) expect((await user(a)).remark).toBe(texts[i]);
    const book = new ExcelJS.Workbook();
    const formula = unique('fx');
    book.addWorksheet('S').addRows([['account', 'remark'], [formula, { formula: 'HYPERLINK("http://x","y")', result: 'y' }]]);
    await run('users', Buffer.from(await book.xlsx.writeBuffer()));
    expect((await user(formula)).remark).toBe('=HYPERLINK("http://x","y")');
  });

  it('holds to the limits in the settings: rows and megabytes', async () => {
    const limits = (max_rows: number, max_mb: number) => api.call('PUT', '/api/toml/history-import', { max_rows, max_mb });
    dataOf(await limits(3, 1));
    try {
      const rows = await send('users', `account\n${Array.from({ length: 5 }, () => unique('lim')).join('\n')}\n`, { mode: 'dry' });
      expect(rows.status).toBe(413);
      expect(rows.body.msg).toContain('3');
      const big = await send('users', `account,remark\n${'x'.repeat(1024 * 1024 + 10)}\n`, { mode: 'dry' });
      expect(big.status).toBe(413);
      expect(big.body.msg).toContain('1 MB');
    } finally {
      dataOf(await limits(1_000_000, 50));
    }
  });

  it('refuses a caller without create before reading the file; an own-rows operator\'s rows are his; the ceiling holds', async () => {
    const importer = await userWith(api, ['POST api/tags/import'], 0);
    const refused = await send('tags', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0xff]), { mode: 'run' }, importer.token);
    expect(refused.status).toBe(403);
    const operator = await userWith(api, ['POST api/receive-money/import', 'POST api/receive-money/create', 'POST api/auth-group/import', 'POST api/auth-group/create'], 0);
    const ref = unique('own');
    const mineRes = await send('receive-money', `title,amount,currency,payUrl,outTradeNo\nTea,5,USD,https://pay.example.com/t,${ref}\n`, { mode: 'run' }, operator.token);
    const mine = dataOf(mineRes);
    expect(mine).toMatchObject({ created: 1 });
    const row = dataOf(await api.call('GET', `/api/receive-money/rows?outTradeNo=${ref}`)).rows[0];
    expect(row.uid).toBe(operator.id);
    const upsertWithoutUpdate = await send('receive-money', `title,outTradeNo\nTea,${ref}\n`, { mode: 'run', upsert: 'outTradeNo' }, operator.token);
    expect(upsertWithoutUpdate.status).toBe(403);
    // The ceiling: nobody grants what he does not hold. The dry run says so by row; the run stops there, writing nothing.
    const god = `name,all\n${unique('god')},1\n`;
    const dry = dataOf(await send('auth-group', god, { mode: 'dry' }, operator.token));
    expect(dry).toMatchObject({ created: 0, failed: 1, errors: [{ row: 2, field: 'all' }] });
    const ceiling = await send('auth-group', god, { mode: 'run' }, operator.token);
    expect(ceiling.status).toBe(409);
    expect(ceiling.body.data).toMatchObject({ created: 0, stopped: { row: 2, reason: dry.failedRows[0].reason } });
  });

  it('refuses an auditor before reading his file, writing nothing; an own-rows operator\'s rows are his, and another\'s stay untouched', async () => {
    const auditor = await presetUser(api, 'auditor');
    const operator = await presetUser(api, 'operator-own');
    const other = await presetUser(api, 'operator-own');
    const db = api.t.app.paydesk.db.any;
    const written = async () => Promise.all(['receive_money', 'revisions'].map(async (table) => Number((await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)));
    const ref = unique('atk');
    const order = (remark: string) => `title,amount,currency,payUrl,outTradeNo,remark\nTea,5,USD,https://pay.example.com/t,${ref},${remark}\n`;
    expect(dataOf(await send('receive-money', order('theirs'), { mode: 'run' }, other.token))).toMatchObject({ created: 1 });
    const before = await written();
    // A file that cannot be read: had it been read, the answer would be a 400.
    for (const plan of [{ mode: 'run' }, { mode: 'dry' }, { mode: 'run', upsert: 'outTradeNo' }]) {
      const res = await send('receive-money', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0xff]), plan, auditor.token);
      expect(res.status, JSON.stringify(plan)).toBe(403);
      expect((await send('receive-money', order('auditor'), plan, auditor.token)).status).toBe(403);
    }
    expect(await written()).toEqual(before);
    // The operator's upsert by the other's order number matches only his own rows: a new order, his; the other's unchanged.
    expect(dataOf(await send('receive-money', order('mine'), { mode: 'run', upsert: 'outTradeNo' }, operator.token))).toMatchObject({ created: 1, updated: 0 });
    const rows = await db.selectFrom('receive_money').select(['uid', 'remark']).where('outTradeNo', '=', ref).orderBy('id').execute();
    expect(rows).toEqual([{ uid: other.id, remark: 'theirs' }, { uid: operator.id, remark: 'mine' }]);
    const seen = dataOf(await api.t.call('GET', `/api/receive-money/rows?outTradeNo=${ref}`, undefined, operator.token)).rows;
    expect(seen.map((r: { uid: number }) => r.uid)).toEqual([operator.id]);
  });

  it('brings past paid orders in as records of payments, never as payable orders, and counts them on the dashboard', async () => {
    const day = '2026-03-02';
    const before = dataOf(await api.call('GET', `/api/dashboard/figures?from=${day}&to=${day}&zone=UTC`));
    const paid = (f: { currencies: Array<{ currency: string; paid: number; orders: { completed: number } }> }) => {
      const eur = f.currencies.find((c) => c.currency === 'EUR');
      return [eur?.paid ?? 0, eur?.orders.completed ?? 0];
    };
    const [done, open, bad] = [unique('past'), unique('past'), unique('past')];
    const file = 'title,amount,currency,status,paidAmount,paidTime,createTime,outTradeNo\n'
      + `Past,20,EUR,completed,20,${day}T10:00:00Z,${day}T09:59:00Z,${done}\n`
      + `Open,20,EUR,pending,20,,,${open}\n`
      + `Back,20,EUR,refunded,20,${day}T10:00:00Z,,${bad}\n`;
    const result = dataOf(await send('receive-money', file, { mode: 'run' }));
    expect(result, JSON.stringify(result.errors)).toMatchObject({ created: 1, failed: 2 });
    expect(result.errors.map((e: { row: number; field: string }) => [e.row, e.field])).toEqual([[3, 'paidAmount'], [4, 'status']]);
    const order = dataOf(await api.call('GET', `/api/receive-money/rows?outTradeNo=${done}`)).rows[0];
    expect(order).toMatchObject({ status: 'completed', amount: 20, paidAmount: 20, paidTime: Date.parse(`${day}T10:00:00Z`) / 1000 });
    const after = dataOf(await api.call('GET', `/api/dashboard/figures?from=${day}&to=${day}&zone=UTC`));
    const [paidBefore, countBefore] = paid(before);
    expect(paid(after)).toEqual([paidBefore! + 20, countBefore! + 1]);
    // Matched again, its status stays what it was: an import never moves an order.
    const moved = dataOf(await send('receive-money', `outTradeNo,status,paidAmount,paidTime\n${done},failed,,\n`, { mode: 'dry', upsert: 'outTradeNo' }));
    expect(moved.errors[0]).toMatchObject({ field: 'status' });
  });

  it('imports an export back as it is: the same rows, by labels and values in the reader\'s language', async () => {
    const tag = unique('exp');
    const tags = await Promise.all([1, 2].map((i) => createRow(api, 'tags', { name: `${tag}${i}`, describe: i === 1 ? '=SUM(A1)' : 'plain, "quoted"' })));
    const users = await Promise.all([1, 2].map((i) => createUser(api, { account: `${tag}u${i}`, nickname: `N${i}`, status: i === 1 ? 'banned' : 'normal', remark: 'line\nbreak' })));
    const orders = await Promise.all([1, 2].map((i) => createRow(api, 'receive-money', { title: `${tag}${i}`, amount: 12.5 * i, currency: 'USD', outTradeNo: `${tag}o${i}`, payUrl: 'https://pay.example.com/e', remark: '+1' })));
    for (const [table, rows, query] of [['tags', tags, `name_like=${tag}`], ['users', users, `account_like=${tag}`], ['receive-money', orders, `title_like=${tag}`]] as const) {
      for (const format of ['csv', 'xlsx']) {
        const exported = await api.t.app.inject({ method: 'GET', url: `/api/${table}/export?${query}&format=${format}&tz=Asia/Shanghai`, headers: { authorization: `Bearer ${token}`, cookie: 'lang=zh-cn' } });
        expect(exported.statusCode).toBe(200);
        const ids = rows.map((r) => (r as { id: number }).id).join(',');
        dataOf(await api.call('DELETE', `/api/${table}/delete`, { ids }));
        const back = dataOf(await send(table, exported.rawPayload, { mode: 'run', tz: 'Asia/Shanghai' }, token, 'zh-cn'));
        expect(back, `${table} ${format} ${JSON.stringify(back.errors)}`).toMatchObject({ created: rows.length, failed: 0 });
        const byName = (a: Record<string, unknown>, b: Record<string, unknown>) => String(a.name ?? a.account ?? a.title).localeCompare(String(b.name ?? b.account ?? b.title));
        const now = (dataOf(await api.call('GET', `/api/${table}/rows?${query}`)).rows as Array<Record<string, unknown>>).sort(byName);
        rows.sort(byName as never);
        const same = (r: Record<string, unknown>) => Object.fromEntries(Object.entries(r).filter(([k]) => resources[table as 'tags'].fields[k as 'name'] && !['id', 'createTime', 'updateTime', 'uid'].includes(k)));
        expect(now.map(same), `${table} ${format}`).toEqual(rows.map((r) => same(r as Record<string, unknown>)));
        rows.splice(0, rows.length, ...(now as never[]));
      }
    }
  });
});

