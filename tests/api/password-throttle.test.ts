/**
 * Password guessing per account (server/auth/password-throttle.ts) on the
 * shared cache with a clock the test moves: when a wait starts, how it grows
 * and where it stops, when it ends, what a right password clears, and the
 * account-wide count. The HTTP side (429 and its message) is in
 * security-hardening.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { PasswordThrottle, THROTTLE } from '../../server/auth/password-throttle';
import { cacheOn } from '../../server/services/cache/cache';
import { ramStore } from '../../server/services/cache/ram';

const { perAddress, perAccount, windowSeconds } = THROTTLE;

function throttle() {
  const clock = { now: Date.parse('2026-01-01T00:00:00Z') };
  const guard = new PasswordThrottle(() => cacheOn(store, 600), () => clock.now);
  const store = ramStore(1000, () => clock.now);
  /** The seconds `admit` says to wait, or 0 when it lets the try through. */
  const wait = async (account: string, ip: string) => {
    try {
      await guard.admit(account, ip);
      return 0;
    } catch (error) {
      expect(error).toMatchObject({ code: 429, key: 'errors.sign_in_wait' });
      const { seconds } = (error as { params: { seconds: number } }).params;
      // "Wait 0 seconds" would be a refusal with nothing to wait for.
      expect(seconds).toBeGreaterThan(0);
      return seconds;
    }
  };
  const miss = async (account: string, ip: string, times = 1) => {
    for (let i = 0; i < times; i++) await guard.failed(account, ip);
  };
  return { guard, clock, wait, miss };
}

describe('password guessing per account and address', () => {
  it(`lets ${perAddress.free - 1} wrong passwords by, and makes the address wait ${perAddress.firstWaitSeconds} s after the ${perAddress.free}th`, async () => {
    const { wait, miss, clock } = throttle();
    await miss('victim', '203.0.113.7', perAddress.free - 1);
    expect(await wait('victim', '203.0.113.7')).toBe(0);
    await miss('victim', '203.0.113.7');
    expect(await wait('victim', '203.0.113.7')).toBe(perAddress.firstWaitSeconds);
    clock.now += 10_500;
    expect(await wait('victim', '203.0.113.7')).toBe(perAddress.firstWaitSeconds - 10);
    clock.now += (perAddress.firstWaitSeconds - 10) * 1000 - 500;
    expect(await wait('victim', '203.0.113.7')).toBe(0);
  });

  it('doubles the wait with each further miss, up to fifteen minutes', async () => {
    const { wait, miss } = throttle();
    await miss('victim', '203.0.113.7', perAddress.free);
    const waits = [await wait('victim', '203.0.113.7')];
    for (let i = 0; i < 6; i++) {
      await miss('victim', '203.0.113.7');
      waits.push(await wait('victim', '203.0.113.7'));
    }
    expect(waits).toEqual([30, 60, 120, 240, 480, 900, 900]);
    expect(perAddress.maxWaitSeconds).toBe(900);
  });

  it('holds only that address, for that account; the name counts whatever its case and spaces', async () => {
    const { wait, miss } = throttle();
    await miss('Victim', '203.0.113.7', perAddress.free);
    expect(await wait(' victim ', '203.0.113.7')).toBe(perAddress.firstWaitSeconds);
    expect(await wait('victim', '198.51.100.20')).toBe(0);
    expect(await wait('someone-else', '203.0.113.7')).toBe(0);
  });

  it('starts the address afresh after a right password', async () => {
    const { guard, wait, miss, clock } = throttle();
    await miss('victim', '203.0.113.7', perAddress.free);
    clock.now += perAddress.firstWaitSeconds * 1000;
    await guard.succeeded('victim', '203.0.113.7');
    await miss('victim', '203.0.113.7', perAddress.free - 1);
    expect(await wait('victim', '203.0.113.7')).toBe(0);
  });

  it(`forgets misses older than ${windowSeconds / 60} minutes`, async () => {
    const { wait, miss, clock } = throttle();
    await miss('victim', '203.0.113.7', perAddress.free - 1);
    clock.now += windowSeconds * 1000 + 1;
    await miss('victim', '203.0.113.7');
    expect(await wait('victim', '203.0.113.7')).toBe(0);
    // Within the window they count: the same misses a moment earlier make the address wait.
    const again = throttle();
    await again.miss('victim', '203.0.113.7', perAddress.free - 1);
    again.clock.now += windowSeconds * 1000 - 1000;
    await again.miss('victim', '203.0.113.7');
    expect(await again.wait('victim', '203.0.113.7')).toBe(perAddress.firstWaitSeconds);
  });
});

describe('password guessing per account from anywhere', () => {
  it(`makes every address wait ${perAccount.waitSeconds} s after ${perAccount.free} misses from anywhere, and no longer`, async () => {
    const { wait, miss, clock } = throttle();
    for (let i = 0; i < perAccount.free - 1; i++) await miss('victim', `192.0.2.${i + 1}`);
    expect(await wait('victim', '198.51.100.99')).toBe(0);
    await miss('victim', '192.0.2.200');
    expect(await wait('victim', '198.51.100.99')).toBe(perAccount.waitSeconds);
    clock.now += perAccount.waitSeconds * 1000;
    expect(await wait('victim', '198.51.100.99')).toBe(0);
    // A further miss holds everyone again for the same minute, never longer.
    await miss('victim', '192.0.2.201');
    expect(await wait('victim', '198.51.100.99')).toBe(perAccount.waitSeconds);
  });

  it('keeps the longer of the two waits', async () => {
    const { wait, miss } = throttle();
    await miss('victim', '203.0.113.7', perAddress.free + 2);
    for (let i = 0; i < perAccount.free; i++) await miss('victim', `192.0.2.${i + 1}`);
    expect(await wait('victim', '203.0.113.7')).toBe(120);
    expect(await wait('victim', '198.51.100.99')).toBe(perAccount.waitSeconds);
  });
});
