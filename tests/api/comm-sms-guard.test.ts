/**
 * SAFETY_SMS on code requests: `brush` limits one target, `burst` one client
 * address; `intercept` refuses past the count, `force-black` also shuts the
 * address out of every code request for `plan.second`. Requests come from
 * distinct client addresses per test, so counters never leak between tests.
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
  beforeAll(async () => { t = await commApp(dialect, cache); });
  afterAll(() => t?.close());

  /** Limits of count 3 in 600 s; a guard left empty is off. */
  const limits = ({ strategy = 'moderate', ...brush }: Partial<Guard> & { strategy?: Guard['rule']['strategy'] }, burst: Partial<Guard>) =>
    t.setConfig('SAFETY_SMS', (v) => {
      v.brush = { ...v.brush, enable: false, ...brush, rule: { ...v.brush.rule, count: 3, second: 600, strategy } };
      v.burst = { ...v.burst, enable: false, ...burst, rule: { ...v.burst.rule, count: 3, second: 600 } };
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

  it('burst (intercept): a fourth request from one address is refused and nothing is sent; the address is not shut out', async () => {
    await limits({}, { enable: true, plan: { mode: 'intercept', second: 600 } });
    const from = ip();
    for (let i = 0; i < 3; i++) expect((await ask(from, email())).code).toBe(201);
    const fourth = email();
    const refused = await ask(from, fourth);
    expect(limited(refused)).toBe(true);
    expect(t.codesFor(fourth)).toEqual([]);
    expect((await ask(ip(), fourth)).code).toBe(201);
    // Without the limit the address is served again: it was refused, not blacklisted.
    await limits({}, {});
    expect((await ask(from, email())).code).toBe(201);
  });

  it('burst (force-black): past the count the address is refused every code request, on every route', async () => {
    await limits({}, { enable: true, plan: { mode: 'force-black', second: 600 } });
    const from = ip();
    for (let i = 0; i < 3; i++) expect((await ask(from, email())).code).toBe(201);
    const tripped = await ask(from, email());
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
