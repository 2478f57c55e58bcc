/**
 * Inbound payment notifications (issue 13 item 3), signed the way the real
 * senders sign: Standard Webhooks with the `standardwebhooks` package, Stripe
 * with the `stripe` package's own test-header helper. Every refusal is checked
 * to have changed nothing: the order, its events, its callbacks, the record of
 * notifications.
 */
import { createHash } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DIALECTS } from '../support/app';
import { dataOf } from '../support/fixtures';
import { changeSafety } from '../multi/safety-config';
import { order, payApi, stored, type PayApi } from './payments-support';

// Each suite builds an app; on MariaDB its migrations can outlast the default hook time on a busy machine.
vi.setConfig({ hookTimeout: 120_000 });

const SECRET = 'whsec_' + Buffer.from('standard-secret-one-0123456789').toString('base64');
const ROTATED = 'whsec_' + Buffer.from('standard-secret-two-0123456789').toString('base64');
const OTHER = 'whsec_' + Buffer.from('somebody-else-entirely-0123456').toString('base64');
const STRIPE_SECRET = 'whsec_stripetestsecret0123456789';

let serial = 0;
const newId = () => `msg_${Date.now().toString(36)}_${serial++}`;

interface Sent { status: number; body: any; text: string }

describe.each(DIALECTS)('payment notifications on %s', (dialect) => {
  let api: PayApi;
  beforeAll(async () => {
    api = await payApi(dialect);
    const settings = api.t.app.paydesk.settings;
    await settings.update('pay', 'standard', { secrets: `${SECRET} ${ROTATED}` });
    await settings.update('pay', 'stripe', { secrets: STRIPE_SECRET });
  });
  afterAll(() => api?.close());

  async function post(channel: string, body: string | Buffer, headers: Record<string, string>): Promise<Sent> {
    const res = await api.t.app.inject({ method: 'POST', url: `/api/receive-money/notify/${channel}`, payload: body, headers: { 'content-type': 'application/json', cookie: 'lang=en-us', ...headers } });
    let parsed: any;
    try { parsed = res.json(); } catch { parsed = undefined; }
    return { status: res.statusCode, body: parsed, text: res.body };
  }

  function signed(payload: object | string, o: { id?: string; secret?: string; at?: Date } = {}) {
    const body = typeof payload === 'string' ? payload : JSON.stringify(payload);
    const id = o.id ?? newId();
    const at = o.at ?? new Date();
    const signature = new Webhook(o.secret ?? SECRET).sign(id, at, body);
    return { body, headers: { 'webhook-id': id, 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': signature } };
  }

  const paid = (o: Record<string, any>, extra: Record<string, unknown> = {}) =>
    ({ tradeNo: o.tradeNo, status: 'paid', amount: 12.5, currency: 'USD', channelTradeNo: 'gw-123', paidTime: 1_700_000_000, ...extra });

  async function everythingOf(id: number) {
    const k = api.t.app.paydesk.db.any;
    const notifications = await k.selectFrom('pay_notifications').selectAll().where('orderId', '=', id).orderBy('id').execute();
    return { ...(await stored(api, id)), notifications };
  }

  it('applies a verified payment: the order is paid, with its event, callback and record', async () => {
    const o = await order(api);
    const { body, headers } = signed(paid(o));
    const res = await post('standard', body, headers);
    expect(dataOf(res as never)).toMatchObject({ result: 'applied', id: headers['webhook-id'] });
    const { row, events, callbacks, notifications } = await everythingOf(o.id);
    expect(row).toMatchObject({ status: 'completed', channelTradeNo: 'gw-123', paidTime: 1_700_000_000 });
    expect(Number(row.paidAmount)).toBe(12.5);
    expect(events).toMatchObject([{ source: 'notify', actor: 'standard', reference: 'gw-123', toStatus: 'completed', digest: createHash('sha256').update(body).digest('hex') }]);
    expect(callbacks).toHaveLength(1);
    expect(notifications).toMatchObject([{ channel: 'standard', notificationId: headers['webhook-id'], outcome: 'applied', reason: '' }]);
    // The operation log keeps the size of the raw body, not its bytes.
    await api.t.app.paydesk.logs.flush();
    const logged = await api.t.app.paydesk.db.any.selectFrom('logs').select(['api', 'params']).where('api', '=', '/api/receive-money/notify/standard').execute();
    expect(logged.at(-1)).toEqual({ api: '/api/receive-money/notify/standard', params: JSON.stringify({ bytes: Buffer.byteLength(body) }) });
  });

  it('keeps a webhook id longer than its column to its first 200 characters, and still knows a retry of it', async () => {
    const o = await order(api);
    const id = `msg_${'x'.repeat(300)}`;
    const { body, headers } = signed(paid(o), { id });
    expect(dataOf(await post('standard', body, headers) as never).result).toBe('applied');
    expect(dataOf(await post('standard', body, headers) as never).result).toBe('duplicate');
    const [record] = (await everythingOf(o.id)).notifications;
    expect([record.notificationId, record.dedupeKey]).toEqual([id.slice(0, 200), `standard:${id}`.slice(0, 255)]);
  });

  it('accepts a notification signed with the second secret of the channel (rotation)', async () => {
    const o = await order(api);
    const { body, headers } = signed({ ...paid(o), status: 'failed' }, { secret: ROTATED });
    expect(dataOf(await post('standard', body, headers) as never).result).toBe('applied');
    expect((await stored(api, o.id)).row.status).toBe('failed');
  });

  const tampered: Array<[string, (o: Record<string, any>) => { body: string; headers: Record<string, string> }]> = [
    ['a wrong secret', (o) => signed(paid(o), { secret: OTHER })],
    ['a stale timestamp', (o) => signed(paid(o), { at: new Date(Date.now() - 6 * 60_000) })],
    ['a timestamp from the future', (o) => signed(paid(o), { at: new Date(Date.now() + 6 * 60_000) })],
    ['a modified body', (o) => {
      const s = signed(paid(o));
      return { ...s, body: s.body.replace('12.5', '1.25') };
    }],
    ['a body with one byte added', (o) => {
      const s = signed(paid(o));
      return { ...s, body: s.body + ' ' };
    }],
    ['a signature of another id', (o) => {
      const s = signed(paid(o));
      return { ...s, headers: { ...s.headers, 'webhook-id': newId() } };
    }],
    ...(['webhook-id', 'webhook-timestamp', 'webhook-signature'] as const).map((name): [string, (o: Record<string, any>) => { body: string; headers: Record<string, string> }] => [
      `a missing ${name} header`, (o) => {
        const s = signed(paid(o));
        const { [name]: _, ...rest } = s.headers;
        return { body: s.body, headers: rest };
      },
    ]),
  ];
  it.each(tampered)('refuses %s with 401 and changes nothing', async (_name, make) => {
    const o = await order(api);
    const before = await everythingOf(o.id);
    const { body, headers } = make(o);
    const res = await post('standard', body, headers);
    expect(res.status, res.text).toBe(401);
    expect(await everythingOf(o.id)).toEqual(before);
  });

  it('applies a notification id once: a replay, even freshly signed, changes nothing', async () => {
    const o = await order(api);
    const first = signed(paid(o));
    dataOf(await post('standard', first.body, first.headers) as never);
    const after = await everythingOf(o.id);
    const replay = await post('standard', first.body, first.headers);
    expect(dataOf(replay as never).result).toBe('duplicate');
    // The same id saying something else (failed) is still the same notification.
    const resigned = signed({ ...paid(o), status: 'failed' }, { id: first.headers['webhook-id'] });
    expect(dataOf(await post('standard', resigned.body, resigned.headers) as never).result).toBe('duplicate');
    expect(await everythingOf(o.id)).toEqual(after);
  });

  it('answers 200 for a payment of an order already paid, records it, and changes nothing else', async () => {
    const o = await order(api);
    const first = signed(paid(o));
    dataOf(await post('standard', first.body, first.headers) as never);
    const before = await stored(api, o.id);
    // The gateway's second notice of the same payment, under another id.
    const again = signed(paid(o));
    expect(dataOf(await post('standard', again.body, again.headers) as never).result).toBe('finished');
    expect(await stored(api, o.id)).toEqual(before);
    expect((await everythingOf(o.id)).notifications.map((n) => n.outcome)).toEqual(['applied', 'finished']);
  });

  it('answers 200 for a failure notice of a closed order, records it, and changes nothing else', async () => {
    const o = await order(api);
    dataOf(await api.call('POST', '/api/receive-money/close', { id: o.id, reason: 'customer left' }));
    const before = await stored(api, o.id);
    const { body, headers } = signed(paid(o, { status: 'failed' }));
    expect(dataOf(await post('standard', body, headers) as never).result).toBe('finished');
    expect(await stored(api, o.id)).toEqual(before);
    expect((await everythingOf(o.id)).notifications).toMatchObject([{ outcome: 'finished', reason: 'order is closed' }]);
  });

  it('answers a second failure notice of a failed order as finished, recording it, and moves nothing', async () => {
    const o = await order(api);
    const first = signed(paid(o, { status: 'failed' }));
    expect(dataOf(await post('standard', first.body, first.headers) as never).result).toBe('applied');
    const again = signed(paid(o, { status: 'failed' }));
    expect(dataOf(await post('standard', again.body, again.headers) as never).result).toBe('finished');
    const { events, notifications } = await everythingOf(o.id);
    expect(events).toHaveLength(1);
    expect(notifications.map((n) => [n.outcome, n.reason])).toEqual([['applied', ''], ['finished', 'already failed']]);
  });

  it('answers 404 for an unknown tradeNo, and 4xx, never 5xx, for bodies that make no sense', async () => {
    const unknown = signed(paid({ tradeNo: 'no-such-order' }));
    expect((await post('standard', unknown.body, unknown.headers)).body).toMatchObject({ code: 404, msg: 'No such order' });
    const o = await order(api);
    // A currency is at least three letters: 'US' is refused, not read as some currency of its own.
    const senseless = ['not json', '', '[]', '{"tradeNo":1}', JSON.stringify({ ...paid(o), status: 'maybe' }), JSON.stringify({ ...paid(o), amount: '12.5' }), JSON.stringify({ ...paid(o), currency: 'US' }),
      // More than a money column holds (DECIMAL(14, 2)): no payment of ours, and it could not be recorded.
      JSON.stringify({ ...paid(o), amount: 1e12 }), JSON.stringify({ ...paid(o), amount: 1e308 })];
    for (const body of senseless) {
      const s = signed(body);
      const res = await post('standard', s.body, s.headers);
      expect(res.status, `${body}: ${res.text}`).toBe(400);
      // The gateway's developer reads why: the body, not the signature or the server.
      expect(res.body.msg, body).toBe('The notification body is malformed');
    }
    const garbage = await api.t.app.inject({ method: 'POST', url: '/api/receive-money/notify/standard', payload: Buffer.from([0xff, 0xfe, 0x00]), headers: { 'content-type': 'application/octet-stream' } });
    expect(garbage.statusCode).toBe(401);
    expect((await post('bitcoin', '{}', {})).status).toBe(404);
    expect((await everythingOf(o.id)).notifications).toHaveLength(0);
  });

  it('records a blank provider reference for a notice that gives none', async () => {
    const o = await order(api);
    const { channelTradeNo: _, ...notice } = paid(o);
    const { body, headers } = signed(notice);
    expect(dataOf(await post('standard', body, headers) as never).result).toBe('applied');
    const { row, events } = await everythingOf(o.id);
    expect([row.channelTradeNo, events[0].reference]).toEqual(['', '']);
  });

  it('sends a payer to a manual order\'s own http(s) pay link only: any other link is a 409 that says so', async () => {
    for (const payUrl of ['javascript:alert(1)//https://pay.example.com/x', 'https://pay.example.com/x y', 'https://', 'httpss://pay.example.com/x']) {
      const o = await order(api);
      // Written past the API, which refuses such links itself: the checkout must not rely on that alone.
      await api.t.app.paydesk.db.any.updateTable('receive_money').set({ payUrl }).where('id', '=', o.id).execute();
      const res = await api.t.app.inject({ method: 'POST', url: '/api/receive-money/checkout', payload: { tradeNo: o.tradeNo }, headers: { cookie: 'lang=en-us' } });
      expect([res.statusCode, res.json().msg], payUrl).toEqual([409, 'This order has no valid payment link']);
    }
    // A plain http link is the merchant's choice (a gateway on his own network): it is followed.
    for (const payUrl of ['https://pay.example.com/x', 'http://pay.example.com/x', 'https://p']) {
      const fine = await order(api, { payUrl });
      const res = await api.t.app.inject({ method: 'POST', url: '/api/receive-money/checkout', payload: { tradeNo: fine.tradeNo } });
      expect([res.statusCode, res.json().data.payUrl]).toEqual([200, payUrl]);
    }
  });

  it('20 concurrent copies of one notification make one transition, one event, one callback', async () => {
    const o = await order(api);
    const { body, headers } = signed(paid(o));
    const answers = await Promise.all(Array.from({ length: 20 }, () => post('standard', body, headers)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(answers.filter((a) => a.body.data.result === 'applied')).toHaveLength(1);
    const { row, events, callbacks, notifications } = await everythingOf(o.id);
    expect(row.status).toBe('completed');
    expect([events.length, callbacks.length, notifications.length]).toEqual([1, 1, 1]);
  });

  describe('stripe', () => {
    function event(type: string, object: Record<string, unknown>) {
      return JSON.stringify({ id: `evt_${newId()}`, object: 'event', type, created: 1_700_000_100, data: { object } });
    }
    const stripeHeader = (payload: string, secret = STRIPE_SECRET) =>
      ({ 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }) });

    it('applies a checkout.session.completed found by client_reference_id, amount in cents', async () => {
      const o = await order(api, { amount: 12.5, currency: 'USD' });
      const payload = event('checkout.session.completed', { id: 'cs_1', object: 'checkout.session', client_reference_id: o.tradeNo, amount_total: 1250, currency: 'usd', payment_intent: 'pi_1', payment_status: 'paid' });
      expect(dataOf(await post('stripe', payload, stripeHeader(payload)) as never).result).toBe('applied');
      expect((await stored(api, o.id)).row).toMatchObject({ status: 'completed', channelTradeNo: 'pi_1' });
    });

    it('applies payment_intent.payment_failed found by metadata.tradeNo, and a zero-decimal currency as it is', async () => {
      const o = await order(api, { amount: 500, currency: 'JPY' });
      const payload = event('payment_intent.payment_failed', { id: 'pi_2', object: 'payment_intent', metadata: { tradeNo: o.tradeNo }, amount: 500, currency: 'jpy' });
      expect(dataOf(await post('stripe', payload, stripeHeader(payload)) as never).result).toBe('applied');
      expect((await stored(api, o.id)).row.status).toBe('failed');
    });

    it('leaves an order pending when one of its checkout sessions expires, and maps payment_intent.succeeded', async () => {
      // A session lasts at most a day; the order's own expireTime (here three days away) decides when it ends.
      const a = await order(api);
      const expired = event('checkout.session.expired', { id: 'cs_3', client_reference_id: a.tradeNo, amount_total: 1250, currency: 'usd' });
      expect(dataOf(await post('stripe', expired, stripeHeader(expired)) as never).result).toBe('ignored');
      expect((await stored(api, a.id)).row.status).toBe('pending');
      const b = await order(api);
      const succeeded = event('payment_intent.succeeded', { id: 'pi_4', metadata: { tradeNo: b.tradeNo }, amount: 1250, amount_received: 1250, currency: 'usd' });
      dataOf(await post('stripe', succeeded, stripeHeader(succeeded)) as never);
      expect((await stored(api, b.id)).row).toMatchObject({ status: 'completed', channelTradeNo: 'pi_4' });
    });

    it('refuses a tampered event or another secret with 401 and changes nothing', async () => {
      const o = await order(api);
      const payload = event('checkout.session.completed', { id: 'cs_5', client_reference_id: o.tradeNo, amount_total: 1250, currency: 'usd', payment_status: 'paid' });
      const before = await everythingOf(o.id);
      expect((await post('stripe', payload.replace('1250', '1'), stripeHeader(payload))).status).toBe(401);
      expect((await post('stripe', payload, stripeHeader(payload, 'whsec_notthesecret000000000000'))).status).toBe(401);
      expect((await post('stripe', payload, {})).status).toBe(401);
      expect(await everythingOf(o.id)).toEqual(before);
    });

    it('answers 200 to an event about no order, so Stripe stops sending it', async () => {
      const payload = event('customer.created', { id: 'cus_1' });
      expect(dataOf(await post('stripe', payload, stripeHeader(payload)) as never).result).toBe('ignored');
    });
  });
});

describe('notifications while API request signing is on', () => {
  it('are taken without our request signature: the gateway signs its own way', async () => {
    const api = await payApi('sqlite');
    try {
      await api.t.app.paydesk.settings.update('pay', 'standard', { secrets: SECRET });
      const o = await order(api);
      await changeSafety(async (method, url, body) => (await api.call(method, url, body)).body, (s) => { s.sign = true; });
      // An operator's unsigned call is refused now...
      expect((await api.call('GET', '/api/receive-money/rows')).body).toMatchObject({ code: 401 });
      // ...and the gateway's notice, signed only by the Standard Webhooks secret, is applied.
      const body = JSON.stringify({ tradeNo: o.tradeNo, status: 'paid', amount: 12.5, currency: 'USD', channelTradeNo: 'gw-signing-on' });
      const id = newId();
      const at = new Date();
      const res = await api.t.app.inject({
        method: 'POST', url: '/api/receive-money/notify/standard', payload: body,
        headers: { 'content-type': 'application/json', 'webhook-id': id, 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': new Webhook(SECRET).sign(id, at, body) },
      });
      expect(res.json()).toMatchObject({ code: 200, data: { result: 'applied' } });
    } finally {
      await api.close();
    }
  });
});
