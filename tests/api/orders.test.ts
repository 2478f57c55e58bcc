/** Orders: the payment method must be a channel of the order's currency, the amount fit its minor unit. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, makeApp, type TestApp } from '../support/app';

describe.each(DIALECTS)('order payment channels on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await makeApp({ dialect });
    admin = await t.signIn();
  });
  afterAll(() => t?.close());

  it('takes a channel of the currency, or none', async () => {
    const hkd = await t.call('POST', '/api/receive-money/create', { title: 'Tea', amount: 88, currency: 'HKD', payType: 'wechat' }, admin);
    expect(hkd.status).toBe(201);
    expect(hkd.body.data).toMatchObject({ payType: 'wechat', status: 'pending' });
    expect((await t.call('POST', '/api/receive-money/create', { title: 'Book', amount: 12, currency: 'USD' }, admin)).status).toBe(201);
  });

  it('refuses a channel of another currency, also when the currency changes later', async () => {
    const usd = await t.call('POST', '/api/receive-money/create', { title: 'Book', amount: 12, currency: 'USD', payType: 'alipay' }, admin);
    expect(usd.status).toBe(400);
    expect(usd.body.data.errors[0].field).toBe('payType');
    const order = (await t.call('POST', '/api/receive-money/create', { title: 'Tea', amount: 30, currency: 'HKD', payType: 'alipay' }, admin)).body.data;
    const moved = await t.call('PUT', '/api/receive-money/update', { id: order.id, currency: 'EUR' }, admin);
    expect(moved.status).toBe(400);
    expect((await t.call('GET', `/api/receive-money/take?id=${order.id}`, undefined, admin)).body.data.currency).toBe('HKD');
    expect((await t.call('PUT', '/api/receive-money/update', { id: order.id, currency: 'EUR', payType: '' }, admin)).status).toBe(200);
  });

  it('refuses an amount finer than the currency\'s minor unit: no decimals in JPY or KRW', async () => {
    const jpy = await t.call('POST', '/api/receive-money/create', { title: 'Ramen', amount: 1234.5, currency: 'JPY' }, admin, { cookie: 'lang=en-us' });
    expect(jpy.status).toBe(400);
    expect(jpy.body.data.errors[0]).toMatchObject({ field: 'amount', message: 'validation.currency_decimals' });
    expect(jpy.body.msg).toContain('JPY amounts take at most 0 decimal places');
    expect((await t.call('POST', '/api/receive-money/create', { title: 'Ramen', amount: 1234, currency: 'JPY' }, admin)).status).toBe(201);
    expect((await t.call('POST', '/api/receive-money/create', { title: 'Kimchi', amount: 15000.1, currency: 'KRW' }, admin)).status).toBe(400);
    expect((await t.call('POST', '/api/receive-money/create', { title: 'Tea', amount: 12.34, currency: 'USD' }, admin)).status).toBe(201);
    // Changing the currency of a yuan order with cents to yen is refused too.
    const cny = (await t.call('POST', '/api/receive-money/create', { title: 'Tea', amount: 9.9, currency: 'CNY' }, admin)).body.data;
    expect((await t.call('PUT', '/api/receive-money/update', { id: cny.id, currency: 'JPY' }, admin)).status).toBe(400);
  });
});
