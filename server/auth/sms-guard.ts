/**
 * The SAFETY_SMS limits on code requests: `brush` and `burst`
 * are two independent limits with the same settings, so an operator can pair
 * a short window against bursts of requests with a long one against slow
 * flooding. Each counts requests in a window of `rule.second` and trips past
 * `rule.count` (429). What one counter stands for is its `rule.strategy`:
 * loose = IP + phone + API, moderate = IP + phone,
 * strict = the phone (or address) alone.
 *
 * Once tripped, the limit holds for `plan.second` (1800 s by default): `intercept` refuses what that counter counts; `force-black`
 * refuses the client's IP every code request. A limit switched off holds
 * nothing any more; a blacklisted IP stays out until its time is up.
 *
 * Every request for a code counts, sent or not (the resend wait may refuse
 * it), so hammering is caught while the wait still holds. Counters live in the
 * shared cache, so instances on one Redis count together.
 */
import type { ConfigValue } from '../../schema/config-rows';
import { AppError } from '../http';
import type { ConfigRows } from '../services/config-rows';
import type { KeyValueCache } from '../types';

type Limit = ConfigValue<'SAFETY_SMS'>['brush'];

export interface CodeRequest {
  ip: string;
  /** The API route asked (`api/comm/sign-code`): the loose strategy counts per route. */
  route: string;
  /** Phone or address the code goes to. */
  target: string;
}

/** What one counter stands for, by strategy. */
function counterKey(strategy: Limit['rule']['strategy'], r: CodeRequest): string {
  if (strategy === 'strict') return r.target;
  if (strategy === 'loose') return `${r.ip}|${r.target}|${r.route}`;
  return `${r.ip}|${r.target}`;
}

const blackKey = (ip: string) => `sms:black:${ip}`;

/** A held target or a blacklisted address: when it ends (a mark from before it was dated: its whole period). */
function refusal(stored: unknown, periodSeconds: number, blacklisted: boolean) {
  const until = Number(stored) > Date.now() ? Number(stored) : Date.now() + periodSeconds * 1000;
  const seconds = Math.max(1, Math.ceil((until - Date.now()) / 1000));
  return blacklisted
    ? new AppError(429, 'errors.rate_blocked', { seconds, minutes: Math.ceil(seconds / 60), until: new Date(until).toISOString().slice(11, 16) })
    : new AppError(429, 'errors.rate_wait', { seconds });
}

export class SmsGuard {
  constructor(private readonly cache: () => KeyValueCache, private readonly config: ConfigRows) {}

  /** Counts the request; 429 (saying when to try again) when it passes a limit, meets a held one or comes from a blacklisted IP. */
  async admit(r: CodeRequest) {
    const cache = this.cache();
    const limits = await this.config.get('SAFETY_SMS');
    const black = await cache.get(blackKey(r.ip));
    if (black) throw refusal(black, Math.max(limits.brush.plan.second, limits.burst.plan.second), true);
    for (const name of ['brush', 'burst'] as const) {
      const limit = limits[name];
      if (!limit.enable) continue;
      const key = `sms:${name}:${limit.rule.strategy}:${counterKey(limit.rule.strategy, r)}`;
      const held = await cache.get(`${key}:held`);
      if (held) throw refusal(held, limit.plan.second, false);
      if ((await cache.incr(key, limit.rule.second)) <= limit.rule.count) continue;
      // The value is when the refusal ends, so a later refusal can say so.
      const until = Date.now() + limit.plan.second * 1000;
      if (limit.plan.mode === 'force-black') await cache.set(blackKey(r.ip), until, limit.plan.second);
      else await cache.set(`${key}:held`, until, limit.plan.second);
      // The request that trips the limit is told how long to wait; those after it, that the address is blocked.
      throw refusal(until, limit.plan.second, false);
    }
  }
}
