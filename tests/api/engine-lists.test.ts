/**
 * List reads: paging and its limits (SYSTEM_SAFETY_API.paging), every filter
 * operator, `q` across the searchable fields, and ordering by several columns.
 * Each test marks its own orders with a `mchId` so other tests' rows never
 * disturb its totals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../support/app';
import { adminApi, createOrder, createUser, dataOf, expectRefused, unique, type Api } from '../support/fixtures';

describe.each(DIALECTS)('lists on %s', (dialect) => {
  let api: Api;
  beforeAll(async () => {
    api = await adminApi(dialect);
  }, 60_000);
  afterAll(() => api?.close());

  /** Orders sharing a fresh marker, made one after another (ids ascending). */
  async function batch(...bodies: Array<Record<string, unknown>>) {
    const mchId = unique('m');
    const rows = [];
    for (const body of bodies) rows.push(await createOrder(api, { mchId, ...body }));
    return { mchId, rows, ids: rows.map((r) => r.id as number) };
  }
  const page = async (query: string) => dataOf(await api.call('GET', `/api/receive-money/rows?${query}`));
  const ids = async (query: string) => (await page(query)).rows.map((r: { id: number }) => r.id);

  describe('paging', () => {
    it('pages through without overlap, and past the end gives no rows but the total', async () => {
      const { mchId, ids: made } = await batch(...Array.from({ length: 12 }, () => ({})));
      const first = await page(`mchId=${mchId}`);
      expect(first).toMatchObject({ total: 12, page: 1, limit: 10 });
      expect(first.rows).toHaveLength(10);
      const second = await page(`mchId=${mchId}&page=2`);
      expect(second).toMatchObject({ total: 12, page: 2, limit: 10 });
      expect([...first.rows, ...second.rows].map((r: { id: number }) => r.id)).toEqual([...made].reverse());
      expect(await page(`mchId=${mchId}&page=9`)).toMatchObject({ total: 12, page: 9, rows: [] });
      expect((await page(`mchId=${mchId}&limit=5&page=3`)).rows).toHaveLength(2);
    });

    it('serves a limit above the configured cap at the cap (paging.limit governs), and up to 200 with paging off', async () => {
      const { mchId } = await batch(...Array.from({ length: 25 }, () => ({})));
      const at = async (limit: number) => page(`mchId=${mchId}&limit=${limit}`);
      expect(await at(50)).toMatchObject({ limit: 50, total: 25 });
      expect(await at(51)).toMatchObject({ limit: 50 });

      const row = dataOf(await api.call('GET', '/api/config/take?key=SYSTEM_SAFETY_API'));
      const set = (paging: object) => api.call('PUT', '/api/config/update', { id: row.id, value: { ...row.value, paging } });
      try {
        dataOf(await set({ enable: true, limit: 20 }));
        const clamped = await at(100);
        expect(clamped).toMatchObject({ limit: 20, total: 25 });
        expect(clamped.rows).toHaveLength(20);
        expect(dataOf(await api.call('GET', '/api/comm/init')).pageLimit).toBe(20);
        dataOf(await set({ enable: false }));
        expect((await at(200)).limit).toBe(200);
        expect((await at(201)).limit).toBe(200);
        expect(dataOf(await api.call('GET', '/api/comm/init')).pageLimit).toBe(200);
      } finally {
        dataOf(await set(row.value.paging));
      }
      expect((await at(51)).limit).toBe(50);
    });

    it('refuses pages and limits that are not positive integers', async () => {
      for (const q of ['page=0', 'page=-1', 'page=1.5', 'page=abc', 'limit=0', 'limit=x']) {
        expectRefused(await api.call('GET', `/api/receive-money/rows?${q}`), q.split('=')[0]!);
      }
    });
  });

  describe('filters', () => {
    it('matches a value, or any of a comma list', async () => {
      const { mchId, ids: [usd, eur, jpy] } = await batch({ currency: 'USD' }, { currency: 'EUR' }, { currency: 'JPY', amount: 1250 });
      expect(await ids(`mchId=${mchId}&currency=USD`)).toEqual([usd]);
      expect(await ids(`mchId=${mchId}&currency=USD,JPY`)).toEqual([jpy, usd]);
      expect(await ids(`mchId=${mchId}&currency=GBP`)).toEqual([]);
      expect(eur).toBeGreaterThan(0);
    });

    it('takes % and _ literally in _like', async () => {
      const { mchId, ids: [percent, underscore, plain, bang] } = await batch({ title: '50% off' }, { title: 'a_b' }, { title: 'axb 50 off' }, { title: 'Sale!' });
      expect(await ids(`mchId=${mchId}&title_like=${encodeURIComponent('%')}`)).toEqual([percent]);
      expect(await ids(`mchId=${mchId}&title_like=a_b`)).toEqual([underscore]);
      expect(await ids(`mchId=${mchId}&title_like=off`)).toEqual([plain, percent]);
      // `!` escapes the others in the query, and is itself taken literally.
      expect(await ids(`mchId=${mchId}&title_like=${encodeURIComponent('!')}`)).toEqual([bang]);
      expect(await ids(`mchId=${mchId}&title_like=${encodeURIComponent('!%')}`)).toEqual([]);
    });

    it('bounds numbers and times with _gte and _lte', async () => {
      const { mchId, ids: [cheap, mid, dear] } = await batch({ amount: 5 }, { amount: 10.25 }, { amount: 99.99 });
      expect(await ids(`mchId=${mchId}&amount_gte=10.25`)).toEqual([dear, mid]);
      expect(await ids(`mchId=${mchId}&amount_lte=10.25`)).toEqual([mid, cheap]);
      expect(await ids(`mchId=${mchId}&amount_gte=6&amount_lte=99`)).toEqual([mid]);
      const now = Math.floor(Date.now() / 1000);
      expect(await ids(`mchId=${mchId}&createTime_gte=${now - 600}&createTime_lte=${now + 600}`)).toHaveLength(3);
      expect(await ids(`mchId=${mchId}&createTime_gte=${now + 600}`)).toEqual([]);
    });

    it('searches q across the searchable fields, literally', async () => {
      const word = unique('q');
      const { mchId, ids: [byTitle, byOut] } = await batch({ title: `T ${word}` }, { outTradeNo: `OUT-${word}` }, { describe: word });
      expect(await ids(`mchId=${mchId}&q=${word}`)).toEqual([byOut, byTitle]);
      expect(await ids(`mchId=${mchId}&q=${encodeURIComponent('%')}`)).toEqual([]);
      const { rows } = await page(`mchId=${mchId}&q=${word}`);
      const tradeNo = rows[0].tradeNo as string;
      expect(await ids(`q=${encodeURIComponent(tradeNo)}`)).toEqual([byOut]);
    });

    it('looks an identity up as it is stored: an account in any case, alone or in a list', async () => {
      const user = await createUser(api, { account: unique('Mixed') });
      const found = async (query: string) => (dataOf(await api.call('GET', `/api/users/rows?${query}`)).rows as Array<{ id: number }>).map((u) => u.id);
      expect(await found(`account=${user.account.toUpperCase()}`)).toEqual([user.id]);
      expect(await found(`account=${user.account.toUpperCase()},NOBODY1&order=id asc`)).toEqual([user.id]);
    });

    it('ignores empty filter boxes', async () => {
      const { mchId } = await batch({}, {});
      expect((await page(`mchId=${mchId}&title=&currency=`)).total).toBe(2);
    });

    it('filters the trash the same way', async () => {
      const { mchId, ids: [a, b] } = await batch({ currency: 'USD' }, { currency: 'EUR' });
      dataOf(await api.call('DELETE', '/api/receive-money/remove', { ids: `${a},${b}` }));
      expect(await ids(`mchId=${mchId}&onlyTrashed=1&currency=EUR`)).toEqual([b]);
      expect((await page(`mchId=${mchId}`)).total).toBe(0);
    });
  });

  describe('order', () => {
    it('orders by several columns, each with its direction', async () => {
      const { mchId, ids: [a, b, c, d] } = await batch({ amount: 5 }, { amount: 7 }, { amount: 5 }, { amount: 7 });
      expect(await ids(`mchId=${mchId}&order=amount desc,id asc`)).toEqual([b, d, a, c]);
      expect(await ids(`mchId=${mchId}&order=amount asc, id desc`)).toEqual([c, a, d, b]);
      expect(await ids(`mchId=${mchId}&order=${encodeURIComponent('amount ASC')}`)).toEqual([a, c, b, d]);
      // Ties follow the first column's direction.
      expect(await ids(`mchId=${mchId}&order=amount desc`)).toEqual([d, b, c, a]);
      expect(await ids(`mchId=${mchId}`)).toEqual([d, c, b, a]);
    });

    it('uses the schema default order when none is given', async () => {
      const rows = dataOf(await api.call('GET', '/api/auth-group/rows')).rows as Array<{ serial: number }>;
      expect(rows.map((r) => r.serial)).toEqual([...rows.map((r) => r.serial)].sort((x, y) => x - y));
    });
  });
});
