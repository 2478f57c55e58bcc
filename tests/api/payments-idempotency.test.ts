/**
 * Idempotent creation (issue 19 item 5), as a merchant's server that retries
 * would see it: the same Idempotency-Key with the same body answers the first
 * answer again (status, body, no second order), another body is a 409 that
 * says so, ten at once make one order, a key lives 24 hours by the app's clock
 * and belongs to its caller. A merchant's own reference (outTradeNo) is
 * unique among his orders, even when two creates race; blank never is. A
 * refund retried with its key refunds once, even ten at once.
 */
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DIALECTS } from '../support/app';
import { dataOf, label, unique, type Reply } from '../support/fixtures';
import { payApi, userWith, type PayApi } from './payments-support';

// Each suite builds an app; on MariaDB its migrations can outlast the default hook time on a busy machine.
vi.setConfig({ hookTimeout: 120_000 });

const CREATE = '/api/receive-money/create';
const DAY = 24 * 3600;

/** A 409 whose message names `field` (by its English label) and whose `data.errors` lists it. */
function expectConflict(res: Reply, field: string) {
  expect(res.status, res.text).toBe(409);
  expect(res.body.code).toBe(409);
  expect(res.body.msg).toContain(label('receive-money', field));
  expect(res.body.data?.errors?.map((e: { field: string }) => e.field), res.text).toEqual([field]);
}

/** The 409 for a key already used with another body, saying so. */
function expectMismatch(res: Reply) {
  expect(res.status, res.text).toBe(409);
  expect(res.body.code).toBe(409);
  expect(res.body.msg).toMatch(/Idempotency-Key/);
  expect(res.body.msg).toMatch(/different request/);
  expect(res.headers['idempotent-replayed']).toBeUndefined();
}

describe.each(DIALECTS)('idempotent order creation on %s', (dialect) => {
  let api: PayApi;
  let clerk: { id: number; token: string };
  beforeAll(async () => {
    api = await payApi(dialect);
    // An operator who may create orders and nothing else: a second caller with keys of his own.
    clerk = await userWith(api, ['POST api/receive-money/create']);
  });
  afterAll(() => api?.close());

  const body = (extra: Record<string, unknown> = {}) => ({ title: unique('Tea'), amount: 12.5, currency: 'USD', payUrl: 'https://pay.example.com/x', ...extra });
  const create = (b: unknown, key?: string, url = CREATE) => api.call('POST', url, b, key ? { 'idempotency-key': key } : {});
  const asClerk = (b: unknown, key: string) => api.t.call('POST', CREATE, b, clerk.token, { cookie: 'lang=en-us', 'idempotency-key': key });
  const db = () => api.t.app.paydesk.db.any;
  /** The stored orders with this title (titles are unique per test), oldest first. */
  const ordersTitled = (title: string) => db().selectFrom('receive_money').select(['id', 'uid', 'outTradeNo']).where('title', '=', title).orderBy('id').execute();

  it('answers a retry with the first answer, byte for byte, and makes no second order', async () => {
    const key = unique('key-');
    const b = body();
    const first = await create(b, key);
    expect(first.status, first.text).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const retry = await create(b, key);
    expect(retry.status).toBe(201);
    expect(retry.text).toBe(first.text);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body.data.tradeNo).toBe(first.body.data.tradeNo);
    expect(await ordersTitled(b.title)).toHaveLength(1);
    // Without a key, the same body is a new order: the key, not the body, says "the same request".
    expect((await create(b)).status).toBe(201);
    expect(await ordersTitled(b.title)).toHaveLength(2);
  });

  it('replays a long answer whole, as any generic create does (an article of 70,000 characters)', async () => {
    const key = unique('key-');
    const b = { title: unique('Long read'), content: '长'.repeat(70_000) };
    // The first caller takes gzip (the answer is compressed on the wire); what is kept is the answer itself.
    const gzipped = await api.t.app.inject({
      method: 'POST', url: '/api/article/create', payload: b,
      headers: { authorization: `Bearer ${await api.t.signIn()}`, cookie: 'lang=en-us', 'idempotency-key': key, 'accept-encoding': 'gzip' },
    });
    expect(gzipped.statusCode).toBe(201);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    const first = JSON.parse(gunzipSync(gzipped.rawPayload).toString('utf8'));
    const retry = await create(b, key, '/api/article/create');
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toEqual(first);
    expect(retry.body.data.content).toBe(b.content);
    const made = await db().selectFrom('article').select('id').where('title', '=', b.title).execute();
    expect(made).toHaveLength(1);
  });

  it('replays through save (a create without an id) as well', async () => {
    const key = unique('key-');
    const b = body();
    const first = await create(b, key, '/api/receive-money/save');
    expect(first.status, first.text).toBe(200);
    const retry = await create(b, key, '/api/receive-money/save');
    expect([retry.status, retry.text, retry.headers['idempotent-replayed']]).toEqual([200, first.text, 'true']);
    expect(await ordersTitled(b.title)).toHaveLength(1);
  });

  it('refuses the same key with another body with a 409 that says so, and makes nothing', async () => {
    const key = unique('key-');
    const b = body();
    dataOf(await create(b, key), 201);
    expectMismatch(await create({ ...b, amount: 13 }, key));
    expect(await ordersTitled(b.title)).toHaveLength(1);
    // The refusal did not replace the stored answer: the first body still replays.
    expect((await create(b, key)).headers['idempotent-replayed']).toBe('true');
  });

  it('makes one order of ten concurrent requests with one key, and gives all ten the same answer', async () => {
    const key = unique('key-');
    const b = body();
    const answers = await Promise.all(Array.from({ length: 10 }, () => create(b, key)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((a) => a.text)).size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(9);
    const orders = await ordersTitled(b.title);
    expect(orders).toHaveLength(1);
    expect(answers[0]!.body.data.id).toBe(orders[0]!.id);
  });

  it('replays a 400 as well, and the refused body makes no order', async () => {
    const key = unique('key-');
    const bad = body({ amount: 0 });
    const first = await create(bad, key);
    expect(first.status, first.text).toBe(400);
    expect(first.body.data.errors.map((e: { field: string }) => e.field)).toContain('amount');
    const retry = await create(bad, key);
    expect([retry.status, retry.text, retry.headers['idempotent-replayed']]).toEqual([400, first.text, 'true']);
    expect(await ordersTitled(bad.title)).toHaveLength(0);
  });

  it('keeps a key per caller: another user\'s same key is his own', async () => {
    const key = unique('key-');
    const b = body();
    const mine = dataOf(await create(b, key), 201);
    const his = await asClerk(b, key);
    expect(his.status, his.text).toBe(201);
    expect(his.headers['idempotent-replayed']).toBeUndefined();
    expect(his.body.data.id).not.toBe(mine.id);
    // His retry replays his order, not mine; my retry still replays mine.
    const hisRetry = await asClerk(b, key);
    expect([hisRetry.headers['idempotent-replayed'], hisRetry.body.data.id]).toEqual(['true', his.body.data.id]);
    expect((await create(b, key)).body.data.id).toBe(mine.id);
    // A body of his own under my key is no mismatch for him.
    const hisOther = await asClerk({ ...b, title: unique('Tea') }, unique('key-'));
    expect(hisOther.status).toBe(201);
    const orders = await ordersTitled(b.title);
    expect(orders.map((o) => o.uid)).toEqual([mine.uid, clerk.id]);
    expect(mine.uid).not.toBe(clerk.id);
  });

  it('refuses a key longer than 200 characters and makes nothing', async () => {
    const b = body();
    const res = await create(b, 'k'.repeat(201));
    expect(res.status, res.text).toBe(400);
    expect(res.body.msg).toMatch(/Idempotency-Key/);
    expect(await ordersTitled(b.title)).toHaveLength(0);
  });

  // Last in the suite: it moves the app's clock a day on.
  it('forgets a key after 24 hours by the app\'s clock: the same key then makes a new order', async () => {
    const key = unique('key-');
    const b = body();
    const first = dataOf(await create(b, key), 201);
    api.clock.now += DAY - 60;
    const late = await create(b, key);
    expect([late.headers['idempotent-replayed'], late.body.data.id]).toEqual(['true', first.id]);
    api.clock.now += 60;
    const fresh = await create(b, key);
    expect(fresh.status, fresh.text).toBe(201);
    expect(fresh.headers['idempotent-replayed']).toBeUndefined();
    expect(fresh.body.data.id).not.toBe(first.id);
    expect(await ordersTitled(b.title)).toHaveLength(2);
    // The new answer is the one kept from now on.
    expect((await create(b, key)).body.data.id).toBe(fresh.body.data.id);
  });
});

describe.each(DIALECTS)('a merchant\'s own order reference on %s', (dialect) => {
  let api: PayApi;
  let clerk: { id: number; token: string };
  beforeAll(async () => {
    api = await payApi(dialect);
    clerk = await userWith(api, ['POST api/receive-money/create', 'PUT api/receive-money/update']);
  });
  afterAll(() => api?.close());

  const body = (extra: Record<string, unknown> = {}) => ({ title: unique('Tea'), amount: 12.5, currency: 'USD', payUrl: 'https://pay.example.com/x', ...extra });
  const create = (b: unknown) => api.call('POST', CREATE, b);
  const withReference = (outTradeNo: string) => api.t.app.paydesk.db.any.selectFrom('receive_money').select(['id', 'uid', 'title'])
    .where('outTradeNo', '=', outTradeNo).orderBy('id').execute();

  it('refuses a second order with the same outTradeNo with a 409 naming it', async () => {
    const ref = unique('M-');
    const first = dataOf(await create(body({ outTradeNo: ref })), 201);
    const twin = body({ outTradeNo: ref });
    expectConflict(await create(twin), 'outTradeNo');
    expect((await withReference(ref)).map((o) => o.id)).toEqual([first.id]);
    // Nor may another of his orders take it later.
    const other = dataOf(await create(body({ outTradeNo: unique('M-') })), 201);
    expectConflict(await api.call('PUT', '/api/receive-money/update', { id: other.id, outTradeNo: ref }), 'outTradeNo');
    expect((await withReference(ref)).map((o) => o.id)).toEqual([first.id]);
    // The order keeps its own reference when it is saved again.
    dataOf(await api.call('PUT', '/api/receive-money/update', { id: first.id, outTradeNo: ref, remark: 'checked' }));
  });

  it('makes one order of two concurrent creates with one outTradeNo; the other is a 409', async () => {
    for (let round = 0; round < 3; round++) {
      const ref = unique('M-');
      const answers = await Promise.all([create(body({ outTradeNo: ref })), create(body({ outTradeNo: ref }))]);
      expect(answers.map((a) => a.status).sort(), answers.map((a) => a.text).join('\n')).toEqual([201, 409]);
      expectConflict(answers.find((a) => a.status === 409)!, 'outTradeNo');
      const orders = await withReference(ref);
      expect(orders.map((o) => o.id)).toEqual([answers.find((a) => a.status === 201)!.body.data.id]);
    }
  });

  it('lets another owner use the same outTradeNo', async () => {
    const ref = unique('M-');
    dataOf(await create(body({ outTradeNo: ref })), 201);
    const his = await api.t.call('POST', CREATE, body({ outTradeNo: ref }), clerk.token, { cookie: 'lang=en-us' });
    expect(his.status, his.text).toBe(201);
    expect((await withReference(ref)).map((o) => o.uid)).toEqual([expect.any(Number), clerk.id]);
    // But not twice for himself.
    expectConflict(await api.t.call('POST', CREATE, body({ outTradeNo: ref }), clerk.token, { cookie: 'lang=en-us' }), 'outTradeNo');
    expect(await withReference(ref)).toHaveLength(2);
  });

  it('never counts a blank outTradeNo as a duplicate', async () => {
    const title = unique('Blank');
    for (const b of [body({ title, outTradeNo: '' }), body({ title, outTradeNo: '' }), body({ title }), body({ title })]) {
      const res = await create(b);
      expect(res.status, res.text).toBe(201);
    }
    const both = await Promise.all([create(body({ title, outTradeNo: '' })), create(body({ title, outTradeNo: '' }))]);
    expect(both.map((a) => a.status)).toEqual([201, 201]);
    const orders = await api.t.app.paydesk.db.any.selectFrom('receive_money').select('outTradeNo').where('title', '=', title).execute();
    expect(orders.map((o) => o.outTradeNo)).toEqual(Array(6).fill(''));
  });
});

describe.each(DIALECTS)('idempotent refunds on %s', (dialect) => {
  let api: PayApi;
  beforeAll(async () => {
    api = await payApi(dialect);
  });
  afterAll(() => api?.close());

  const refund = (b: unknown, key: string) => api.call('POST', '/api/receive-money/refund', b, { 'idempotency-key': key });
  const refundsOf = (orderId: number) => api.t.app.paydesk.db.any.selectFrom('refunds').select(['id', 'amount']).where('orderId', '=', orderId).execute();
  async function paid(amount = 100) {
    const o = dataOf(await api.call('POST', CREATE, { title: unique('Tea'), amount, currency: 'USD', payUrl: 'https://pay.example.com/x' }), 201);
    dataOf(await api.call('POST', '/api/receive-money/mark-paid', { id: o.id, reason: 'seen at the bank' }));
    return o;
  }

  it('answers a retried refund with the first answer and refunds once', async () => {
    const o = await paid();
    const key = unique('rf-');
    const b = { id: o.id, amount: 30, reason: 'one returned' };
    const first = await refund(b, key);
    expect(first.status, first.text).toBe(201);
    const retry = await refund(b, key);
    expect([retry.status, retry.text, retry.headers['idempotent-replayed']]).toEqual([201, first.text, 'true']);
    expect(await refundsOf(o.id)).toHaveLength(1);
    expectMismatch(await refund({ ...b, amount: 31 }, key));
    const row = await api.t.app.paydesk.db.any.selectFrom('receive_money').select('refundedAmount').where('id', '=', o.id).executeTakeFirstOrThrow();
    expect(Number(row.refundedAmount)).toBe(30);
  });

  it('refunds once for ten concurrent requests with one key, and answers each of them the refund', async () => {
    const o = await paid();
    const key = unique('rf-');
    const b = { id: o.id, amount: 10, reason: 'double click' };
    const answers = await Promise.all(Array.from({ length: 10 }, () => refund(b, key)));
    expect(answers.map((a) => a.status), answers.map((a) => a.text).join('\n')).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((a) => a.body.data.refund.id)).size).toBe(1);
    expect(await refundsOf(o.id)).toHaveLength(1);
    const row = await api.t.app.paydesk.db.any.selectFrom('receive_money').select('refundedAmount').where('id', '=', o.id).executeTakeFirstOrThrow();
    expect(Number(row.refundedAmount)).toBe(10);
  });

  it('refunds the whole order once for ten concurrent full refunds with one key: none is told the amount is over', async () => {
    const o = await paid();
    const key = unique('rf-');
    const answers = await Promise.all(Array.from({ length: 10 }, () => refund({ id: o.id, reason: 'whole order returned' }, key)));
    expect(answers.map((a) => a.status), answers.map((a) => a.text).join('\n')).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((a) => a.body.data.refund.id)).size).toBe(1);
    expect((await refundsOf(o.id)).map((r) => Number(r.amount))).toEqual([100]);
    const row = await api.t.app.paydesk.db.any.selectFrom('receive_money').select(['refundedAmount', 'status']).where('id', '=', o.id).executeTakeFirstOrThrow();
    expect([Number(row.refundedAmount), row.status]).toEqual([100, 'refunded']);
  });
});
