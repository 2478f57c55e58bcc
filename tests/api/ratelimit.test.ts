/**
 * Rate limits (SYSTEM_SAFETY_API.qps) as a client meets them: a budget per
 * second over the whole API and per route, a block after repeated overruns,
 * a merchant's API keys and console users counted apart from their address,
 * nothing when the limits are off, X-Forwarded-For believed only behind a
 * configured proxy, and with the Redis cache one budget across instances.
 *
 * Each test calls from client addresses of its own, so budgets never mix. A
 * window opens at a client's first request and lasts a second. The app runs
 * on the test's clock, which stands still unless the test moves it, so a
 * burst that runs into a refusal passes exactly `limit`. Across instances the
 * windows are Redis's, on real time: that test says so, and makes its burst
 * again when a stalled machine spread it over more than one second.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, REDIS_URL, makeApp, type TestApp } from '../support/app';
import { requireService } from '../support/services';
import { changeSafety, limits, type Safety } from '../multi/safety-config';
import { redisConfigDir } from '../multi/server-process';

const ENGLISH = { cookie: 'lang=en-us' };
const TOO_MANY = expect.stringMatching(/^Too many requests: try again in \d+ s$/);
const BLOCKED = expect.stringMatching(/^Too many requests from this address: blocked until \d\d:\d\d UTC, try again in \d+ min$/);
// Two public routes, so a client needs no token.
const INIT = '/api/comm/init';
const SITE = '/api/config/take?key=SITE_INFO';

let clients = 0;
/** A client address no other test uses. */
const newClient = () => `10.9.${Math.floor(++clients / 250)}.${clients % 250 + 1}`;

interface Hit { status: number; msg: string; retryAfter?: string }

async function hit(t: TestApp, url: string, ip: string, headers: Record<string, string> = {}): Promise<Hit> {
  const res = await t.app.inject({ method: 'GET', url, remoteAddress: ip, headers: { ...ENGLISH, ...headers } });
  return { status: res.statusCode, msg: res.json().msg, retryAfter: res.headers['retry-after'] as string | undefined };
}

/** Calls `send` until the first refusal; answers how many passed and the refusal. */
async function burst(send: (i: number) => Promise<Hit>, most = 200): Promise<{ passed: number; refusal?: Hit }> {
  for (let i = 0; i < most; i++) {
    const res = await send(i);
    if (res.status === 429) return { passed: i, refusal: res };
    expect(res.status).toBe(200);
  }
  return { passed: most };
}

/** The operator's calls, each from an address of its own so the limits under test never refuse them. */
const adminOf = (t: TestApp, token: string) => async (method: 'GET' | 'PUT', url: string, body?: unknown) =>
  (await t.app.inject({ method, url, remoteAddress: newClient(), headers: { authorization: `Bearer ${token}` }, ...(body !== undefined && { payload: body as object }) })).json();

describe.each(DIALECTS)('rate limits on %s', (dialect) => {
  let t: TestApp;
  let set: (change: (s: Safety) => void) => Promise<Safety>;
  let admin: ReturnType<typeof adminOf>;
  let token: string;
  const clock = { now: Date.now() };
  beforeAll(async () => {
    t = await makeApp({ dialect, rateLimits: true, clock: () => clock.now });
    token = await t.signIn();
    admin = adminOf(t, token);
    set = (change) => changeSafety(admin, change);
  });
  afterAll(() => t?.close());

  it('limit.global: a client gets `global` calls a second over the whole API, then 429; others are not affected', async () => {
    await set(limits({ global: 4 }));
    const ip = newClient();
    const { passed, refusal } = await burst((i) => hit(t, i % 2 ? INIT : SITE, ip));
    expect(passed).toBe(4);
    expect(refusal).toMatchObject({ status: 429, msg: TOO_MANY });
    expect(Number(refusal!.retryAfter)).toBeGreaterThan(0);
    // The refusal names the limit it met.
    const again = await t.app.inject({ method: 'GET', url: SITE, remoteAddress: ip, headers: ENGLISH });
    expect(again.headers['ratelimit-policy']).toBe('"global";q=4;w=1');
    // Health checks, which have no rule, are never limited: a load balancer polls them.
    expect((await burst(() => hit(t, '/api/health', ip), 10)).passed).toBe(10);
    expect((await hit(t, INIT, newClient())).status).toBe(200);
  });

  it('limit.point: a client gets `point` calls a second on one route, and other routes still answer', async () => {
    await set(limits({ point: 3 }));
    const ip = newClient();
    const { passed, refusal } = await burst(() => hit(t, INIT, ip));
    expect(passed).toBe(3);
    expect(refusal?.msg).toEqual(TOO_MANY);
    expect((await hit(t, SITE, ip)).status).toBe(200);
  });

  it('block: overrunning in `count` windows within `second` refuses the client for the rest of the period', async () => {
    await set(limits({ global: 2, block: { count: 2, second: 3600 } }));
    const ip = newClient();
    // First overrun: refused as too many, and refusals within the same window count once.
    expect((await burst(() => hit(t, INIT, ip))).refusal?.msg).toEqual(TOO_MANY);
    expect((await hit(t, INIT, ip)).msg).toEqual(TOO_MANY);
    // Next window: served again, until the second overrun blocks the client.
    clock.now += 1000;
    expect(await burst(() => hit(t, INIT, ip))).toMatchObject({ passed: 2, refusal: { msg: BLOCKED } });
    // A quiet second later it is still blocked, on every route; another client is not.
    clock.now += 1000;
    expect(await hit(t, SITE, ip)).toMatchObject({ status: 429, msg: BLOCKED });
    expect((await hit(t, SITE, newClient())).status).toBe(200);
    // Turning blocking off lets the client back in.
    await set(limits({ global: 2 }));
    expect((await hit(t, SITE, ip)).status).toBe(200);
  });

  it('block: the period runs from the first overrun, and the client is served again the moment it ends', async () => {
    await set(limits({ global: 2, block: { count: 2, second: 3600 } }));
    // Addresses of their own, the first named after the other: the list's order is by end, not by name.
    const [ip, other] = ['10.99.0.2', '10.99.0.1'];
    const firstOverrun = clock.now;
    expect((await burst(() => hit(t, INIT, ip))).refusal?.msg).toEqual(TOO_MANY);
    clock.now += 500;
    expect((await burst(() => hit(t, INIT, other))).refusal?.msg).toEqual(TOO_MANY);
    // The other client's second overrun blocks it first; the first client's, a second and a bit after its first, next.
    clock.now += 1000;
    expect((await burst(() => hit(t, INIT, other))).refusal?.msg).toEqual(BLOCKED);
    clock.now += 100;
    expect((await burst(() => hit(t, INIT, ip))).refusal?.msg).toEqual(BLOCKED);
    // The operator's list shows both, soonest to end first: each an hour after its first overrun, not its last.
    const listed = async () => ((await admin('GET', '/api/rate-limits/blocked')).data as Array<{ client: string; until: number }>)
      .filter((b) => b.client === ip || b.client === other).map((b) => [b.client, b.until]);
    expect(await listed()).toEqual([[ip, firstOverrun + 3600_000], [other, firstOverrun + 500 + 3600_000]]);
    // A lifted block forgets the overruns too: the next one is one of two again, not a new block; the other blocks stay.
    const third = '10.99.0.3';
    expect((await burst(() => hit(t, INIT, third))).refusal?.msg).toEqual(TOO_MANY);
    clock.now += 1000;
    expect((await burst(() => hit(t, INIT, third))).refusal?.msg).toEqual(BLOCKED);
    await t.app.inject({ method: 'DELETE', url: '/api/rate-limits/unblock', remoteAddress: newClient(), headers: { authorization: `Bearer ${token}` }, payload: { client: third } });
    clock.now += 1000;
    expect((await hit(t, SITE, third)).status).toBe(200);
    expect((await burst(() => hit(t, INIT, third))).refusal?.msg).toEqual(TOO_MANY);
    expect(await listed()).toEqual([[ip, firstOverrun + 3600_000], [other, firstOverrun + 500 + 3600_000]]);
    clock.now = firstOverrun + 3600_000 - 1;
    const lastMoment = await t.app.inject({ method: 'GET', url: SITE, remoteAddress: ip, headers: ENGLISH });
    expect(lastMoment.statusCode).toBe(429);
    expect(lastMoment.json().msg).toMatch(/try again in 1 min$/);
    expect(lastMoment.headers).toMatchObject({ 'retry-after': '1', 'ratelimit-policy': '"block";q=2;w=3600', ratelimit: '"block";r=0;t=1' });
    // Routes that need a sign-in refuse it too, before asking who it is.
    expect((await hit(t, '/api/receive-money/rows', ip)).status).toBe(429);
    // The moment it ends, the client is served and off the list.
    clock.now += 1;
    expect((await hit(t, SITE, ip)).status).toBe(200);
    expect(await listed()).toEqual([[other, firstOverrun + 500 + 3600_000]]);
  });

  it('limit.enable false: no call is refused', async () => {
    await set(limits({ global: 1, point: 1, enable: false }));
    const ip = newClient();
    const { passed } = await burst(() => hit(t, INIT, ip), 30);
    expect(passed).toBe(30);
    // Nor a signed-in caller's, past his own budget.
    const signedIn = await burst(() => hit(t, INIT, ip, { authorization: `Bearer ${token}` }), 210);
    expect(signedIn.passed).toBe(210);
  });

  it('without trustProxy a forged X-Forwarded-For gives no fresh budget', async () => {
    await set(limits({ global: 3 }));
    const ip = newClient();
    const { passed, refusal } = await burst((i) => hit(t, INIT, ip, { 'x-forwarded-for': `203.0.113.${i + 1}` }));
    expect(passed).toBe(3);
    expect(refusal?.msg).toEqual(TOO_MANY);
  });
});

/** The installed defaults: 50 a second over the API, 15 per route, blocked for the hour after 3 overruns. */
const SPEC_DEFAULTS = (s: Safety) => {
  s.qps = { block: { enable: true, count: 3, second: 3600 }, limit: { enable: true, global: 50, point: 15, caller: 200 } };
};

// A thousand orders: minutes on MariaDB on a busy machine, though the app's clock, not the wall's, paces them.
describe.each(DIALECTS)('rate limits that fit a merchant on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  const clock = { now: Date.now() };
  beforeAll(async () => {
    t = await makeApp({ dialect, rateLimits: true, clock: () => clock.now });
    admin = await t.signIn();
    await changeSafety(adminOf(t, admin), SPEC_DEFAULTS);
  });
  afterAll(() => t?.close());

  const as = async (ip: string, method: 'GET' | 'POST' | 'DELETE', url: string, token?: string, body?: unknown) => {
    const res = await t.app.inject({ method, url, remoteAddress: ip, headers: { ...ENGLISH, ...(token && { authorization: `Bearer ${token}` }) }, ...(body !== undefined && { payload: body as object }) });
    return { status: res.statusCode, msg: res.json().msg as string, data: res.json().data, headers: res.headers };
  };
  const newKey = async (name: string) => (await as(newClient(), 'POST', '/api/api-keys/create', admin, { name })).data.key as string;
  const order = (ip: string, key: string, i: number) => as(ip, 'POST', '/api/receive-money/create', key, { title: `Order ${i}`, amount: 12.5, currency: 'USD', payUrl: 'https://pay.example.com/x' });

  it('lets an API key create 1,000 orders at 100 a second from one address while an anonymous flood there is blocked for the hour, and lifted from the console', async () => {
    const shop = newClient();
    const [first, second] = [await newKey('shop server'), await newKey('second server')];
    const statuses = new Map<number, number>();
    for (let i = 0; i < 1000; i++) {
      clock.now += 10;
      const { status } = await order(shop, first, i);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
    expect(Object.fromEntries(statuses)).toEqual({ 201: 1000 });
    // An anonymous flood from the same address: refused per second, and after three overruns blocked for the hour.
    for (let overrun = 1; overrun <= 3; overrun++) {
      clock.now += 1000;
      const { refusal } = await burst(() => hit(t, INIT, shop));
      expect(refusal?.msg).toEqual(overrun < 3 ? TOO_MANY : BLOCKED);
    }
    clock.now += 30 * 60_000;
    const blocked = await hit(t, SITE, shop);
    expect(blocked).toMatchObject({ status: 429, msg: BLOCKED });
    expect(Number(blocked.retryAfter)).toBeGreaterThan(25 * 60);
    // Meanwhile both keys and the signed-in console user at that address go on, in the same second as each other.
    for (let i = 0; i < 20; i++) {
      expect((await order(shop, second, i)).status).toBe(201);
      expect((await order(shop, first, i)).status).toBe(201);
      expect((await as(shop, 'GET', '/api/receive-money/rows', admin)).status).toBe(200);
    }
    // The operator sees who is blocked and until when, and lifts it; the lift is logged.
    const list = await as(newClient(), 'GET', '/api/rate-limits/blocked', admin);
    expect(list.data).toContainEqual({ client: shop, since: expect.any(Number), until: expect.any(Number) });
    const entry = (list.data as Array<{ client: string; until: number }>).find((b) => b.client === shop)!;
    expect(entry.until - clock.now).toBeGreaterThan(25 * 60_000);
    expect(entry.until - clock.now).toBeLessThanOrEqual(30 * 60_000);
    expect((await as(newClient(), 'GET', '/api/rate-limits/blocked')).status).toBe(401);
    const lifted = await as(newClient(), 'DELETE', '/api/rate-limits/unblock', admin, { client: shop });
    expect(lifted).toMatchObject({ status: 200, msg: 'Block lifted' });
    expect((await hit(t, SITE, shop)).status).toBe(200);
    expect((await as(newClient(), 'GET', '/api/rate-limits/blocked', admin)).data).not.toContainEqual(expect.objectContaining({ client: shop }));
    expect((await as(newClient(), 'DELETE', '/api/rate-limits/unblock', admin, { client: shop })).status).toBe(404);
    expect((await as(newClient(), 'DELETE', '/api/rate-limits/unblock', admin, {})).status).toBe(400);
    await t.app.paydesk.logs.flush();
    const logged = await t.app.paydesk.db.any.selectFrom('logs').select(['params', 'code']).where('api', '=', '/api/rate-limits/unblock').where('code', '=', 200).execute();
    expect(logged.map((l) => JSON.parse(String(l.params)).client)).toEqual([shop]);
  }, 240_000);

  it('answers a key over its own budget 429 for that second only, with Retry-After and the RateLimit fields, never the block', async () => {
    const ip = newClient();
    const key = await newKey('busy');
    let refusal: Awaited<ReturnType<typeof as>> | undefined;
    for (let round = 0; round < 4; round++) {
      clock.now += 1000;
      let passed = 0;
      for (; passed < 400; passed++) {
        const res = await as(ip, 'GET', '/api/receive-money/rows?limit=1', key);
        if (res.status === 429) { refusal = res; break; }
        expect(res.status).toBe(200);
      }
      expect(passed).toBe(200);
    }
    expect(refusal!.msg).toEqual(TOO_MANY);
    expect(refusal!.headers).toMatchObject({ 'retry-after': '1', 'ratelimit-policy': '"key";q=200;w=1', ratelimit: '"key";r=0;t=1' });
    // In that same second another key and the signed-in console user at that address are served: each has its own budget.
    expect((await as(ip, 'GET', '/api/receive-money/rows?limit=1', await newKey('other'))).status).toBe(200);
    expect((await as(ip, 'GET', '/api/receive-money/rows?limit=1', admin)).status).toBe(200);
    // A signed-in user over his own budget is told so under his own policy.
    clock.now += 1000;
    expect((await as(newClient(), 'POST', '/api/users/create', admin, { account: 'colleague', password: 'colleague-pass-1' })).status).toBe(201);
    const colleague = await t.signIn('colleague', 'colleague-pass-1');
    let userRefusal: Awaited<ReturnType<typeof as>> | undefined;
    for (let i = 0; i <= 200 && !userRefusal; i++) {
      const res = await as(ip, 'GET', '/api/receive-money/rows?limit=1', admin);
      if (res.status === 429) userRefusal = res;
    }
    expect(userRefusal?.headers).toMatchObject({ 'ratelimit-policy': '"user";q=200;w=1' });
    // Another user at that address, in that second, has a budget of his own.
    expect((await as(ip, 'GET', '/api/comm/init', colleague)).status).toBe(200);
    clock.now += 1000;
    expect((await as(ip, 'GET', '/api/receive-money/rows?limit=1', key)).status).toBe(200);
    // The budget is the operator's to change (SYSTEM_SAFETY_API.qps.limit.caller): a busier merchant's 300 hold, and so does a lower 5.
    for (const budget of [300, 5]) {
      await changeSafety(adminOf(t, admin), (s) => { SPEC_DEFAULTS(s); s.qps.limit.caller = budget; });
      clock.now += 1000;
      let passed = 0;
      while ((await as(ip, 'GET', '/api/receive-money/rows?limit=1', key)).status === 200) passed++;
      expect(passed).toBe(budget);
    }
    await changeSafety(adminOf(t, admin), SPEC_DEFAULTS);
    clock.now += 1000;
    // An anonymous refusal names its own policy, in the caller's language.
    const anon = newClient();
    await burst(() => hit(t, INIT, anon));
    const res = await t.app.inject({ method: 'GET', url: INIT, remoteAddress: anon, headers: { cookie: 'lang=zh-cn' } });
    expect(res.headers).toMatchObject({ 'retry-after': expect.any(String), 'ratelimit-policy': '"point";q=15;w=1', ratelimit: expect.stringMatching(/^"point";r=0;t=\d+$/) });
    expect(res.json().msg).toMatch(/^请求过于频繁，请 \d+ 秒后再试$/);
  }, 120_000);

  it('counts calls with a token that names nobody against their address', async () => {
    const ip = newClient();
    for (let i = 0; i < 60; i++) expect((await as(ip, 'GET', '/api/receive-money/rows', `forged.${i}.token`)).status).toBe(401);
    expect((await hit(t, INIT, ip)).status).toBe(429);
    // On a public route such a token is served as anonymous, and counted so.
    const other = newClient();
    const { passed } = await burst(() => hit(t, INIT, other, { authorization: 'Bearer forged.token' }));
    expect(passed).toBe(15);
  });
});

describe('rate limits behind a trusted proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    const stopped = Date.now();
    t = await makeApp({ rateLimits: true, trustProxy: '127.0.0.1', clock: () => stopped });
    await changeSafety(adminOf(t, await t.signIn()), limits({ global: 3 }));
  });
  afterAll(() => t?.close());

  it('the proxy is believed: each forwarded client has its own budget; others cannot forge it', async () => {
    const proxy = '127.0.0.1';
    const client = (n: number) => ({ 'x-forwarded-for': `198.51.100.${n}` });
    expect((await burst(() => hit(t, INIT, proxy, client(1)))).passed).toBe(3);
    expect((await hit(t, INIT, proxy, client(2))).status).toBe(200);
    // A caller that is not the proxy is known by its own address, whatever it claims.
    const stranger = newClient();
    const { passed } = await burst((i) => hit(t, INIT, stranger, client(10 + i)));
    expect(passed).toBe(3);
  });
});

const redisSuite = describe.skipIf(requireService('redis', 'the rate limits shared through Redis'));

redisSuite('rate limits shared through Redis', () => {
  let a: TestApp, b: TestApp;
  let configDir: string;
  beforeAll(async () => {
    configDir = redisConfigDir(REDIS_URL!);
    // Two instances (each with its own database here; the limits only share Redis).
    [a, b] = await Promise.all([makeApp({ configDir, rateLimits: true }), makeApp({ configDir, rateLimits: true })]);
    for (const t of [a, b]) await changeSafety(adminOf(t, await t.signIn()), limits({ global: 4, block: { count: 1, second: 3600 } }));
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    fs.rmSync(configDir, { recursive: true, force: true });
  });

  // This one needs real seconds: Redis's windows. A burst that a stalled machine spreads over more than one
  // second proves nothing about one budget, so it is made again with a new client (five tries: a stall of
  // five seconds spoils at most one); the block that follows is an hour long, far beyond any stall.
  it('calls to either instance spend one budget, and a block set through one holds on the other', async () => {
    for (let attempt = 1; ; attempt++) {
      const ip = newClient();
      const began = performance.now();
      const { passed, refusal } = await burst((i) => hit(i % 2 ? b : a, INIT, ip));
      const took = performance.now() - began;
      expect(refusal?.status).toBe(429);
      // That overrun was the one allowed: both instances now refuse the client as blocked.
      expect((await hit(a, SITE, ip)).msg).toEqual(BLOCKED);
      expect((await hit(b, SITE, ip)).msg).toEqual(BLOCKED);
      if (took >= 1000 && attempt < 5) {
        console.warn(`rate limits through Redis: a burst took ${Math.round(took)} ms, more than one window; trying again`);
        continue;
      }
      // Within one window: apart, the instances would each pass 4 before refusing.
      expect(took, 'every burst took more than a second').toBeLessThan(1000);
      expect(passed).toBe(4);
      break;
    }
  });
});
