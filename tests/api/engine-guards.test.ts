/**
 * The checks a generic write makes before it stores anything, as a client
 * sees them: a merchant's reference unique among his own orders, a unique
 * column named in its refusal, a locked row's locked fields, a paid order's
 * price, references to rows that exist, orders that received money staying
 * in the bin, and `save` telling a create from an update.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { t } from '../../server/i18n';
import { DIALECTS } from '../support/app';
import { adminApi, createOrder, createRow, dataOf, everything, label, unique, type Api, type Reply } from '../support/fixtures';
import { userWith } from './payments-support';

describe.each(DIALECTS)('write guards on %s', (dialect) => {
  let api: Api;
  let seller: { id: number; token: string };
  const asSeller = (method: 'POST' | 'PUT', url: string, body: unknown) => api.t.call(method, url, body, seller.token, { cookie: 'lang=en-us' });
  const stored = (table: string, id: number) => api.t.app.paydesk.db.any.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst();
  const pay = async (id: number) => dataOf(await api.call('POST', '/api/receive-money/mark-paid', { id, reason: 'paid at the counter' }));

  /**
   * Runs `call` while the database gives up the first transactions on these errors (a lost race), and
   * counts the transactions it began: what a write racing other writers meets, without the race.
   */
  async function racing(errors: Error[], call: () => Promise<Reply>) {
    const db = api.t.app.paydesk.db.any;
    const begin = db.transaction.bind(db);
    let began = 0;
    Object.assign(db, {
      transaction: () => {
        const builder = begin();
        return { execute: async (work: never) => (began++, errors.length ? Promise.reject(errors.shift()) : builder.execute(work)) };
      },
    });
    try {
      return { res: await call(), began };
    } finally {
      delete (db as { transaction?: unknown }).transaction;
    }
  }
  /** A deadlock (MySQL) or a busy database (SQLite): the database settling a race by failing one writer. */
  const lost = () => Object.assign(new Error('Deadlock found when trying to get lock'), { code: 'SQLITE_BUSY', errno: 1213 });

  beforeAll(async () => {
    api = await adminApi(dialect);
    seller = await userWith(api, ['POST api/receive-money/create', 'PUT api/receive-money/update'], 0);
  });
  afterAll(() => api?.close());

  it('a merchant\'s reference is unique among his own orders only, and a blank one is no reference', async () => {
    const ref = unique('REF');
    const mine = await createOrder(api, { outTradeNo: ref });
    const again = await api.call('POST', '/api/receive-money/create', { title: 'Twice', amount: 5, currency: 'USD', outTradeNo: ref });
    expect(again.status, again.text).toBe(409);
    expect(again.body.msg).toBe(`You already have a record with this ${label('receive-money', 'outTradeNo')}`);
    expect(again.body.data.errors).toEqual([expect.objectContaining({ field: 'outTradeNo', message: 'errors.duplicate_per_owner' })]);
    // Another merchant may use the same reference for his own order.
    const theirs = dataOf(await asSeller('POST', '/api/receive-money/create', { title: 'Same ref', amount: 5, currency: 'USD', outTradeNo: ref }), 201);
    expect(theirs).toMatchObject({ outTradeNo: ref, uid: seller.id });
    // The reference is asked only on create (`entry: 'create'`) and frozen from then on: moving another order onto it,
    // or giving it any other, is refused by name; an order sending its own back is no change.
    const other = await createOrder(api, { outTradeNo: unique('REF') });
    for (const outTradeNo of [ref, unique('REF')]) {
      const moved = await api.call('PUT', '/api/receive-money/update', { id: other.id, outTradeNo });
      expect(moved.status, moved.text).toBe(409);
      expect(moved.body.data.errors).toEqual([expect.objectContaining({ field: 'outTradeNo', message: 'errors.frozen' })]);
    }
    expect(dataOf(await api.call('PUT', '/api/receive-money/update', { id: mine.id, outTradeNo: ref, remark: 'same ref' }))).toMatchObject({ outTradeNo: ref, remark: 'same ref' });
    for (let i = 0; i < 2; i++) expect((await createOrder(api, { outTradeNo: '' })).outTradeNo).toBe('');
    expect(dataOf(await api.call('GET', `/api/receive-money/rows?outTradeNo=${ref}`)).total).toBe(2);
  });

  it('a value a unique column holds, whoever owns its row, is a 400 naming the field', async () => {
    const name = unique('tag');
    await createRow(api, 'tags', { name });
    const res = await api.call('POST', '/api/tags/create', { name });
    expect(res.status, res.text).toBe(400);
    expect(res.body.msg).toBe(`${label('tags', 'name')} already exists`);
    expect(res.body.data.errors).toEqual([expect.objectContaining({ field: 'name', message: 'errors.conflict' })]);
    const order = await createOrder(api);
    const taken = await asSeller('POST', '/api/receive-money/create', { title: 'Taken', amount: 5, currency: 'USD', tradeNo: order.tradeNo });
    expect(taken.status, taken.text).toBe(400);
    expect(taken.body.data.errors).toEqual([expect.objectContaining({ field: 'tradeNo', message: 'errors.conflict' })]);
  });

  it('a locked group keeps its locked fields, against a super-admin too; a form sending them back unchanged saves', async () => {
    const group = await createRow(api, 'auth-group', { name: unique('pinned'), remark: 'as set', lock: 1 });
    const res = await api.call('PUT', '/api/auth-group/update', { id: group.id, remark: 'changed' });
    expect(res.status, res.text).toBe(403);
    expect(res.body.msg).toBe(`Locked: ${label('auth-group', 'remark')} cannot be changed`);
    const name = unique('renamed');
    dataOf(await api.call('PUT', '/api/auth-group/update', { id: group.id, name, remark: 'as set', manage: group.manage }));
    expect(await stored('auth_group', group.id)).toMatchObject({ name, remark: 'as set', lock: 1 });
    // Unlocked, the same change goes through.
    dataOf(await api.call('PUT', '/api/auth-group/update', { id: group.id, lock: 0 }));
    dataOf(await api.call('PUT', '/api/auth-group/update', { id: group.id, remark: 'changed' }));
    expect(await stored('auth_group', group.id)).toMatchObject({ remark: 'changed', lock: 0 });
  });

  it('a paid order keeps its price; its form sent back unchanged, or with a new remark, saves', async () => {
    const order = await createOrder(api, { amount: 12.5 });
    const pending = dataOf(await api.call('PUT', '/api/receive-money/update', { id: order.id, amount: 13 }));
    expect(pending.amount).toBe(13);
    await pay(order.id);
    const res = await api.call('PUT', '/api/receive-money/update', { id: order.id, amount: 14 });
    expect(res.status, res.text).toBe(409);
    expect(res.body.msg).toBe(`${label('receive-money', 'amount')} can no longer change: payment has begun or been made`);
    expect(res.body.data.errors).toEqual([expect.objectContaining({ field: 'amount', message: 'errors.frozen' })]);
    const { id, amount, currency, payType, payUrl } = dataOf(await api.call('GET', `/api/receive-money/take?id=${order.id}`));
    dataOf(await api.call('PUT', '/api/receive-money/update', { id, amount, currency, payType, payUrl, remark: 'receipt sent' }));
    expect(await stored('receive_money', order.id)).toMatchObject({ amount: 13, remark: 'receipt sent', status: 'completed' });
  });

  it('refuses references to rows that do not exist, naming the missing ids, and takes ones that do', async () => {
    const tags = [await createRow(api, 'tags', { name: unique('t') }), await createRow(api, 'tags', { name: unique('t') })];
    const res = await api.call('POST', '/api/article/create', { title: 'Tagged', tags: `|${tags[0]!.id}|999991|${tags[1]!.id}|999992|` });
    expect(res.status, res.text).toBe(400);
    expect(res.body.msg).toBe(`${label('article', 'tags')}: No such ids: 999991, 999992`);
    expect(res.body.data.errors).toEqual([expect.objectContaining({ field: 'tags', message: 'validation.ids_missing' })]);
    // Each id once, however often it is listed.
    const both = `|${tags[0]!.id}|${tags[1]!.id}|${tags[0]!.id}|`;
    expect(dataOf(await api.call('POST', '/api/article/create', { title: 'Tagged', tags: both }), 201).tags).toBe(both);
  });

  it('an order that received money is never deleted for good: not alone, not in a batch, not by emptying the bin', async () => {
    const [paid, unpaid] = [await createOrder(api), await createOrder(api)];
    await pay(paid.id);
    dataOf(await api.call('DELETE', '/api/receive-money/remove', { ids: `${paid.id},${unpaid.id}` }));
    const before = await everything(api, 'receive-money');
    const res = await api.call('DELETE', '/api/receive-money/delete', { ids: `${unpaid.id},${paid.id}` });
    expect(res.status, res.text).toBe(409);
    expect(res.body.msg).toBe('An order that received money can be archived in the recycle bin but never deleted for good');
    expect(res.body.data).toEqual({ ids: [paid.id] });
    expect(await everything(api, 'receive-money')).toEqual(before);
    const cleared = dataOf(await api.call('DELETE', '/api/receive-money/clear'));
    expect(cleared).toEqual({ count: 1, kept: 1 });
    expect(await stored('receive_money', unpaid.id)).toBeUndefined();
    expect(await stored('receive_money', paid.id)).toMatchObject({ status: 'completed' });
    // Restored from the bin, it is counted again.
    dataOf(await api.call('PUT', '/api/receive-money/restore', { ids: String(paid.id) }));
    expect(dataOf(await api.call('GET', `/api/receive-money/rows?id=${paid.id}`)).total).toBe(1);
  });

  it('a write that loses a race runs again, four times at most, then answers 409; a refusal is not run again', async () => {
    const name = unique('race');
    const won = await racing([lost(), lost(), lost(), lost()], () => api.call('POST', '/api/tags/create', { name }));
    expect(dataOf(won.res, 201)).toMatchObject({ name });
    expect(won.began).toBe(5);
    const late = unique('race');
    const gaveUp = await racing([lost(), lost(), lost(), lost(), lost()], () => api.call('POST', '/api/tags/create', { name: late }));
    // Rolled back whole, it asks the caller to try again: a conflict, never a 500.
    expect(gaveUp.res.status).toBe(409);
    expect(gaveUp.res.body).toEqual({ code: 409, msg: t('en-us', 'errors.write_race'), data: null });
    expect(gaveUp.began).toBe(5);
    expect(dataOf(await api.call('GET', `/api/tags/rows?name=${late}`)).total).toBe(0);
    const refused = await racing([], () => api.call('POST', '/api/tags/create', { name }));
    expect(refused.res.status).toBe(400);
    expect(refused.began).toBe(1);
  });

  it('a unique value a racing writer took after the check is the same 400 naming the field', async () => {
    // What each database says of a row its unique index refused.
    const taken = (table: string, column: string) => Object.assign(
      dialect === 'sqlite' ? new Error(`UNIQUE constraint failed: ${table}.${column}`) : new Error(`Duplicate entry 'x' for key '${table}_${column}_unique'`),
      dialect === 'sqlite' ? { code: 'SQLITE_CONSTRAINT_UNIQUE' } : { code: 'ER_DUP_ENTRY', errno: 1062 },
    );
    const tag = await racing([taken('tags', 'name')], () => api.call('POST', '/api/tags/create', { name: unique('tag') }));
    expect(tag.res.status, tag.res.text).toBe(400);
    expect(tag.res.body.msg).toBe(`${label('tags', 'name')} already exists`);
    expect(tag.res.body.data.errors).toEqual([expect.objectContaining({ field: 'name', message: 'errors.conflict' })]);
    // A table whose name holds an underscore names the column all the same.
    const order = await racing([taken('receive_money', 'tradeNo')], () => api.call('POST', '/api/receive-money/create', {
      title: 'Raced', amount: 5, currency: 'USD', payUrl: 'https://pay.example.com/x',
    }));
    expect(order.res.status, order.res.text).toBe(400);
    expect(order.res.body.data.errors).toEqual([expect.objectContaining({ field: 'tradeNo', message: 'errors.conflict' })]);
  });

  it('a new password set by an operator ends the user\'s sessions once it is stored, and a refused one ends none', async () => {
    const someone = await userWith(api, ['GET api/tags/rows'], 0);
    const check = async () => (await api.t.call('POST', '/api/comm/check-token', undefined, someone.token)).status;
    expect(await check()).toBe(200);
    expect((await api.call('PUT', '/api/users/update', { id: someone.id, password: 'short' })).status).toBe(400);
    expect(await check()).toBe(200);
    dataOf(await api.call('PUT', '/api/users/update', { id: someone.id, password: 'another-pass-2' }));
    expect(await check()).toBe(401);
  });

  it('save creates without an id (none, null, blank or 0) and updates with one', async () => {
    for (const id of [undefined, null, '', 0]) {
      const name = unique('saved');
      const made = dataOf(await api.call('POST', '/api/tags/save', { id, name }));
      expect(made).toMatchObject({ name });
      expect(made.id).toBeGreaterThan(0);
    }
    const tag = await createRow(api, 'tags', { name: unique('t') });
    expect(dataOf(await api.call('POST', '/api/tags/save', { id: tag.id, describe: 'saved' }))).toMatchObject({ id: tag.id, name: tag.name, describe: 'saved' });
    // A body that is no object is refused by name, not answered with a 500; a missing row is a 404.
    const json = { 'content-type': 'application/json' };
    for (const raw of ['null', '"x"', '7']) {
      expect((await api.call('PUT', '/api/tags/update', raw, json)).body).toMatchObject({ code: 400, msg: 'The request body is not valid JSON' });
    }
    expect((await api.call('POST', '/api/tags/save', 'null', json)).body.data.errors).toEqual([expect.objectContaining({ field: 'name' })]);
    expect((await api.call('PUT', '/api/tags/update', { id: 999_999, describe: 'x' })).body).toMatchObject({ code: 404, msg: 'Not found' });
  });
});
