/**
 * What was charged cannot be rewritten (issue 19 item 6), tried as an
 * operator with the update and delete rights would: once an order has left
 * `pending` or a provider holds a checkout for it, its amount, currency,
 * channel and payType are refused with a 409 naming the field through both
 * generic write paths (`update`, `save`), and nothing is written; payUrl stays
 * once it left pending; notifyUrl may still move; a pending manual order may
 * still be corrected. An order that received money goes to the recycle bin but
 * is never deleted for good, with its events, refunds and callbacks.
 */
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DIALECTS } from '../support/app';
import { dataOf, label, unique, type Reply } from '../support/fixtures';
import { order, payApi, stored, type PayApi } from './payments-support';
import { sessionOf, stripeApi, type StripeApi } from './payments-stripe-support';

// Each suite builds an app; on MariaDB its migrations can outlast the default hook time on a busy machine.
vi.setConfig({ hookTimeout: 120_000 });

const SECRET = 'whsec_' + Buffer.from('standard-secret-frozen-012345').toString('base64');

/** The change each guarded field is tried with: each valid on its own for an HKD order, so only the freeze refuses it. */
const CHANGES = { amount: 99, currency: 'USD', channel: 'stripe', payType: 'alipay', payUrl: 'https://pay.example.com/elsewhere' } as const;
type Guarded = keyof typeof CHANGES;
const PRICE: Guarded[] = ['amount', 'currency', 'channel', 'payType'];
/** Rounds of a write racing a payment: on MariaDB without the row lock, about one in five went wrong. */
const RACES = 30;

/**
 * A new order's expireTime must be in the future by the real time, while the
 * suite's clock started when its app was built: after a slow build (MariaDB
 * migrating beside other suites) the clock catches up before an order is made.
 */
function catchUp(api: PayApi) {
  api.clock.now = Math.max(api.clock.now, Math.floor(Date.now() / 1000));
}

/** A 409 whose message names `field` by its English label and whose `data.errors` lists it. */
function expectFrozen(res: Reply, field: string) {
  expect(res.status, res.text).toBe(409);
  expect(res.body.code).toBe(409);
  expect(res.body.msg).toContain(label('receive-money', field));
  expect(res.body.msg).toMatch(/can no longer change/);
  expect(res.body.data?.errors?.map((e: { field: string }) => e.field), res.text).toEqual([field]);
}

describe.each(DIALECTS)('a paid order\'s price and method on %s', (dialect) => {
  let api: PayApi;
  beforeAll(async () => {
    api = await payApi(dialect);
    await api.t.app.paydesk.settings.update('pay', 'standard', { secrets: SECRET });
  });
  afterAll(() => api?.close());

  const db = () => api.t.app.paydesk.db.any;
  const row = (id: number) => db().selectFrom('receive_money').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const hkd = (extra: Record<string, unknown> = {}) => order(api, { title: unique('Tea'), amount: 1288, currency: 'HKD', payType: 'wechat', ...extra });
  const update = (body: Record<string, unknown>) => api.call('PUT', '/api/receive-money/update', body);
  const save = (body: Record<string, unknown>) => api.call('POST', '/api/receive-money/save', body);

  async function completed() {
    const o = await hkd();
    dataOf(await api.call('POST', '/api/receive-money/mark-paid', { id: o.id, reason: 'seen at the bank' }));
    return o;
  }
  async function expired() {
    catchUp(api);
    const o = await hkd({ expireTime: api.clock.now + 60 });
    api.clock.now += 61;
    expect(await api.t.app.paydesk.payments.expireDue()).toBeGreaterThanOrEqual(1);
    return o;
  }
  async function withCheckout() {
    const o = await hkd();
    // A provider holds a checkout for it (the payer clicked pay): what the checkout route stores.
    await db().updateTable('receive_money').set({ checkoutId: `cs_test_${unique()}`, checkoutUrl: 'https://checkout.example.com/c/pay' }).where('id', '=', o.id).execute();
    return o;
  }

  /** Every guarded field, through update and through save, is a 409 naming it; the stored order and its story are as they were. */
  async function expectAllRefused(id: number, fields: Guarded[]) {
    const before = await row(id);
    const story = await stored(api, id);
    for (const field of fields) {
      expectFrozen(await update({ id, [field]: CHANGES[field] }), field);
      expectFrozen(await save({ id, [field]: CHANGES[field] }), field);
    }
    // A change to a field that may move does not carry a frozen one through: the whole write is refused.
    expectFrozen(await update({ id, notifyUrl: 'https://merchant.example.com/moved', amount: 1 }), 'amount');
    expect(await row(id)).toEqual(before);
    const after = await stored(api, id);
    expect([after.events.length, after.callbacks.length]).toEqual([story.events.length, story.callbacks.length]);
  }

  it('refuses a new price, currency, channel, method or pay link for a completed order', async () => {
    const o = await completed();
    expect((await row(o.id)).status).toBe('completed');
    await expectAllRefused(o.id, [...PRICE, 'payUrl']);
    // The order still reads what was paid.
    const shown = dataOf(await api.call('GET', `/api/receive-money/take?id=${o.id}`));
    expect(shown).toMatchObject({ status: 'completed', amount: 1288, currency: 'HKD', payType: 'wechat', payUrl: 'https://pay.example.com/x' });
    expect(Number(shown.paidAmount)).toBe(1288);
  });

  it('refuses them for an expired order', async () => {
    const o = await expired();
    expect((await row(o.id)).status).toBe('expired');
    await expectAllRefused(o.id, [...PRICE, 'payUrl']);
  });

  it('refuses the price and method of a pending order a provider holds a checkout for', async () => {
    const o = await withCheckout();
    await expectAllRefused(o.id, PRICE);
    expect((await row(o.id)).status).toBe('pending');
  });

  it('still moves the callback URL of a paid order, and takes the form sent back unchanged', async () => {
    const o = await completed();
    const moved = dataOf(await update({ id: o.id, notifyUrl: 'https://merchant.example.com/new-hook' }));
    expect(moved.notifyUrl).toBe('https://merchant.example.com/new-hook');
    // The console's form sends every field back: the frozen ones at their stored values are no change.
    const form = { id: o.id, title: o.title, amount: 1288, currency: 'HKD', channel: 'manual', payType: 'wechat', payUrl: 'https://pay.example.com/x', notifyUrl: 'https://merchant.example.com/newer' };
    dataOf(await save(form));
    expect(await row(o.id)).toMatchObject({ notifyUrl: 'https://merchant.example.com/newer', currency: 'HKD', payType: 'wechat', status: 'completed' });
    expect(Number((await row(o.id)).amount)).toBe(1288);
  });

  it('lets a pending manual order without a checkout be corrected', async () => {
    const o = await hkd();
    dataOf(await update({ id: o.id, amount: 1300 }));
    dataOf(await save({ id: o.id, payType: 'alipay', payUrl: 'https://pay.example.com/corrected' }));
    dataOf(await update({ id: o.id, currency: 'SGD', payType: 'paynow', amount: 42.5 }));
    expect(await row(o.id)).toMatchObject({ status: 'pending', currency: 'SGD', payType: 'paynow', payUrl: 'https://pay.example.com/corrected' });
    expect(Number((await row(o.id)).amount)).toBe(42.5);
    // Its pay link may change while it is pending, even once a checkout exists; not after.
    await db().updateTable('receive_money').set({ checkoutId: `cs_test_${unique()}` }).where('id', '=', o.id).execute();
    dataOf(await update({ id: o.id, payUrl: 'https://pay.example.com/again' }));
    dataOf(await api.call('POST', '/api/receive-money/mark-paid', { id: o.id, reason: 'seen at the bank' }));
    expectFrozen(await update({ id: o.id, payUrl: 'https://pay.example.com/after' }), 'payUrl');
    expect((await row(o.id)).payUrl).toBe('https://pay.example.com/again');
  });

  // A correction and a payment at the same moment: the order is either corrected then paid at the new price, or paid and the correction refused.
  it('never leaves a paid order with another price when a correction races the payment', async () => {
    // One pair at a time: the two requests meet in the database rather than queue for its connections.
    for (let i = 0; i < RACES; i++) {
      const o = await hkd();
      const [corrected, paid] = await Promise.all([
        update({ id: o.id, amount: 1 }),
        api.call('POST', '/api/receive-money/mark-paid', { id: o.id, reason: 'seen at the bank' }),
      ]);
      expect([200, 409], corrected.text).toContain(corrected.status);
      expect(paid.status, paid.text).toBe(200);
      const stored = await row(o.id);
      expect(stored.status).toBe('completed');
      expect([Number(stored.amount), Number(stored.paidAmount)], `round ${i}: the correction answered ${corrected.status}`)
        .toEqual(corrected.status === 200 ? [1, 1] : [1288, 1288]);
    }
  }, 120_000);
});

describe.each(DIALECTS)('an order that received money is never deleted for good on %s', (dialect) => {
  let api: PayApi;
  beforeAll(async () => {
    api = await payApi(dialect);
    await api.t.app.paydesk.settings.update('pay', 'standard', { secrets: SECRET });
  });
  afterAll(() => api?.close());

  const db = () => api.t.app.paydesk.db.any;
  const exists = async (id: number) => Boolean(await db().selectFrom('receive_money').select('id').where('id', '=', id).executeTakeFirst());
  const del = (ids: number[]) => api.call('DELETE', '/api/receive-money/delete', { ids: ids.join(',') });
  const bin = async () => (dataOf(await api.call('GET', '/api/receive-money/find?onlyTrashed=1&limit=1000')) as Array<{ id: number }>).map((o) => o.id).sort((a, b) => a - b);

  function expectPermanent(res: Reply) {
    expect(res.status, res.text).toBe(409);
    expect(res.body.code).toBe(409);
    expect(res.body.msg).toMatch(/never deleted/);
  }

  async function paid() {
    const o = await order(api, { title: unique('Paid') });
    dataOf(await api.call('POST', '/api/receive-money/mark-paid', { id: o.id, reason: 'seen at the bank' }));
    return o;
  }
  /** An order that expired unpaid, then was paid anyway: it is still `expired`, but money arrived (exception paid_late). */
  async function paidLate() {
    catchUp(api);
    const o = await order(api, { title: unique('Late'), expireTime: api.clock.now + 60 });
    api.clock.now += 61;
    await api.t.app.paydesk.payments.expireDue();
    const id = `msg_${unique()}`;
    const at = new Date(api.clock.now * 1000);
    const body = JSON.stringify({ tradeNo: o.tradeNo, status: 'paid', amount: 12.5, currency: 'USD', channelTradeNo: 'gw-late', paidTime: api.clock.now });
    const res = await api.t.app.inject({
      method: 'POST', url: '/api/receive-money/notify/standard', payload: body,
      headers: { 'content-type': 'application/json', 'webhook-id': id, 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': new Webhook(SECRET).sign(id, at, body) },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await stored(api, o.id)).row).toMatchObject({ status: 'expired', exception: 'paid_late' });
    return o;
  }

  it('refuses delete for a paid order, alone or in a batch with an unpaid one, and deletes nothing', async () => {
    const p = await paid();
    const late = await paidLate();
    const unpaid = await order(api, { title: unique('Unpaid') });
    for (const ids of [[p.id], [unpaid.id, p.id], [late.id], [unpaid.id, late.id]]) {
      expectPermanent(await del(ids));
      expect([await exists(p.id), await exists(late.id), await exists(unpaid.id)], String(ids)).toEqual([true, true, true]);
    }
    // An order that never received money, even one that ended, may be deleted.
    dataOf(await del([unpaid.id]));
    expect(await exists(unpaid.id)).toBe(false);
    const ended = await order(api, { title: unique('Ended') });
    dataOf(await api.call('POST', '/api/receive-money/close', { id: ended.id, reason: 'customer cancelled' }));
    dataOf(await del([ended.id]));
    expect(await exists(ended.id)).toBe(false);
  });

  // A delete and a payment at the same moment: either the order is gone before it was paid, or it is paid and kept.
  it('never deletes an order paid while the delete was on its way', async () => {
    for (let i = 0; i < RACES; i++) {
      const o = await order(api, { title: unique('Race') });
      const [deleted, paid] = await Promise.all([
        del([o.id]),
        api.call('POST', '/api/receive-money/mark-paid', { id: o.id, reason: 'seen at the bank' }),
      ]);
      expect([200, 409], deleted.text).toContain(deleted.status);
      // Paid first: the delete is refused and the order is there; deleted first: there was nothing to pay.
      expect([deleted.status, paid.status, await exists(o.id)], `round ${i}`).toEqual(deleted.status === 200 ? [200, 404, false] : [409, 200, true]);
    }
  }, 120_000);

  it('keeps a paid order in the recycle bin when the bin is cleared, with its story, and empties the rest', async () => {
    expect(await bin()).toEqual([]);
    const p = await paid();
    // Half of it sent back: the order now has a refund to keep as well.
    dataOf(await api.call('POST', '/api/receive-money/refund', { id: p.id, amount: 6, reason: 'one cup returned' }), 201);
    const late = await paidLate();
    const unpaid = await order(api, { title: unique('Unpaid') });
    const story = await stored(api, p.id);
    expect(story.events.length).toBeGreaterThanOrEqual(2);
    expect(story.callbacks.length).toBeGreaterThanOrEqual(2);
    const refunds = () => db().selectFrom('refunds').selectAll().where('orderId', '=', p.id).execute();
    expect(await refunds()).toHaveLength(1);
    const notifications = () => db().selectFrom('pay_notifications').selectAll().where('orderId', '=', late.id).execute();
    expect(await notifications()).toHaveLength(1);

    dataOf(await api.call('DELETE', '/api/receive-money/remove', { ids: [p.id, late.id, unpaid.id].join(',') }));
    expect(await bin()).toEqual([p.id, late.id, unpaid.id]);
    // In the bin it is still refused for good.
    expectPermanent(await del([p.id]));
    const cleared = dataOf(await api.call('DELETE', '/api/receive-money/clear'));
    expect(cleared).toEqual({ count: 1, kept: 2 });
    expect(await bin()).toEqual([p.id, late.id]);
    expect(await exists(unpaid.id)).toBe(false);
    // Its events, callbacks, refunds and notifications are all there.
    const after = await stored(api, p.id);
    expect(after.events).toEqual(story.events);
    expect(after.callbacks.map((c) => c.id)).toEqual(story.callbacks.map((c) => c.id));
    expect(await refunds()).toHaveLength(1);
    expect(await notifications()).toHaveLength(1);
    expect((await stored(api, late.id)).events.length).toBeGreaterThanOrEqual(2);
    // Clearing again keeps them again; restored, the paid order reads as it did.
    expect(dataOf(await api.call('DELETE', '/api/receive-money/clear'))).toEqual({ count: 0, kept: 2 });
    dataOf(await api.call('PUT', '/api/receive-money/restore', { ids: String(p.id) }));
    expect(dataOf(await api.call('GET', `/api/receive-money/take?id=${p.id}`))).toMatchObject({ status: 'partially_refunded', amount: 12.5 });
  });
});

describe.each(DIALECTS)('a price correction while the payer clicks pay on %s', (dialect) => {
  let api: StripeApi;
  beforeAll(async () => {
    api = await stripeApi(dialect);
  });
  afterAll(() => api?.close());

  // The click read the order and is waiting for Stripe's session when the operator corrects the price (allowed: no checkout yet).
  it('never leaves the order with a checkout for a price it no longer has', async () => {
    const o = await api.stripeOrder({ amount: 12.5, currency: 'USD' });
    const asked = () => api.fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions').length;
    const before = asked();
    api.fake.latencyMs = 400;
    let click: Reply;
    try {
      const clicking = api.click(o.tradeNo);
      await expect.poll(asked, { timeout: 10_000, interval: 5 }).toBe(before + 1);
      dataOf(await api.call('PUT', '/api/receive-money/update', { id: o.id, amount: 20 }));
      click = await clicking;
    } finally {
      api.fake.latencyMs = 0;
    }
    const row = await api.row(o.id);
    expect(Number(row.amount)).toBe(20);
    // The session made for 12.50 is not the order's checkout and cannot be paid; the payer is not sent to it.
    const stale = [...api.fake.sessions.values()].find((s) => s.client_reference_id === o.tradeNo && s.amount_total === 1250);
    expect(stale, 'a session was made at the old price').toBeDefined();
    expect(row.checkoutId).not.toBe(stale!.id);
    await expect.poll(() => api.fake.sessions.get(stale!.id)!.status).toBe('expired');
    if (click.status === 200) expect(dataOf(click).payUrl).not.toBe(stale!.url);
    else expect(click.status, click.text).toBe(409);
    // The next click gets a session at the corrected price.
    const session = sessionOf(api, await api.click(o.tradeNo));
    expect([session.amount_total, session.currency]).toEqual([2000, 'usd']);
    expect((await api.row(o.id)).checkoutId).toBe(session.id);
  });
});
