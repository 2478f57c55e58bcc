/**
 * A callback secret per merchant: each owner's callbacks are signed with his
 * own secret, so merchant A's secret does not verify merchant B's callbacks;
 * a rolled secret keeps signing beside the new one for 24 hours or until the
 * merchant ends the overlap; owners without one keep the site's secret.
 */
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DIALECTS } from '../support/app';
import { dataOf } from '../support/fixtures';
import { startMerchant, type Merchant, type Received } from '../fakes/merchant';
import { payApi, userWith, type PayApi } from './payments-support';

vi.setConfig({ hookTimeout: 120_000 });

describe.each(DIALECTS)('callback secrets per merchant on %s', (dialect) => {
  let api: PayApi;
  let merchant: Merchant;
  beforeAll(async () => {
    api = await payApi(dialect, { payments: { callbacksToPrivate: true } });
    merchant = await startMerchant(() => api.t.app.paydesk.settings.get('pay').callback.secret);
  });
  afterAll(async () => {
    await api?.close();
    await merchant?.close();
  });

  const verifies = (secret: string, r: Received) => {
    try {
      new Webhook(secret).verify(r.raw, r.headers);
      return true;
    } catch {
      return false;
    }
  };
  type Seller = { id: number; token: string };
  const seller = () => userWith(api, ['POST api/receive-money/create'], 0);
  const roll = (s: Seller) => api.t.call('POST', '/api/callbacks/secret', {}, s.token);
  /** A paid order of this seller, its callback delivered; answers what the merchant's endpoint received. */
  async function paidCallback(s: Seller): Promise<Received> {
    const created = await api.t.call('POST', '/api/receive-money/create', { title: 'Tea', amount: 3, currency: 'USD', payUrl: 'https://pay.example.com/t', notifyUrl: merchant.url }, s.token);
    const o = dataOf(created, 201);
    dataOf(await api.call('POST', '/api/receive-money/mark-paid', { id: o.id, reason: 'paid' }));
    await api.t.app.paydesk.payments.outbox.deliverDue();
    const got = merchant.received.filter((r) => JSON.parse(r.raw).data?.tradeNo === o.tradeNo);
    expect(got).toHaveLength(1);
    return got[0]!;
  }

  it("signs each merchant's callbacks with his own secret: A's does not verify B's", async () => {
    const [a, b] = [await seller(), await seller()];
    const secretA = dataOf(await roll(a), 201).secret as string;
    const secretB = dataOf(await roll(b), 201).secret as string;
    expect(secretA).toMatch(/^whsec_/);
    expect(secretA).not.toBe(secretB);
    const [fromA, fromB] = [await paidCallback(a), await paidCallback(b)];
    expect([verifies(secretA, fromA), verifies(secretB, fromA)]).toEqual([true, false]);
    expect([verifies(secretB, fromB), verifies(secretA, fromB)]).toEqual([true, false]);
    // Neither is signed with the site's secret any more.
    expect(verifies(api.t.app.paydesk.settings.get('pay').callback.secret, fromA)).toBe(false);
  });

  it('signs for a merchant without his own secret with the site secret, as before', async () => {
    const c = await seller();
    const got = await paidCallback(c);
    expect(verifies(api.t.app.paydesk.settings.get('pay').callback.secret, got)).toBe(true);
  });

  it('shows the secret once: lists hold its prefix only, and only the merchant sees his row', async () => {
    const a = await seller();
    const made = dataOf(await roll(a), 201);
    const rows = dataOf(await api.t.call('GET', '/api/callback-secrets/rows', undefined, a.token)).rows;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ merchant: a.id, prefix: made.secret.slice(0, 12) });
    expect(JSON.stringify(rows)).not.toContain(made.secret);
    const other = await seller();
    expect(dataOf(await api.t.call('GET', '/api/callback-secrets/rows', undefined, other.token)).rows).toHaveLength(0);
  });

  it('a roll overlaps: old and new both sign for 24 hours, or until the merchant ends the overlap', async () => {
    const a = await seller();
    const first = dataOf(await roll(a), 201).secret as string;
    const rolled = dataOf(await roll(a), 201);
    expect(rolled.previousUntil).toBe(api.clock.now + 24 * 3600);
    const during = await paidCallback(a);
    expect([verifies(first, during), verifies(rolled.secret, during)]).toEqual([true, true]);
    api.clock.now += 24 * 3600 + 1;
    const after = await paidCallback(a);
    expect([verifies(first, after), verifies(rolled.secret, after)]).toEqual([false, true]);

    const third = dataOf(await roll(a), 201).secret as string;
    dataOf(await api.t.call('POST', '/api/callbacks/secret/end-overlap', {}, a.token));
    const ended = await paidCallback(a);
    expect([verifies(rolled.secret, ended), verifies(third, ended)]).toEqual([false, true]);
  });

  it('an API key cannot make or roll the secret, nor end the overlap: that needs a real sign-in', async () => {
    const a = await seller();
    const key = dataOf(await api.t.call('POST', '/api/api-keys/create', { name: 'shop' }, a.token), 201).key as string;
    expect((await api.t.call('POST', '/api/callbacks/secret', {}, key)).status).toBe(403);
    const first = dataOf(await roll(a), 201).secret as string;
    const rolled = dataOf(await roll(a), 201).secret as string;
    const end = await api.t.call('POST', '/api/callbacks/secret/end-overlap', {}, key, { cookie: 'lang=en-us' });
    expect(end.status).toBe(403);
    expect(end.body.msg).toBe('Sign in to manage API keys; an API key cannot do it');
    // The old secret still signs beside the new one.
    const during = await paidCallback(a);
    expect([verifies(first, during), verifies(rolled, during)]).toEqual([true, true]);
  });

  it('tells the merchant what each step did, takes no stray fields, and files and logs the steps under callback secrets', async () => {
    const a = await seller();
    const call = (url: string, body: unknown) => api.t.call('POST', url, body, a.token, { cookie: 'lang=en-us' });
    expect((await call('/api/callbacks/secret', { secret: 'whsec_chosen' })).status).toBe(400);
    expect((await call('/api/callbacks/secret/end-overlap', { previous: 'x' })).status).toBe(400);
    const made = await call('/api/callbacks/secret', {});
    expect(made.body).toMatchObject({ msg: 'Your callback signing secret was made; it is shown this once', data: { previousUntil: 0 } });
    expect(made.body.data.prefix).toBe(made.body.data.secret.slice(0, 12));
    const rolled = await call('/api/callbacks/secret', undefined);
    expect(rolled.body.msg).toBe('Secret rolled: the previous one keeps signing beside it for 24 hours');
    const ended = await call('/api/callbacks/secret/end-overlap', undefined);
    expect(ended.body).toMatchObject({ msg: 'The previous secret no longer signs', data: { previousUntil: 0 } });
    const rules = dataOf(await api.call('GET', '/api/auth-rules/find?limit=1000')) as Array<{ route: string; group: string; name: string }>;
    expect(rules.filter((r) => r.route.startsWith('api/callbacks/secret')).map((r) => `${r.group}/${r.name}`).sort()).toEqual(['callback-secrets/end-overlap', 'callback-secrets/roll']);
    await api.t.app.paydesk.logs.flush();
    const row = dataOf(await api.t.call('GET', '/api/callback-secrets/rows', undefined, a.token)).rows[0] as { id: number };
    const logs = (await api.t.app.paydesk.db.any.selectFrom('logs').select(['api', 'scene', 'bindId', 'code']).where('uid', '=', a.id).where('api', 'like', '/api/callbacks/secret%').orderBy('id').execute())
      .filter((l) => l.code < 400);
    expect(logs.map((l) => [l.api, l.scene, l.bindId])).toEqual([
      ['/api/callbacks/secret', 'update', row.id], ['/api/callbacks/secret', 'update', row.id], ['/api/callbacks/secret/end-overlap', 'update', 0],
    ]);
  });

  it('the test callback is signed with the caller\'s own secret', async () => {
    const tester = await userWith(api, ['POST api/callbacks/test'], 0);
    const secret = dataOf(await roll(tester), 201).secret as string;
    const before = merchant.received.length;
    dataOf(await api.t.call('POST', '/api/callbacks/test', { url: merchant.url }, tester.token));
    const ping = merchant.received[before]!;
    expect(JSON.parse(ping.raw).type).toBe('ping');
    expect(verifies(secret, ping)).toBe(true);
  });
});
