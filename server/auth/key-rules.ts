/**
 * What a limited API key may do. A key's `rules` name rules as
 * `METHOD route`; null means all of its owner's (every key made before keys
 * could be limited keeps working as it did). A call through a limited key
 * needs the key's rule besides the owner's grant, for `login` rules as much
 * as for granted ones: only public routes need none. A key naming a generic
 * action may also use the simple-rest route that performs it, as a group
 * that holds the action holds its dialect route.
 */
import { resourceList } from '../../schema';
import { restRules } from '../../schema/rest';
import { ACTION_METHOD } from '../../schema/rules';
import type { Power } from './ceiling';

export const ruleName = (r: { method: string; route: string }) => `${r.method} ${r.route}`;

/** Each generic route's simple-rest routes (`GET api/receive-money/rows` -> `GET api/rest/receive-money`), and the dialect's PUT its PATCH. */
const REST_OF = (() => {
  const out = new Map<string, string[]>();
  for (const r of resourceList) {
    for (const rest of restRules(r)) {
      const generic = `${ACTION_METHOD[rest.mirrors]} api/${r.name}/${rest.mirrors}`;
      out.set(generic, [...(out.get(generic) ?? []), ruleName(rest)]);
      // The dialect's PATCH is its PUT's write: a key naming the PUT (keys made before PATCH came) may send either.
      if (rest.method === 'PATCH') out.set(`PUT ${rest.route}`, [ruleName(rest)]);
    }
  }
  return out;
})();

/** The stored list (text on SQLite, parsed on MySQL), or null for all of the owner's rules. */
export function storedKeyRules(value: unknown): string[] | null {
  if (value === null || value === undefined) return null;
  const list: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  return Array.isArray(list) ? list.map(String) : null;
}

/** The rules a key's calls may go through: its own, and the dialect routes of its generic actions. */
export function keyReach(rules: readonly string[]): ReadonlySet<string> {
  const out = new Set(rules);
  for (const rule of rules) for (const rest of REST_OF.get(rule) ?? []) out.add(rest);
  return out;
}

/**
 * The power of a caller through a limited key, for the permission ceiling:
 * only the rules both the owner and the key hold, never `all` (so never a
 * super-admin), so a key cannot hand anyone a rule it could not call itself.
 */
export function keyPower(owner: Power, keyRuleIds: ReadonlySet<number>): Power {
  const rules = new Map<number, boolean>();
  for (const id of keyRuleIds) {
    if (owner.rules.has(id)) rules.set(id, owner.rules.get(id)!);
    // Holding `all` grants every rule, and `manage` over it when the same group has `manage`.
    else if (owner.all) rules.set(id, owner.root);
  }
  return { all: false, root: false, manage: owner.manage, rules };
}

/**
 * Whether `power` holds a rule: a signed-in rule everyone signed in holds;
 * others come from a group. A public rule too: a public generic read
 * (`GET api/receive-money/take` by tradeNo) is granted by a group for reads
 * by id, and that grant is what a key naming it is given.
 */
export const holds = (power: Power, rule: { id: number; type: string }) => rule.type === 'login' || power.all || power.rules.has(rule.id);

/** Every generic action of every table: the public ones among them still need a grant for reads by id. */
const GENERIC = new Set(resourceList.flatMap((r) => Object.entries(ACTION_METHOD).map(([action, method]) => `${method} api/${r.name}/${action}`)));

/** Whether a key may usefully name a rule: one that needs a sign-in or a grant, not a route open to anyone. */
export const keyMayName = (rule: { method: string; route: string; type: string }) => rule.type !== 'common' || GENERIC.has(ruleName(rule));
