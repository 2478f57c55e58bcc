/**
 * `PUT /api/<table>/update-many {ids | filter, data}`: the same change on
 * many rows through the write path of `update`: frozen fields refused row by
 * row, a revision per changed row, a log row per batch; only the fields the
 * schema lists for bulk edits; and the migration that hands the new rules to
 * the groups that held the single ones.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up as grantBulkRules } from '../../server/db/migrations/20261128170000_bulk_rules';
import { DIALECTS } from '../support/app';
import { adminApi, createRow, dataOf, unique, type Api } from '../support/fixtures';
import { presetUser, userWith } from './payments-support';

describe.each(DIALECTS)('bulk edit on %s', (dialect) => {
  let api: Api;
  let token: string;
  beforeAll(async () => {
    api = await adminApi(dialect);
    token = await api.t.signIn();
  }, 60_000);
  afterAll(() => api?.close());

  /** Orders made by an import (the quick way to a thousand): `paid` of them completed elsewhere. */
  async function orders(title: string, count: number, paid: number, as = token) {
    const lines = Array.from({ length: count }, (_, i) => (i < paid
      ? `${title},10,HKD,https://pay.example.com/b,completed,10,2026-01-01T00:00:00Z`
      : `${title},10,HKD,https://pay.example.com/b,,,`));
    const form = new FormData();
    form.append('plan', JSON.stringify({ mode: 'run', batch: 1000 }));
    form.append('file', new Blob([`title,amount,currency,payUrl,status,paidAmount,paidTime\n${lines.join('\n')}\n`]), 'orders.csv');
    const request = new Request('http://local/', { method: 'POST', body: form });
    const res = await api.t.app.inject({
      method: 'POST', url: '/api/receive-money/import',
      headers: { authorization: `Bearer ${as}`, 'content-type': request.headers.get('content-type')! },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(res.json()).toMatchObject({ code: 200, data: { created: count, failed: 0 } });
  }
  const logRows = async () => Number((await api.t.app.paydesk.db.any.selectFrom('logs').select((eb) => eb.fn.countAll().as('n')).where('scene', '=', 'update-many').executeTakeFirstOrThrow()).n);

  it('changes 1,000 orders matching a filter, refusing each paid one\'s frozen field, with revisions and a log row per batch', async () => {
    const title = unique('bulk');
    await orders(title, 1000, 10);
    const logsBefore = await logRows();
    const res = dataOf(await api.call('PUT', '/api/receive-money/update-many', { filter: { title }, data: { payType: 'alipay', remark: 'moved' } }));
    expect(res).toMatchObject({ matched: 1000, changed: 990, unchanged: 0, refusedCount: 10 });
    expect(res.refused[0]).toMatchObject({ field: 'payType' });
    expect(res.refused[0].reason).toContain('Pay');
    const rows = await api.t.app.paydesk.db.any.selectFrom('receive_money').select(['id', 'status', 'payType', 'remark']).where('title', '=', title).execute();
    expect(rows.filter((r) => r.payType === 'alipay' && r.remark === 'moved')).toHaveLength(990);
    expect(rows.filter((r) => r.status === 'completed' && r.payType === '' && r.remark === '')).toHaveLength(10);
    const changed = rows.find((r) => r.payType === 'alipay')!;
    const history = dataOf(await api.call('GET', `/api/revisions/rows?resource=receive-money&rowId=${changed.id}`)).rows;
    expect(history[0]).toMatchObject({ action: 'update', changes: { payType: ['', 'alipay'], remark: ['', 'moved'] } });
    // Two batches of 500: two log rows, each committed with its batch.
    expect(await logRows()).toBe(logsBefore + 2);
    // Again: nothing left to change.
    expect(dataOf(await api.call('PUT', '/api/receive-money/update-many', { filter: { title, status: 'pending' }, data: { remark: 'moved' } }))).toMatchObject({ matched: 990, changed: 0, unchanged: 990 });
  }, 120_000);

  it('changes the rows named by ids; refuses a field the schema keeps from bulk edits, and a caller\'s reach stays his own', async () => {
    const title = unique('ids');
    await orders(title, 3, 0);
    const ids = (dataOf(await api.call('GET', `/api/receive-money/rows?title=${title}`)).rows as Array<{ id: number }>).map((r) => r.id);
    expect(dataOf(await api.call('PUT', '/api/receive-money/update-many', { ids: ids.join(','), data: { describe: 'by ids' } }))).toMatchObject({ matched: 3, changed: 3 });
    for (const field of ['amount', 'outTradeNo', 'status']) {
      const res = await api.call('PUT', '/api/receive-money/update-many', { ids: ids.join(','), data: { [field]: 'x' } });
      expect(res.status).toBe(400);
      expect(res.body.data.errors[0]).toMatchObject({ field, message: 'validation.not_bulk' });
    }
    expect((await api.call('PUT', '/api/receive-money/update-many', { data: { remark: 'x' } })).status).toBe(400);
    const operator = await userWith(api, ['POST api/receive-money/import', 'POST api/receive-money/create', 'PUT api/receive-money/update-many'], 0);
    await orders(title, 2, 0, operator.token);
    const mine = await api.t.call('PUT', '/api/receive-money/update-many', { filter: { title }, data: { remark: 'mine' } }, operator.token);
    expect(mine.body).toMatchObject({ code: 200, data: { matched: 2, changed: 2 } });
    const others = await api.t.call('PUT', '/api/receive-money/update-many', { ids: ids.join(','), data: { remark: 'theirs' } }, operator.token);
    expect(others.status).toBe(403);
  });

  it('refuses an auditor, and an own-rows operator naming another\'s rows, before writing any row; the operator\'s filter reaches only his', async () => {
    const title = unique('atk');
    const auditor = await presetUser(api, 'auditor');
    const operator = await presetUser(api, 'operator-own');
    await orders(title, 3, 0);
    await orders(title, 2, 0, operator.token);
    const db = api.t.app.paydesk.db.any;
    const state = () => db.selectFrom('receive_money').select(['id', 'uid', 'remark']).where('title', '=', title).orderBy('id').execute();
    const before = await state();
    const theirs = before.filter((r) => r.uid !== operator.id).map((r) => r.id);
    const mine = before.filter((r) => r.uid === operator.id).map((r) => r.id);
    const revisions = async () => Number((await db.selectFrom('revisions').select((eb) => eb.fn.countAll().as('n')).where('rowId', 'in', before.map((r) => r.id)).executeTakeFirstOrThrow()).n);
    const revisionsBefore = await revisions();
    const data = { remark: 'taken' };
    const attempts: Array<[string, Record<string, unknown>]> = [
      [auditor.token, { ids: theirs.join(','), data }],
      [auditor.token, { filter: { title }, data }],
      // His own rows first, then one of another's: refused whole, his own left as they were too.
      [operator.token, { ids: [...mine, theirs[0]].join(','), data }],
    ];
    for (const [as, body] of attempts) expect((await api.t.call('PUT', '/api/receive-money/update-many', body, as)).status, JSON.stringify(body)).toBe(403);
    expect(await state()).toEqual(before);
    expect(await revisions()).toBe(revisionsBefore);
    const own = await api.t.call('PUT', '/api/receive-money/update-many', { filter: { title }, data }, operator.token);
    expect(own.body).toMatchObject({ code: 200, data: { matched: 2, changed: 2 } });
    const after = await state();
    expect(after.filter((r) => r.remark === 'taken').map((r) => r.id)).toEqual(mine);
  });

  it('hands the bulk rules to the groups that held create and update (the data migration)', async () => {
    const k = api.t.app.paydesk.db.any;
    const rule = async (route: string) => (await k.selectFrom('auth_rules').select('id').where('route', '=', route).executeTakeFirst())?.id;
    const update = await rule('api/tags/update');
    const group = await createRow(api, 'auth-group', { name: unique('g'), manage: 0, all: 0, rules: `|${update}|` });
    await k.deleteFrom('auth_rules').where('route', 'in', ['api/tags/update-many', 'api/tags/import']).execute();
    await grantBulkRules(k);
    const bulk = await rule('api/tags/update-many');
    expect(bulk).toBeDefined();
    const held = (await k.selectFrom('auth_group').select('rules').where('id', '=', group.id).executeTakeFirstOrThrow()).rules;
    expect(held).toBe(`|${update}|${bulk}|`);
    // Import follows create, which this group does not hold.
    expect(String(held)).not.toContain(`|${await rule('api/tags/import')}|`);
  });
});
