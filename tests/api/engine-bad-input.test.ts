/**
 * Bad input (issue 2): every refused query or body is a 400 that names the
 * culprit in `msg` and in `data.errors`, never a 500, and writes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../support/app';
import { adminApi, createOrder, createUser, dataOf, everything, expectRefused, unique, type Api } from '../support/fixtures';

describe.each(DIALECTS)('bad input on %s', (dialect) => {
  let api: Api;
  let before: { users: unknown[]; orders: unknown[]; groups: unknown[] };
  let user: Record<string, any>;
  let order: Record<string, any>;
  const snapshot = async () => ({
    users: await everything(api, 'users'),
    orders: await everything(api, 'receive-money'),
    groups: await everything(api, 'auth-group'),
  });

  beforeAll(async () => {
    api = await adminApi(dialect);
    user = await createUser(api, { nickname: 'Kept' });
    order = await createOrder(api);
    before = await snapshot();
  }, 60_000);
  afterAll(async () => {
    // Every refusal above left the tables as they were.
    if (api) expect(await snapshot()).toEqual(before);
    await api?.close();
  });

  describe('queries', () => {
    const rows = (query: string, resource = 'users') => api.call('GET', `/api/${resource}/rows?${query}`);

    it('refuses unknown parameters and operators by name', async () => {
      expectRefused(await rows('foo=1'), 'foo');
      expectRefused(await rows('status_gte=normal'), 'status_gte');
      expectRefused(await rows('nickname_lte=a'), 'nickname_lte');
      expectRefused(await rows('account_between=a'), 'account_between');
      expectRefused(await rows('status=normal&status=banned'), 'status');
    });

    it('refuses filters on hidden fields as if they did not exist', async () => {
      expectRefused(await rows('password=x'), 'password');
      expectRefused(await rows('password_like=x'), 'password_like');
    });

    it('refuses order columns that are unknown, not sortable, hidden or not a column at all', async () => {
      for (const [order, named] of [
        ['nope desc', 'nope'], ['nickname asc', 'nickname'], ['password', 'password'],
        ['id; drop table users', 'id; drop table users'], ['id desc, (select 1)', '(select 1)'], ['id sideways', 'id sideways'],
      ]) {
        const res = await rows(`order=${encodeURIComponent(order!)}`);
        expect(res.status, order).toBe(400);
        expect(res.body.msg, order).toContain(named);
        expect(res.body.data.errors).toEqual([expect.objectContaining({ field: 'order' })]);
      }
      expect(dataOf(await rows('')).total).toBeGreaterThan(0);
    });

    it('refuses values of the wrong type or length', async () => {
      expectRefused(await rows('amount=abc', 'receive-money'), 'amount', 'receive-money');
      expectRefused(await rows('amount_gte=1e', 'receive-money'), 'amount_gte');
      expectRefused(await rows('createTime_gte=yesterday'), 'createTime_gte');
      expectRefused(await rows('status=deleted'), 'status', 'users');
      expectRefused(await rows('status=normal,deleted'), 'status', 'users');
      expectRefused(await rows(`nickname=${'x'.repeat(300)}`), 'nickname', 'users');
    });

    it('refuses ids that are not positive integers', async () => {
      for (const id of ['0', '-1', '1.5', 'abc', '', '1,2']) {
        expectRefused(await api.call('GET', `/api/users/take?id=${id}`), 'id');
      }
      for (const ids of ['0', '-1', '1.5', 'abc', '1,,2', ',']) {
        expectRefused(await api.call('GET', `/api/users/find?ids=${ids}`), 'ids');
      }
      expectRefused(await api.call('GET', '/api/users/take'), 'id');
      expectRefused(await api.call('GET', `/api/users/take?id=${user.id}&account=x`), 'account');
    });
  });

  describe('bodies', () => {
    const create = (body: unknown, resource = 'users') => api.call('POST', `/api/${resource}/create`, body);
    const update = (body: unknown, resource = 'users') => api.call('PUT', `/api/${resource}/update`, body);

    it('refuses values of the wrong type', async () => {
      expectRefused(await create({ account: unique('a'), nickname: 123 }), 'nickname', 'users');
      expectRefused(await create({ account: unique('a'), status: 'deleted' }), 'status', 'users');
      expectRefused(await create({ title: 'T', amount: '12', currency: 'USD' }, 'receive-money'), 'amount', 'receive-money');
      expectRefused(await create({ title: 'T', amount: 12, currency: 'XXX' }, 'receive-money'), 'currency', 'receive-money');
      expectRefused(await create({ title: 'T', amount: 12, currency: 'USD', files: 'a.png' }, 'receive-money'), 'files', 'receive-money');
      expectRefused(await create({ name: unique('g'), manage: 2 }, 'auth-group'), 'manage', 'auth-group');
      expectRefused(await create({ name: unique('g'), rules: '1,2' }, 'auth-group'), 'rules', 'auth-group');
    });

    it('refuses amounts out of range or with too many decimals', async () => {
      expectRefused(await create({ title: 'T', amount: 0.5, currency: 'USD' }, 'receive-money'), 'amount', 'receive-money');
      expectRefused(await create({ title: 'T', amount: 1.234, currency: 'USD' }, 'receive-money'), 'amount', 'receive-money');
    });

    it('refuses numbers larger than their column holds', async () => {
      // decimal(14, 2) holds 999,999,999,999.99; MySQL would fail on more, SQLite would keep it.
      expectRefused(await create({ title: 'T', amount: 1e12, currency: 'USD' }, 'receive-money'), 'amount', 'receive-money');
      expectRefused(await create({ title: 'T', views: 2 ** 31 }, 'article'), 'views', 'article');
      const largest = dataOf(await create({ title: 'T', amount: 999_999_999_999.99, currency: 'USD' }, 'receive-money'), 201);
      expect(largest.amount).toBe(999_999_999_999.99);
      await api.call('DELETE', '/api/receive-money/delete', { ids: String(largest.id) });
    });

    it('refuses over-long strings', async () => {
      expectRefused(await create({ account: unique('a'), nickname: 'n'.repeat(25) }), 'nickname', 'users');
      expectRefused(await create({ account: unique('a'), describe: 'd'.repeat(257) }), 'describe', 'users');
      expectRefused(await create({ title: 't'.repeat(25), amount: 1, currency: 'USD' }, 'receive-money'), 'title', 'receive-money');
    });

    it('applies the patterns the schema declares', async () => {
      for (const account of ['abc', 'a'.repeat(33), 'bad account', 'émile1']) {
        expectRefused(await create({ account }), 'account', 'users');
      }
      expectRefused(await create({ account: unique('a'), phone: '12345678901' }), 'phone', 'users');
      expectRefused(await create({ account: unique('a'), phone: '1380013800' }), 'phone', 'users');
      expectRefused(await create({ account: unique('a'), email: 'not-an-email' }), 'email', 'users');
      expectRefused(await create({ account: unique('a'), avatar: 'javascript:alert(1)' }), 'avatar', 'users');
      expectRefused(await create({ account: unique('a'), password: '12345' }), 'password', 'users');
      expectRefused(await update({ id: order.id, payUrl: 'ftp://x' }, 'receive-money'), 'payUrl', 'receive-money');
    });

    it('names every bad field, the first in msg', async () => {
      const res = await create({ account: 'x', phone: '1', email: 'y' });
      expectRefused(res, 'account', 'users');
      expect(res.body.data.errors.map((e: { field: string }) => e.field)).toEqual(expect.arrayContaining(['account', 'phone', 'email']));
    });

    it('refuses a missing required field', async () => {
      expectRefused(await create({ nickname: 'No account' }), 'account', 'users');
      expectRefused(await create({ amount: 5, currency: 'USD' }, 'receive-money'), 'title', 'receive-money');
      expectRefused(await create({ account: '   ' }), 'account', 'users');
    });

    it('refuses fields the schema does not have, or that the server owns', async () => {
      expectRefused(await create({ account: unique('a'), foo: 1 }), 'foo');
      for (const field of ['id', 'createTime', 'updateTime', 'deleteTime', 'uid', 'signInIp', 'signInTime']) {
        expectRefused(await create({ account: unique('a'), [field]: 5 }), field, 'users');
      }
      expectRefused(await create({ title: 'T', amount: 1, currency: 'USD', status: 'completed' }, 'receive-money'), 'status', 'receive-money');
      expectRefused(await create({ name: unique('g'), serial: 1 }, 'auth-group'), 'serial', 'auth-group');
    });

    it('refuses updates of server-owned and read-only fields', async () => {
      expectRefused(await update({ id: order.id, status: 'completed' }, 'receive-money'), 'status', 'receive-money');
      expectRefused(await update({ id: user.id, createTime: 1 }), 'createTime', 'users');
      expectRefused(await update({ id: user.id, uid: 99 }), 'uid', 'users');
      expectRefused(await update({ id: user.id, deleteTime: 1 }), 'deleteTime', 'users');
      expectRefused(await update({ id: user.id, nickname: 'x'.repeat(30) }), 'nickname', 'users');
      expectRefused(await api.call('POST', '/api/users/save', { id: user.id, status: 'gone' }), 'status', 'users');
    });

    it('refuses ids that are not positive integers', async () => {
      for (const id of [0, -1, 1.5, 'abc', null, [1]]) expectRefused(await update({ id, nickname: 'x' }), 'id');
      for (const ids of ['0', '-1', '1.5', 'abc', '1,,2', '', 7]) {
        expectRefused(await api.call('DELETE', '/api/users/remove', { ids: ids === 7 ? -7 : ids }), 'ids');
      }
      expectRefused(await api.call('PUT', '/api/auth-group/sort', { id: 'x', mode: 'up' }), 'id');
      expectRefused(await api.call('PUT', '/api/auth-group/sort', { id: 1, mode: 'sideways' }), 'mode');
      expectRefused(await api.call('PUT', '/api/auth-group/sort', { id: 1, mode: 'up', by: 2 }), 'by');
      expectRefused(await api.call('DELETE', '/api/users/remove', { ids: String(user.id), force: true }), 'force');
    });

    it('refuses malformed JSON and bodies that are not objects', async () => {
      const json = { 'content-type': 'application/json' };
      for (const raw of ['{"account":', '{account: 1}', '', '{"account":"abcd1","__proto__":{"id":1}}']) {
        const res = await api.call('POST', '/api/users/create', raw, json);
        expect(res.status, raw).toBe(400);
        expect(res.body).toMatchObject({ code: 400, msg: 'The request body is not valid JSON' });
      }
      for (const raw of ['null', '"account"', '42', JSON.stringify([{ account: unique('a') }])]) {
        const res = await api.call('POST', '/api/users/create', raw, json);
        expect(res.status, raw).toBe(400);
        expect(res.body.code).toBe(400);
      }
      const text = await api.call('POST', '/api/users/create', 'account=x', { 'content-type': 'text/plain' });
      expect(text.body).toMatchObject({ code: 400, msg: 'The request body is not valid JSON' });
    });

    it('refuses a value that would break a unique column, naming it', async () => {
      expectRefused(await create({ account: user.account }), 'account', 'users');
      const other = await createOrder(api);
      expectRefused(await update({ id: other.id, tradeNo: order.tradeNo }, 'receive-money'), 'tradeNo', 'receive-money');
      await api.call('DELETE', '/api/receive-money/delete', { ids: String(other.id) });
    });
  });
});
