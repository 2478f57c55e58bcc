/**
 * SAFETY_SMS on code requests: `brush` and `burst` are two limits with the
 * same settings, each counting by its `rule.strategy` (loose: IP + target +
 * API, moderate: IP + target, strict: target); `intercept` refuses what the
 * tripped counter counts for `plan.second`, `force-black` shuts the address
 * out of every code request for `plan.second`. Requests come from distinct
 * client addresses per test, so counters never leak between tests.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConfigValue } from '../../schema/config-rows';
import { commApp, SETUPS, type CommApp } from './comm-harness';

type Guard = ConfigValue<'SAFETY_SMS'>['brush'];
let serial = 0;
const email = () => `flooded${++serial}@example.test`;
const ip = () => `10.0.${++serial % 250}.${(serial * 7) % 250}`;

describe.each(SETUPS)('SAFETY_SMS on %s with %s cache', (dialect, cache) => {
  let t: CommApp;
  /** The app's clock, which the file cache's lifetimes follow; it stands still unless a test moves it. */
  const clock = { now: Date.now() };
  beforeAll(async () => { t = await commApp(dialect, cache, { clock: () => clock.now }); });
  afterAll(() => t?.close());

  type Setting = Partial<Guard> & { strategy?: Guard['rule']['strategy']; count?: number };
  /** Limits of count 3 (unless given) in 600 s; a guard left empty is off. */
  const limits = (brush: Setting, burst: Setting) =>
    t.setConfig('SAFETY_SMS', (v) => {
      for (const [name, { strategy = 'moderate', count = 3, ...rest }] of [['brush', brush], ['burst', burst]] as const) {
        v[name] = { ...v[name], enable: false, ...rest, rule: { ...v[name].rule, count, second: 600, strategy } };
      }
    });
  const ask = async (from: string, social: string, route = 'sign-code') => {
    const res = await t.app.inject({ method: 'POST', url: `/api/comm/${route}`, payload: { social }, remoteAddress: from });
    return res.json() as { code: number; msg: string; data: any };
  };
  /** A refusal by a limit, not by the 60 s resend wait (which says how long to wait). */
  const limited = (res: { code: number; data: unknown }) => res.code === 429 && res.data === null;

  it('brush (moderate): a fourth request for one target from one address is refused; others are not', async () => {
    await limits({ enable: true, plan: { mode: 'intercept', second: 600 } }, {});
    const [from, target] = [ip(), email()];
    expect((await ask(from, target)).code).toBe(201);
    // The resend wait answers the next two, and they count.
    for (let i = 0; i < 2; i++) expect((await ask(from, target)).data).toMatchObject({ seconds: expect.any(Number) });
    expect(limited(await ask(from, target))).toBe(true);
    expect(t.codesFor(target)).toHaveLength(1);
    // Another target from the same address, and the same target from another address, are other counters.
    expect((await ask(from, email())).code).toBe(201);
    expect(limited(await ask(ip(), target))).toBe(false);
  });

  it('brush (strict): the target is limited whatever the address', async () => {
    await limits({ enable: true, plan: { mode: 'intercept', second: 600 }, strategy: 'strict' }, {});
    const target = email();
    for (let i = 0; i < 3; i++) await ask(ip(), target);
    expect(limited(await ask(ip(), target))).toBe(true);
  });

  it('brush (loose): each route counts on its own', async () => {
    await limits({ enable: true, plan: { mode: 'intercept', second: 600 }, strategy: 'loose' }, {});
    const [from, target] = [ip(), email()];
    for (let i = 0; i < 3; i++) await ask(from, target);
    expect(limited(await ask(from, target))).toBe(true);
    expect(limited(await ask(from, target, 'sign-up'))).toBe(false);
  });

  it('burst (moderate, intercept): a fourth request for one target from one address is refused and nothing is sent', async () => {
    await limits({}, { enable: true, plan: { mode: 'intercept', second: 600 } });
    const [from, target] = [ip(), email()];
    for (let i = 0; i < 3; i++) expect(limited(await ask(from, target))).toBe(false);
    expect(limited(await ask(from, target))).toBe(true);
    expect(t.codesFor(target)).toHaveLength(1);
    // Other targets from that address, and that target from elsewhere, are other counters: not shut out.
    expect((await ask(from, email())).code).toBe(201);
    expect(limited(await ask(ip(), target))).toBe(false);
  });

  it('burst (strict): the target is limited whatever the address', async () => {
    await limits({}, { enable: true, plan: { mode: 'intercept', second: 600 }, strategy: 'strict' });
    const target = email();
    for (let i = 0; i < 3; i++) expect(limited(await ask(ip(), target))).toBe(false);
    expect(limited(await ask(ip(), target))).toBe(true);
  });

  it('burst (loose): each route counts on its own', async () => {
    await limits({}, { enable: true, plan: { mode: 'intercept', second: 600 }, strategy: 'loose' });
    const [from, target] = [ip(), email()];
    for (let i = 0; i < 3; i++) await ask(from, target);
    expect(limited(await ask(from, target))).toBe(true);
    expect(limited(await ask(from, target, 'sign-up'))).toBe(false);
  });

  it('intercept holds for plan.second, even once the count would allow it, until the limit is switched off', async () => {
    await limits({ enable: true, plan: { mode: 'intercept', second: 1800 } }, {});
    const [from, target] = [ip(), email()];
    for (let i = 0; i < 3; i++) await ask(from, target);
    expect(limited(await ask(from, target))).toBe(true);
    await limits({ enable: true, plan: { mode: 'intercept', second: 1800 }, count: 100 }, {});
    expect(limited(await ask(from, target))).toBe(true);
    await limits({}, {});
    expect(limited(await ask(from, target))).toBe(false);
  });

  // On the app's clock, which the file cache follows. On Redis a hold is a Redis TTL, in Redis's own time;
  // tests/unit/cache.test.ts shows every driver keeps the lifetime it is given.
  if (cache === 'file') {
    /** Refused a second before `second` has passed on the clock, admitted once it has. */
    async function expectHeldFor(second: number, request: () => ReturnType<typeof ask>) {
      clock.now += (second - 1) * 1000;
      expect(limited(await request())).toBe(true);
      clock.now += 1000;
      expect(limited(await request())).toBe(false);
    }

    it('intercept lasts plan.second: refused a second before it ends, admitted once it has', async () => {
      await limits({ enable: true, plan: { mode: 'intercept', second: 1800 } }, {});
      const [from, target] = [ip(), email()];
      for (let i = 0; i < 3; i++) await ask(from, target);
      expect(limited(await ask(from, target))).toBe(true);
      // A count that would allow it: only the hold refuses from here on.
      await limits({ enable: true, plan: { mode: 'intercept', second: 1800 }, count: 100 }, {});
      await expectHeldFor(1800, () => ask(from, target));
    });

    it('force-black keeps the address out for plan.second', async () => {
      await limits({}, { enable: true, plan: { mode: 'force-black', second: 900 } });
      const [from, target] = [ip(), email()];
      for (let i = 0; i < 4; i++) await ask(from, target);
      await limits({}, {});
      await expectHeldFor(900, () => ask(from, email()));
    });
  }

  it('burst (force-black): past the count the address is refused every code request, on every route', async () => {
    await limits({}, { enable: true, plan: { mode: 'force-black', second: 600 } });
    const [from, target] = [ip(), email()];
    for (let i = 0; i < 3; i++) await ask(from, target);
    const tripped = await ask(from, target);
    expect(limited(tripped)).toBe(true);
    await limits({}, {});
    const blocked = await ask(from, email());
    expect(limited(blocked)).toBe(true);
    expect(blocked.msg).not.toBe(tripped.msg);
    expect(limited(await ask(from, email(), 'sign-up'))).toBe(true);
    expect(limited(await t.app.inject({ method: 'POST', url: '/api/comm/reset-password', payload: { social: email(), account: 'admin' }, remoteAddress: from }).then((r) => r.json()))).toBe(true);
    expect((await ask(ip(), email())).code).toBe(201);
  });

  it('brush (force-black): flooding one target shuts the flooding address out', async () => {
    await limits({ enable: true, plan: { mode: 'force-black', second: 600 } }, {});
    const [from, target] = [ip(), email()];
    for (let i = 0; i < 4; i++) await ask(from, target);
    expect(limited(await ask(from, email()))).toBe(true);
  });
});
