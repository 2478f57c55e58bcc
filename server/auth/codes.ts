/**
 * Verification codes: 6 random digits, sent to
 * a phone or an address, kept 10 minutes in the shared cache, at most 5 tries,
 * one use, and 60 s before another code goes to the same target.
 *
 * Only an HMAC of the code is stored, keyed with the server secret: a reader
 * of the cache (a Redis dump) cannot try the million codes offline.
 * Every issued code has its own id; its tries and its use are counted with
 * atomic cache operations on that id, so two racing checks cannot both spend
 * the last try or both use the code, and a new code starts with fresh tries.
 *
 * Time is the app's clock, so expiry is tested without waiting; the cache
 * TTLs follow real time and only bound how long the entries are kept.
 */
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { AppError } from '../http';
import type { KeyValueCache } from '../types';

export const CODE_LIFE_SECONDS = 10 * 60;
export const CODE_MAX_TRIES = 5;
export const RESEND_WAIT_SECONDS = 60;

/** Codes of one purpose never open another flow: a sign-up code cannot reset a password. */
export type CodePurpose = 'sign-in' | 'sign-up' | 'reset-password';

interface StoredCode {
  id: string;
  hmac: string;
  /** Epoch milliseconds. */
  expiresAt: number;
}

export interface CodeOptions {
  cache: () => KeyValueCache;
  /** Key of the HMAC (the JWT key: secret, and shared by every instance). */
  secret: () => string;
  /** Epoch milliseconds, the app's (AppOptions.clock). */
  clock: () => number;
}

export class Codes {
  constructor(private readonly o: CodeOptions) {}

  private hmac(purpose: CodePurpose, target: string, id: string, code: string): Buffer {
    return createHmac('sha256', this.o.secret()).update(`${purpose}\n${target}\n${id}\n${code}`).digest();
  }

  /**
   * Sends a new code to `target` through `deliver` and keeps it, replacing an
   * earlier one. 429 `errors.code_too_soon` within the resend wait of the last
   * code sent to the same target (whatever its purpose). A delivery failure
   * keeps nothing: no code, and no wait before the next attempt.
   */
  async send(purpose: CodePurpose, target: string, deliver: (code: string) => Promise<void>) {
    await this.holdResend(target);
    await this.sendHeld(purpose, target, deliver);
  }

  /** The sending part of `send`, once `holdResend` admitted it (a reset sends after its answer). */
  async sendHeld(purpose: CodePurpose, target: string, deliver: (code: string) => Promise<void>) {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const id = randomBytes(12).toString('hex');
    try {
      await deliver(code);
    } catch (error) {
      await this.o.cache().del(resendKey(target));
      throw error;
    }
    const stored: StoredCode = { id, hmac: this.hmac(purpose, target, id, code).toString('hex'), expiresAt: this.o.clock() + CODE_LIFE_SECONDS * 1000 };
    await this.o.cache().set(codeKey(purpose, target), stored, CODE_LIFE_SECONDS);
  }

  /** Marks a send to `target` now, or refuses with the seconds left to wait. */
  async holdResend(target: string) {
    const cache = this.o.cache();
    const now = this.o.clock();
    if (await cache.add(resendKey(target), now, RESEND_WAIT_SECONDS)) return;
    const last = (await cache.get<number>(resendKey(target))) ?? 0;
    const left = Math.ceil((last + RESEND_WAIT_SECONDS * 1000 - now) / 1000);
    if (left > 0) throw new AppError(429, 'errors.code_too_soon', { seconds: left }, { seconds: left });
    await cache.set(resendKey(target), now, RESEND_WAIT_SECONDS);
  }

  /**
   * Whether `code` is the live code of `purpose` for `target`. A right code is
   * spent by this call (unless `spend: false`); a wrong one spends a try, and the fifth wrong try
   * deletes the code, so a sixth attempt fails even with the right digits.
   */
  async check(purpose: CodePurpose, target: string, code: unknown, opts: { spend?: boolean } = {}): Promise<boolean> {
    if (typeof code !== 'string' || !/^\d{6}$/.test(code)) return false;
    const cache = this.o.cache();
    const key = codeKey(purpose, target);
    const stored = await cache.get<StoredCode>(key);
    if (!stored || this.o.clock() >= stored.expiresAt) return false;
    const tries = await cache.incr(`code:tries:${stored.id}`, CODE_LIFE_SECONDS);
    if (tries > CODE_MAX_TRIES) return false;
    const expected = Buffer.from(stored.hmac, 'hex');
    if (!timingSafeEqual(expected, this.hmac(purpose, target, stored.id, code))) {
      if (tries >= CODE_MAX_TRIES) await this.forget(stored.id, key);
      return false;
    }
    // A check that does not spend (sign-up looks before it tells whether an account name is taken) still costs a try.
    if (opts.spend === false) return true;
    // One use: of two checks racing with the right code, only the first `add` wins.
    if (!(await cache.add(`code:used:${stored.id}`, 1, CODE_LIFE_SECONDS))) return false;
    await this.forget(stored.id, key);
    return true;
  }

  /** Deletes the code unless a newer one replaced it meanwhile. */
  private async forget(id: string, key: string) {
    const cache = this.o.cache();
    if ((await cache.get<StoredCode>(key))?.id === id) await cache.del(key);
  }
}

const codeKey = (purpose: CodePurpose, target: string) => `code:${purpose}:${target}`;
const resendKey = (target: string) => `code:sent:${target}`;
