/**
 * The verification-code store on each cache driver, with a clock the test
 * moves: expiry, the resend wait, tries, one use under concurrency, and what
 * is kept (an HMAC, never the digits).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Codes, CODE_LIFE_SECONDS, CODE_MAX_TRIES, RESEND_WAIT_SECONDS } from '../../server/auth/codes';
import { cacheOn, type Cache } from '../../server/services/cache/cache';
import { fileStore } from '../../server/services/cache/file';
import { ramStore } from '../../server/services/cache/ram';
import { redisStore } from '../../server/services/cache/redis';
import { REDIS_URL } from '../support/app';

let fileRoot: string;
beforeAll(async () => { fileRoot = await mkdtemp(join(tmpdir(), 'paydesk-codes-')); });
afterAll(() => rm(fileRoot, { recursive: true, force: true }));

const prefix = () => `codes${randomBytes(4).toString('hex')}`;
const drivers: Array<[string, () => Cache]> = [
  ['ram', () => cacheOn(ramStore(), 600)],
  ['file', () => cacheOn(fileStore(join(fileRoot, prefix())), 600)],
  ...(REDIS_URL ? [['redis', () => {
    const url = new URL(REDIS_URL!);
    return cacheOn(redisStore({ host: url.hostname, port: Number(url.port || 6379), database: Number(url.pathname.slice(1) || 0), password: decodeURIComponent(url.password) || undefined, prefix: prefix() }), 600);
  }] as [string, () => Cache]] : []),
];

describe.each(drivers)('codes on the %s cache', (_, open) => {
  let cache: Cache;
  let now: number;
  let codes: Codes;
  let serial = 0;
  const target = () => `someone${++serial}@example.test`;
  beforeAll(() => {
    cache = open();
    now = Date.parse('2026-01-01T00:00:00Z');
    codes = new Codes({ cache: () => cache, secret: () => 'test-secret-0123456789', clock: () => now });
  });
  afterAll(() => cache.close());

  /** Sends a code and answers it, as the receiver would read it. */
  async function send(to: string, purpose: 'sign-in' | 'sign-up' = 'sign-in') {
    let received = '';
    await codes.send(purpose, to, async (code) => { received = code; });
    return received;
  }
  const other = (code: string) => String((Number(code) + 1) % 1e6).padStart(6, '0');
  /** Codes over the cache as a checking request sees it when `meanwhile` happens just as its right answer is marked used. */
  const racing = (meanwhile: () => Promise<void>) => new Codes({
    secret: () => 'test-secret-0123456789',
    clock: () => now,
    cache: () => new Proxy(cache, {
      get(store, name) {
        if (name === 'add') {
          return async (key: string, value: unknown, ttl: number) => {
            const added = await store.add(key, value, ttl);
            if (key.startsWith('code:used:')) await meanwhile();
            return added;
          };
        }
        const value = Reflect.get(store, name);
        return typeof value === 'function' ? value.bind(store) : value;
      },
    }),
  });

  it('sends six digits and keeps only an HMAC of them', async () => {
    const to = target();
    const code = await send(to);
    expect(code).toMatch(/^\d{6}$/);
    const stored = JSON.stringify(await cache.get(`code:sign-in:${to}`));
    expect(stored).toContain('hmac');
    expect(stored).not.toContain(code);
  });

  it('accepts the code until ten minutes have passed, then never', async () => {
    const a = target();
    const b = target();
    const codeA = await send(a);
    const codeB = await send(b);
    now += CODE_LIFE_SECONDS * 1000 - 1;
    expect(await codes.check('sign-in', a, codeA)).toBe(true);
    now += 1;
    expect(await codes.check('sign-in', b, codeB)).toBe(false);
  });

  it('keeps a code to its purpose', async () => {
    const to = target();
    const code = await send(to, 'sign-up');
    expect(await codes.check('sign-in', to, code)).toBe(false);
    expect(await codes.check('sign-up', to, code)).toBe(true);
  });

  it('lets exactly one of two simultaneous right answers through', async () => {
    const to = target();
    const code = await send(to);
    const results = await Promise.all([codes.check('sign-in', to, code), codes.check('sign-in', to, code)]);
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('lets no right answer through after five simultaneous wrong ones', async () => {
    const to = target();
    const code = await send(to);
    await Promise.all(Array.from({ length: 5 }, () => codes.check('sign-in', to, other(code))));
    expect(await codes.check('sign-in', to, code)).toBe(false);
  });

  it('counts a look that does not spend as a try: after five, not even the right code gets in', async () => {
    const to = target();
    const code = await send(to);
    for (let i = 0; i < CODE_MAX_TRIES; i++) expect(await codes.check('sign-in', to, code, { spend: false })).toBe(true);
    expect(await codes.check('sign-in', to, code)).toBe(false);
  });

  it('deletes the code at its fifth wrong answer, not before', async () => {
    const to = target();
    const code = await send(to);
    for (let i = 0; i < 4; i++) await codes.check('sign-in', to, other(code));
    expect(await cache.get(`code:sign-in:${to}`)).toBeDefined();
    await codes.check('sign-in', to, other(code));
    expect(await cache.get(`code:sign-in:${to}`)).toBeUndefined();
  });

  it('gives a new code fresh tries, and the old code stops working', async () => {
    const to = target();
    const first = await send(to);
    for (let i = 0; i < 4; i++) await codes.check('sign-in', to, other(first));
    now += RESEND_WAIT_SECONDS * 1000;
    const second = await send(to);
    for (let i = 0; i < 3; i++) await codes.check('sign-in', to, other(second));
    // The old code is now just a wrong answer (the fourth)...
    expect(await codes.check('sign-in', to, first === second ? other(second) : first)).toBe(false);
    // ...and the fifth try, right, still gets in.
    expect(await codes.check('sign-in', to, second)).toBe(true);
  });

  it('spends only the old code when a new one is sent while its right answer is being checked', async () => {
    const to = target();
    const first = await send(to);
    now += RESEND_WAIT_SECONDS * 1000;
    let second = '';
    const checking = racing(async () => { second = await send(to); });
    expect(await checking.check('sign-in', to, first)).toBe(true);
    expect(second).toMatch(/^\d{6}$/);
    expect(await codes.check('sign-in', to, second)).toBe(true);
  });

  it('counts a right answer whose code a racing fifth wrong answer has just deleted, without an error', async () => {
    const to = target();
    const code = await send(to);
    const checking = racing(async () => { await cache.del(`code:sign-in:${to}`); });
    expect(await checking.check('sign-in', to, code)).toBe(true);
  });

  it('makes a target wait 60 s between codes, saying how long is left', async () => {
    const to = target();
    await send(to);
    now += 15_000;
    await expect(send(to)).rejects.toMatchObject({ code: 429, key: 'errors.code_too_soon', params: { seconds: 45 } });
    now += 45_000;
    await expect(send(to)).resolves.toMatch(/^\d{6}$/);
  });

  it('delivers one code for two sends at once: the other is told to wait', async () => {
    const to = target();
    const delivered: string[] = [];
    const results = await Promise.allSettled([0, 1].map(() => codes.send('sign-in', to, async (code) => { delivered.push(code); })));
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(results.find((result) => result.status === 'rejected')).toMatchObject({ reason: { code: 429, key: 'errors.code_too_soon' } });
    expect(delivered).toHaveLength(1);
  });

  it('keeps nothing when delivery fails: no code, and no wait', async () => {
    const to = target();
    const failure = new Error('provider down');
    let lost = '';
    await expect(codes.send('sign-in', to, async (code) => { lost = code; throw failure; })).rejects.toBe(failure);
    expect(await codes.check('sign-in', to, lost)).toBe(false);
    await expect(send(to)).resolves.toMatch(/^\d{6}$/);
  });

  it('refuses anything that is not six digits without spending a try', async () => {
    const to = target();
    const code = await send(to);
    // Each of them five times: had any one spent a try, the five tries would be gone.
    for (const bad of [undefined, Number(code), code.slice(1), `${code}0`, `0${code}`, ` ${code}`, `${code} `]) {
      for (let i = 0; i < CODE_MAX_TRIES; i++) expect(await codes.check('sign-in', to, bad), String(bad)).toBe(false);
    }
    expect(await codes.check('sign-in', to, code)).toBe(true);
  });
});
