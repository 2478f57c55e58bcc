/**
 * Password guessing per account (ASVS 5.0 V6.3.1), on top of the per-IP rate
 * limits. Two counters, both in the shared cache so every instance sees them:
 *
 * - **account and address**: after 5 wrong passwords from one address within
 *   15 minutes, that address waits 30 s before its next try for the account,
 *   then twice as long after each further miss, up to 15 minutes. This is
 *   what stops one machine from guessing.
 * - **account, any address**: after 20 wrong passwords from anywhere within
 *   15 minutes, every address waits 60 s between tries. This slows guessing
 *   spread over many addresses to about one try a minute, yet a stranger who
 *   hammers someone's account can never keep its owner out for more than a
 *   minute at a time.
 *
 * The counters are keyed by the account name as typed (lower-cased, as names
 * are unique without regard to case), whether or not such an account exists,
 * so a wait tells nothing about which accounts are real. A right password
 * clears its address's counter.
 */
import { createHash } from 'node:crypto';
import { AppError } from '../http';
import type { KeyValueCache } from '../types';

export const THROTTLE = {
  windowSeconds: 15 * 60,
  perAddress: { free: 5, firstWaitSeconds: 30, maxWaitSeconds: 15 * 60 },
  perAccount: { free: 20, waitSeconds: 60 },
} as const;

const keyOf = (...parts: string[]) => createHash('sha256').update(parts.join('\n')).digest('base64url').slice(0, 22);

export class PasswordThrottle {
  /** `now`: epoch milliseconds, the app's (AppOptions.clock). */
  constructor(private readonly cache: () => KeyValueCache, private readonly now: () => number) {}

  private keys(account: string, ip: string) {
    const name = account.trim().toLowerCase();
    return { pair: `pw:pair:${keyOf(name, ip)}`, account: `pw:acct:${keyOf(name)}` };
  }

  /** Refuses with 429, saying how many seconds to wait, while the account is held for this address. */
  async admit(account: string, ip: string): Promise<void> {
    const k = this.keys(account, ip);
    const [pairUntil, accountUntil] = await Promise.all([
      this.cache().get<number>(`${k.pair}:until`), this.cache().get<number>(`${k.account}:until`),
    ]);
    const until = Math.max(pairUntil ?? 0, accountUntil ?? 0);
    const seconds = Math.ceil((until - this.now()) / 1000);
    if (seconds > 0) throw new AppError(429, 'errors.sign_in_wait', { seconds });
  }

  /** Counts a wrong password (or an unknown account) and sets the next wait. */
  async failed(account: string, ip: string): Promise<void> {
    const k = this.keys(account, ip);
    const { windowSeconds, perAddress, perAccount } = THROTTLE;
    const [pairMisses, accountMisses] = await Promise.all([
      this.cache().incr(k.pair, windowSeconds), this.cache().incr(k.account, windowSeconds),
    ]);
    if (pairMisses >= perAddress.free) {
      const wait = Math.min(perAddress.firstWaitSeconds * 2 ** (pairMisses - perAddress.free), perAddress.maxWaitSeconds);
      await this.cache().set(`${k.pair}:until`, this.now() + wait * 1000, wait);
    }
    if (accountMisses >= perAccount.free) {
      await this.cache().set(`${k.account}:until`, this.now() + perAccount.waitSeconds * 1000, perAccount.waitSeconds);
    }
  }

  /**
   * A right password: this address starts afresh (the account-wide count runs out on its own).
   * Its wait, if it had one, is over: `admit` let the password through.
   */
  async succeeded(account: string, ip: string): Promise<void> {
    await this.cache().del(this.keys(account, ip).pair);
  }
}
