/**
 * The SAFETY_SMS limits on code requests (SPEC §3, §9): `brush` stops one
 * target being flooded, `burst` stops one client requesting codes in volume.
 * Each counts requests in a window of `rule.second` and refuses past
 * `rule.count` (429); in `force-black` mode the client's IP is then refused
 * every code request for `plan.second`.
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

/** What one `brush` counter stands for, by strategy (SPEC §3 "sms strategy"). */
function brushKey(strategy: Limit['rule']['strategy'], r: CodeRequest): string {
  if (strategy === 'strict') return r.target;
  if (strategy === 'loose') return `${r.ip}|${r.target}|${r.route}`;
  return `${r.ip}|${r.target}`;
}

const blackKey = (ip: string) => `sms:black:${ip}`;

export class SmsGuard {
  constructor(private readonly cache: () => KeyValueCache, private readonly config: ConfigRows) {}

  /** Counts the request; 429 when it passes a limit or comes from a blacklisted IP. */
  async admit(r: CodeRequest) {
    const cache = this.cache();
    if (await cache.get(blackKey(r.ip))) throw new AppError(429, 'errors.blocked');
    const { brush, burst } = await this.config.get('SAFETY_SMS');
    const counters: Array<[string, Limit]> = [
      [`sms:brush:${brush.rule.strategy}:${brushKey(brush.rule.strategy, r)}`, brush],
      [`sms:burst:${r.ip}`, burst],
    ];
    for (const [key, limit] of counters) {
      if (!limit.enable) continue;
      if ((await cache.incr(key, limit.rule.second)) <= limit.rule.count) continue;
      if (limit.plan.mode === 'force-black') await cache.set(blackKey(r.ip), 1, limit.plan.second);
      throw new AppError(429, 'errors.too_many_requests');
    }
  }
}
