/**
 * Merchant callbacks (issue 13 item 4) against a real local receiver that
 * verifies them with `standardwebhooks`: delivered signed, retried after a
 * 500, a 429 or no answer with growing waits, stopped by a 410, given up on a
 * 400 or after the last try, resent on the operator's word, and sent once
 * when two instances share the outbox. Time is the test's clock.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Response, fetch } from 'undici';
import { BACKOFF_SECONDS, MAX_TRIES, Outbox } from '../../server/payments/outbox';
import { DIALECTS, makeApp, type TestApp } from '../support/app';
import { dataOf } from '../support/fixtures';
import { startMerchant, type Merchant } from '../fakes/merchant';
import { order, payApi, stored, userWith, type PayApi } from './payments-support';

// Each suite builds an app; on MariaDB its migrations can outlast the default hook time on a busy machine.
vi.setConfig({ hookTimeout: 120_000 });

describe.each(DIALECTS)('merchant callbacks on %s', (dialect) => {
  let api: PayApi;
  let merchant: Merchant;
  beforeAll(async () => {
    // The merchant listens on this machine: a deployment that says its merchants may be on a private address.
    api = await payApi(dialect, { payments: { callbacksToPrivate: true } });
    merchant = await startMerchant(() => api.t.app.paydesk.settings.get('pay').callback.secret);
  });
  afterAll(async () => {
    await merchant?.close();
    await api?.close();
  });
  beforeEach(() => {
    merchant.received.length = 0;
  });

  const deliver = () => api.t.app.paydesk.payments.outbox.deliverDue();
  async function paidOrder() {
    const o = await order(api, { notifyUrl: merchant.url });
    dataOf(await api.call('POST', '/api/receive-money/mark-paid', { id: o.id, reason: 'seen at the bank' }));
    return o;
  }

  it('sends a signed callback the merchant can verify, once', async () => {
    const o = await paidOrder();
    expect(await deliver()).toBe(1);
    expect(merchant.received).toHaveLength(1);
    expect(merchant.received[0]).toMatchObject({ valid: true, body: { type: 'order.completed', data: { tradeNo: o.tradeNo, status: 'completed', amount: 12.5 } } });
    expect(merchant.received[0]!.headers).toMatchObject({ 'content-type': 'application/json', 'user-agent': 'Paydesk-Webhooks/1' });
    const [callback] = (await stored(api, o.id)).callbacks;
    expect(callback).toMatchObject({ state: 'delivered', tries: 1, lastCode: 200, deliveredTime: api.clock.now });
    expect(JSON.parse(callback!.attempts)[0]).toMatchObject({ code: 200 });
    expect(await deliver()).toBe(0);
    expect(merchant.received).toHaveLength(1);
  });

  it('sends to other merchants while one leaves its callback unanswered', async () => {
    // A merchant that takes the request in and answers only when the test lets it: until then, its callback hangs.
    let release = () => {};
    const answered = new Promise<void>((resolve) => (release = resolve));
    const hanging = createServer((request, response) => {
      request.resume();
      void answered.then(() => response.end('{}'));
    });
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    try {
      const slow = await order(api, { notifyUrl: `http://127.0.0.1:${(hanging.address() as AddressInfo).port}/hook` });
      dataOf(await api.call('POST', '/api/receive-money/mark-paid', { id: slow.id, reason: 'seen at the bank' }));
      const o = await paidOrder();
      const delivering = deliver();
      // The hanging merchant never answers until released: only a sender that does not wait for it gets here.
      await expect.poll(() => merchant.received.length, { timeout: 10_000 }).toBe(1);
      expect(merchant.received[0]!.body.data.tradeNo).toBe(o.tradeNo);
      release();
      expect(await delivering).toBe(2);
      expect((await stored(api, slow.id)).callbacks[0]).toMatchObject({ state: 'delivered', tries: 1 });
    } finally {
      release();
      hanging.closeAllConnections();
      await new Promise((resolve) => hanging.close(resolve));
    }
  });

  it('retries after a 500 at the backoff time, with the same message id', async () => {
    const o = await paidOrder();
    merchant.answer(500);
    await deliver();
    let [callback] = (await stored(api, o.id)).callbacks;
    expect(callback).toMatchObject({ state: 'pending', tries: 1, lastCode: 500, nextTime: api.clock.now + BACKOFF_SECONDS[0], deliveredTime: 0 });
    api.clock.now += BACKOFF_SECONDS[0] - 1;
    expect(await deliver()).toBe(0);
    api.clock.now += 1;
    expect(await deliver()).toBe(1);
    [callback] = (await stored(api, o.id)).callbacks;
    expect(callback).toMatchObject({ state: 'delivered', tries: 2, lastCode: 200 });
    expect(merchant.received.map((r) => [r.answered, r.valid])).toEqual([[500, true], [200, true]]);
    expect(merchant.received[0]!.id).toBe(merchant.received[1]!.id);
  });

  it('stops after a 410 and after another 4xx, but retries a 429', async () => {
    const gone = await paidOrder();
    merchant.answer(410);
    await deliver();
    const refused = await paidOrder();
    merchant.answer(400);
    await deliver();
    // A 3xx is no delivery: callbacks follow no redirect.
    const moved = await paidOrder();
    merchant.answer(300);
    await deliver();
    const busy = await paidOrder();
    merchant.answer(429);
    await deliver();
    api.clock.now += 3 * 86400;
    await deliver();
    expect((await stored(api, gone.id)).callbacks[0]).toMatchObject({ state: 'gone', tries: 1, lastCode: 410 });
    expect((await stored(api, refused.id)).callbacks[0]).toMatchObject({ state: 'failed', tries: 1, lastCode: 400 });
    expect((await stored(api, moved.id)).callbacks[0]).toMatchObject({ state: 'failed', tries: 1, lastCode: 300 });
    expect((await stored(api, busy.id)).callbacks[0]).toMatchObject({ state: 'delivered', tries: 2 });
    expect(merchant.received.map((r) => r.answered)).toEqual([410, 400, 300, 429, 200]);
  });

  it('keeps trying a merchant that does not answer for about a day, each wait one step longer, then gives up', async () => {
    const o = await order(api, { notifyUrl: 'http://127.0.0.1:9/nobody-listens' });
    dataOf(await api.call('POST', '/api/receive-money/mark-failed', { id: o.id, reason: 'declined' }));
    for (let i = 0; i < MAX_TRIES + 2; i++) {
      await deliver();
      const [pending] = (await stored(api, o.id)).callbacks;
      // To the second the row says it is due: a try made early would be refused by the claim.
      if (pending!.nextTime) api.clock.now = Number(pending!.nextTime);
    }
    const [callback] = (await stored(api, o.id)).callbacks;
    expect(callback).toMatchObject({ state: 'failed', tries: 10, lastCode: 0, nextTime: 0 });
    const attempts: Array<{ at: number; next?: number; error?: string }> = JSON.parse(callback!.attempts);
    expect(attempts).toHaveLength(10);
    expect(attempts[0]!.error).toBeTruthy();
    // The waits as the merchant sees them: 10 s, 30 s, 2 min, 10 min, 30 min, 1 h, 3 h, 6 h, 12 h; none after the last.
    expect(attempts.map((a) => (a.next ? a.next - a.at : null))).toEqual([10, 30, 120, 600, 1800, 3600, 3 * 3600, 6 * 3600, 12 * 3600, null]);
    expect(attempts.slice(1).map((a, i) => a.at - attempts[i]!.at)).toEqual([10, 30, 120, 600, 1800, 3600, 3 * 3600, 6 * 3600, 12 * 3600]);
    // About a day from the first try to the last.
    const spread = attempts.at(-1)!.at - attempts[0]!.at;
    expect(spread).toBeGreaterThan(20 * 3600);
    expect(spread).toBeLessThan(26 * 3600);
  });

  it('a callback answered at its tenth and last try is delivered, not given up', async () => {
    const o = await paidOrder();
    merchant.answer(...Array<number>(9).fill(500));
    for (let i = 0; i < 10; i++) {
      await deliver();
      const [row] = (await stored(api, o.id)).callbacks;
      if (row!.nextTime) api.clock.now = Number(row!.nextTime);
    }
    expect((await stored(api, o.id)).callbacks[0]).toMatchObject({ state: 'delivered', tries: 10, lastCode: 200 });
  });

  /** Another instance's outbox on the same database and clock, whose sends hang until `release(status)`. */
  function stalledInstance() {
    const waiting: Array<(status: number) => void> = [];
    let released: number | undefined;
    const outbox = new Outbox({
      db: api.t.app.paydesk.db.any,
      clock: () => api.clock.now,
      settings: () => api.t.app.paydesk.settings.get('pay').callback,
      fetch: async (url, init) => {
        const status = released ?? await new Promise<number>((resolve) => waiting.push(resolve));
        return status ? new Response('{}', { status }) : fetch(url, init);
      },
    });
    return {
      outbox,
      waiting: () => waiting.length,
      /** Lets every hung send, and every later one, finish: with `status`, as if that was the answer; with 0, sent for real. */
      release(status: number) {
        released = status;
        waiting.splice(0).forEach((resolve) => resolve(status));
      },
    };
  }

  it('sends once more, two minutes on, a callback whose sender died after claiming it, and ignores that sender\'s late word', async () => {
    const o = await paidOrder();
    const dead = stalledInstance();
    const dying = dead.outbox.deliverDue();
    await expect.poll(dead.waiting).toBe(1);
    // Its lease holds for two minutes: nobody else sends the row meanwhile.
    api.clock.now += 119;
    expect(await deliver()).toBe(0);
    api.clock.now += 1;
    expect(await deliver()).toBe(1);
    expect(merchant.received.map((r) => [r.answered, r.valid])).toEqual([[200, true]]);
    // The dead sender's answer arrives after all (a 500): the row stays as the live sender left it.
    dead.release(500);
    await dying;
    expect((await stored(api, o.id)).callbacks[0]).toMatchObject({ state: 'delivered', tries: 1, lastCode: 200, leaseOwner: '' });
    api.clock.now += 3600;
    expect(await deliver()).toBe(0);
    expect(merchant.received).toHaveLength(1);
  });

  /** An outbox on the same database, except that its writes fail with `error`. */
  function failingWrites(error: Error) {
    const failing = new Proxy(api.t.app.paydesk.db.any, {
      get(target, key) {
        if (key === 'updateTable') return () => { throw error; };
        const value = Reflect.get(target, key, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    return new Outbox({ db: failing, clock: () => api.clock.now, settings: () => api.t.app.paydesk.settings.get('pay').callback, fetch });
  }

  it('a database failure while claiming is reported, not taken for another instance holding the row; a deadlock is', async () => {
    const o = await paidOrder();
    await expect(failingWrites(new Error('disk full')).deliverDue()).rejects.toThrow('disk full');
    // MariaDB's answer when two instances claim at once: the row is left to the other, or to the next look.
    const deadlock = Object.assign(new Error('Deadlock found when trying to get lock'), { errno: 1213, code: 'ER_LOCK_DEADLOCK' });
    expect(await failingWrites(deadlock).deliverDue()).toBe(0);
    expect(merchant.received).toHaveLength(0);
    expect(await deliver()).toBe(1);
    expect((await stored(api, o.id)).callbacks[0]).toMatchObject({ state: 'delivered', tries: 1 });
  });

  it('does not send again, or early, a callback another instance sent while this one was busy', async () => {
    // Ten callbacks due: the busy instance claims eight (all it sends at once) and keeps two for later.
    const orders = [];
    for (let i = 0; i < 10; i++) orders.push(await paidOrder());
    const busy = stalledInstance();
    const busySending = busy.outbox.deliverDue();
    await expect.poll(busy.waiting).toBe(8);
    // Meanwhile this instance finds those two free and sends them: one is taken, one answered with a 500.
    merchant.answer(500);
    expect(await deliver()).toBe(2);
    busy.release(0);
    expect(await busySending).toBe(8);
    // Neither was sent again by the busy instance: the taken one is done, the other waits its 10 seconds.
    expect(merchant.received).toHaveLength(10);
    const rows = await Promise.all(orders.map(async (o) => (await stored(api, o.id)).callbacks[0]!));
    const waiting = rows.filter((row) => row.state === 'pending');
    expect(waiting).toHaveLength(1);
    expect(waiting[0]).toMatchObject({ tries: 1, lastCode: 500, nextTime: api.clock.now + 10 });
    expect(rows.filter((row) => row.state === 'delivered' && row.tries === 1)).toHaveLength(9);
    api.clock.now += 10;
    expect(await deliver()).toBe(1);
    expect(new Set(merchant.received.map((r) => r.id)).size).toBe(10);
  });

  it('resends on the word of an operator who holds the rule', async () => {
    const o = await paidOrder();
    await deliver();
    const [callback] = (await stored(api, o.id)).callbacks;
    const clerk = await userWith(api, ['POST api/receive-money/create'], 1);
    expect((await api.t.call('POST', '/api/callbacks/resend', { id: callback!.id }, clerk.token)).status).toBe(403);
    dataOf(await api.call('POST', '/api/callbacks/resend', { id: callback!.id }));
    expect((await stored(api, o.id)).callbacks[0]).toMatchObject({ state: 'pending', tries: 0 });
    await deliver();
    expect(merchant.received.map((r) => r.id)).toEqual([callback!.messageId, callback!.messageId]);
    expect((await api.call('POST', '/api/callbacks/resend', { id: 999999 })).status).toBe(404);
  });
});

describe.each(DIALECTS)('two instances sharing the outbox on %s', (dialect) => {
  let a: TestApp;
  let b: TestApp;
  let merchant: Merchant;
  beforeAll(async () => {
    const payments = { callbacksToPrivate: true };
    a = await makeApp({ dialect, payments, ...(dialect === 'sqlite' && { databaseUrl: `sqlite:${process.env.TMPDIR ?? '/tmp'}/paydesk-outbox-${Date.now()}.db` }) });
    b = await makeApp({ databaseUrl: a.databaseUrl, configDir: a.configDir, payments });
    merchant = await startMerchant(() => a.app.paydesk.settings.get('pay').callback.secret);
  });
  afterAll(async () => {
    await merchant?.close();
    await b?.app.close();
    await a?.close();
  });

  it('deliver each callback exactly once', async () => {
    const token = await a.signIn();
    for (let i = 0; i < 30; i++) {
      const o = await a.call('POST', '/api/receive-money/create', { title: `Order ${i}`, amount: 5, currency: 'USD', notifyUrl: merchant.url }, token);
      expect((await a.call('POST', '/api/receive-money/mark-paid', { id: o.body.data.id, reason: 'batch' }, token)).status).toBe(200);
    }
    for (let round = 0; round < 5; round++) {
      await Promise.all([a.app.paydesk.payments.outbox.deliverDue(5), b.app.paydesk.payments.outbox.deliverDue(5), a.app.paydesk.payments.outbox.deliverDue(5), b.app.paydesk.payments.outbox.deliverDue(5)]);
    }
    await Promise.all([a.app.paydesk.payments.outbox.deliverDue(100), b.app.paydesk.payments.outbox.deliverDue(100)]);
    const ids = merchant.received.map((r) => r.id);
    expect(ids).toHaveLength(30);
    expect(new Set(ids).size).toBe(30);
    expect(merchant.received.every((r) => r.valid)).toBe(true);
  });
});

describe.each(DIALECTS)('callback destinations on %s, as installed', (dialect) => {
  let api: PayApi;
  let merchant: Merchant;
  beforeAll(async () => {
    api = await payApi(dialect);
    merchant = await startMerchant(() => api.t.app.paydesk.settings.get('pay').callback.secret);
  });
  afterAll(async () => {
    await merchant?.close();
    await api?.close();
  });

  // An account that may create orders must not make the server call its own network: the database, Redis, a cloud's metadata service.
  it('refuses loopback, private and link-local destinations, by name or by number, at the first try', async () => {
    const port = new URL(merchant.url).port;
    const urls = [merchant.url, `http://localhost:${port}/hook`, `http://[::1]:${port}/hook`, `http://[::ffff:127.0.0.1]:${port}/hook`, 'http://169.254.169.254/latest/meta-data/', 'http://10.0.0.7/hook'];
    const ids: number[] = [];
    for (const notifyUrl of urls) {
      const o = await order(api, { notifyUrl });
      dataOf(await api.call('POST', '/api/receive-money/mark-paid', { id: o.id, reason: 'seen at the bank' }));
      ids.push(o.id);
    }
    await api.t.app.paydesk.payments.outbox.deliverDue(50);
    expect(merchant.received).toHaveLength(0);
    for (const [i, id] of ids.entries()) {
      const [callback] = (await stored(api, id)).callbacks;
      expect(callback, urls[i]).toMatchObject({ state: 'failed', tries: 1, lastCode: 0 });
      expect(JSON.parse(callback!.attempts)[0], urls[i]).toMatchObject({ refused: true, error: expect.stringMatching(/not a public address/) });
    }
  });
});
