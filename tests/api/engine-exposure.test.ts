/**
 * What leaves the server: hidden fields (password) never do, in any answer or
 * in the CSV export; the export is the same rows as the list, safe to open in
 * a spreadsheet; payers see only the whitelisted fields of an order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../schema';
import { DIALECTS } from '../support/app';
import { adminApi, createOrder, createUser, dataOf, label, unique, type Api, type Reply } from '../support/fixtures';

const PASSWORD = 'secret-123';

/** No trace of a password: neither the key nor an argon2 hash. */
function expectNoPassword(res: Reply) {
  expect(res.text).not.toMatch(/"password"/);
  expect(res.text).not.toContain('$argon2');
}

describe.each(DIALECTS)('exposure on %s', (dialect) => {
  let api: Api;
  beforeAll(async () => {
    api = await adminApi(dialect);
  }, 60_000);
  afterAll(() => api?.close());

  describe('hidden fields', () => {
    it('never returns a password, from any read or write', async () => {
      const made = await api.call('POST', '/api/users/create', { account: unique('pw'), nickname: 'Hidden', password: PASSWORD });
      const user = dataOf(made, 201);
      expectNoPassword(made);
      for (const url of [
        `/api/users/take?id=${user.id}`, `/api/users/find?ids=${user.id}`, '/api/users/rows?limit=50', '/api/users/rand?limit=50',
        `/api/users/flat?ids=${user.id}`, `/api/users/briefly?ids=${user.id}`, `/api/users/rows?nickname=Hidden`,
      ]) {
        const res = await api.call('GET', url);
        expect(res.status, url).toBe(200);
        expectNoPassword(res);
      }
      for (const [method, url, body] of [
        ['PUT', '/api/users/update', { id: user.id, password: 'another-456' }],
        ['POST', '/api/users/save', { id: user.id, nickname: 'Hidden too' }],
      ] as const) {
        const res = await api.call(method, url, body);
        expect(res.status).toBe(200);
        expectNoPassword(res);
      }
    }, 30_000);

    it('stores the password hashed, and a blank one on update keeps it', async () => {
      const user = await createUser(api, { password: PASSWORD });
      await expect(api.t.signIn(user.account, PASSWORD)).resolves.toBeTruthy();
      dataOf(await api.call('PUT', '/api/users/update', { id: user.id, password: '', nickname: 'Same password' }));
      await expect(api.t.signIn(user.account, PASSWORD)).resolves.toBeTruthy();
    }, 30_000); // argon2 hashing three times

    it('never exports a password', async () => {
      await createUser(api, { password: PASSWORD });
      const res = await api.call('GET', '/api/users/export');
      expect(res.status).toBe(200);
      expect(res.text).not.toContain('$argon2');
      expect(res.text.split('\r\n')[0]).not.toContain(label('users', 'password'));
    });
  });

  describe('export', () => {
    const lines = (res: Reply) => res.text.replace(/^\uFEFF/, '').split('\r\n').filter(Boolean);

    it('is UTF-8 with a BOM, labelled in the caller\'s language, with every visible column', async () => {
      const user = await createUser(api, { nickname: '张三 Zoë' });
      const res = await api.call('GET', `/api/users/export?id=${user.id}`);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.text.startsWith('\uFEFF')).toBe(true);
      const [header, row] = lines(res);
      const visible = Object.keys(resources.users.fields).filter((k) => !resources.users.fields[k as 'id'].hidden);
      expect(header).toBe(visible.map((k) => label('users', k)).join(','));
      expect(row!.startsWith(`${user.id},张三 Zoë,${user.account},`)).toBe(true);
    });

    it('has the same filtered rows as the list', async () => {
      const marker = unique('exp');
      for (let i = 0; i < 4; i++) await createUser(api, { nickname: `${marker}-${i}`, status: i % 2 ? 'banned' : 'normal' });
      const query = `nickname_like=${marker}&status=banned&order=id asc`;
      const list = dataOf(await api.call('GET', `/api/users/rows?${query}`));
      const csv = lines(await api.call('GET', `/api/users/export?${query}`)).slice(1);
      expect(list.total).toBe(2);
      expect(csv.map((line) => Number(line.split(',')[0]))).toEqual(list.rows.map((r: { id: number }) => r.id));
    });

    it('defuses cells a spreadsheet would run as a formula, and quotes what needs it', async () => {
      const formulas = ['=1+2', '+SUM(A1)', '-2+3', '@cmd'];
      const ids = [];
      for (const nickname of formulas) ids.push((await createUser(api, { nickname })).id);
      const quoted = await createUser(api, { nickname: 'a,"b"' });
      const csv = lines(await api.call('GET', `/api/users/export?order=id asc&id=${[...ids, quoted.id].join(',')}`)).slice(1);
      formulas.forEach((f, i) => expect(csv[i]!.split(',')[1]).toBe(`'${f}`));
      expect(csv.find((line) => line.startsWith(`${quoted.id},`))).toContain('"a,""b"""');
    });

    it('refuses the same bad filters as the list', async () => {
      const res = await api.call('GET', '/api/users/export?password=x');
      expect(res.status).toBe(400);
      expect(res.body.data.errors[0].field).toBe('password');
    });
  });

  describe('public order view', () => {
    const publicFields = [...resources['receive-money'].publicTake!.fields].sort();

    it('gives a new order an unguessable tradeNo and starts it pending', async () => {
      const [a, b] = [await createOrder(api), await createOrder(api)];
      for (const order of [a, b]) {
        expect(order.tradeNo).toMatch(/^[A-Za-z0-9_-]{22,}$/);
        expect(order.status).toBe('pending');
      }
      expect(a.tradeNo).not.toBe(b.tradeNo);
      const own = await createOrder(api, { tradeNo: unique('TN_') });
      expect(own.tradeNo).toMatch(/^TN_/);
    });

    it('shows exactly the display fields by tradeNo without a token', async () => {
      const order = await createOrder(api, { title: 'Latte', describe: 'oat milk', amount: 4.2, currency: 'EUR', remark: 'internal', outTradeNo: 'M-1' });
      const data = dataOf(await api.anon('GET', `/api/receive-money/take?tradeNo=${order.tradeNo}`));
      expect(Object.keys(data).sort()).toEqual(publicFields);
      expect(data).toEqual({
        tradeNo: order.tradeNo, title: 'Latte', describe: 'oat milk', amount: 4.2, currency: 'EUR',
        status: 'pending', payUrl: order.payUrl, createTime: order.createTime,
        paidAmount: 0, paidTime: 0, expireTime: order.expireTime, returnUrl: '',
      });
    });

    it('answers code 204 for an unknown or trashed tradeNo', async () => {
      const unknown = await api.anon('GET', '/api/receive-money/take?tradeNo=no-such-order');
      expect(unknown.status).toBe(200);
      expect(unknown.body).toMatchObject({ code: 204, data: null });
      const order = await createOrder(api);
      dataOf(await api.call('DELETE', '/api/receive-money/remove', { ids: String(order.id) }));
      expect((await api.anon('GET', `/api/receive-money/take?tradeNo=${order.tradeNo}`)).body).toMatchObject({ code: 204, data: null });
    });

    it('keeps everything else behind sign-in', async () => {
      const order = await createOrder(api);
      expect((await api.anon('GET', `/api/receive-money/take?id=${order.id}`)).status).toBe(401);
      expect((await api.anon('GET', '/api/receive-money/rows')).status).toBe(401);
      expect((await api.anon('GET', '/api/receive-money/export')).status).toBe(401);
      expect(dataOf(await api.call('GET', `/api/receive-money/take?id=${order.id}`)).remark).toBe('');
      const mixed = await api.anon('GET', `/api/receive-money/take?tradeNo=${order.tradeNo}&id=${order.id}`);
      expect(mixed.status).toBe(400);
      expect(mixed.body.data.errors[0].field).toBe('id');
    });

    it('shows SITE_INFO to anyone, and other config keys only to those granted', async () => {
      const site = dataOf(await api.anon('GET', '/api/config/take?key=SITE_INFO'));
      expect(Object.keys(site).sort()).toEqual(['key', 'value']);
      expect(site.value.title).toBeTruthy();
      for (const key of ['SYSTEM_SAFETY_API', 'SIGN_IN_UP', 'NO_SUCH_KEY']) {
        expect((await api.anon('GET', `/api/config/take?key=${key}`)).status, key).toBe(401);
      }
      expect((await api.anon('GET', '/api/config/rows')).status).toBe(401);
      expect(dataOf(await api.call('GET', '/api/config/take?key=SIGN_IN_UP'))).toMatchObject({ key: 'SIGN_IN_UP', id: expect.any(Number) });
      expect((await api.call('GET', '/api/config/take?key=NO_SUCH_KEY')).body).toMatchObject({ code: 204 });
    });
  });
});
