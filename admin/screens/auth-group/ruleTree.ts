/**
 * The rule tree's arithmetic (SPEC §6 "rules chosen in a tree"), kept apart
 * from the widget so it is tested without a browser. A group's rules are
 * stored as `|id|id|`; the tree works on id lists.
 */
import { resources } from '../../../schema/index';

/** One row of `GET /api/auth-rules/tree`. */
export interface TreeRule {
  id: number;
  name: string;
  method: string;
  route: string;
  type: string;
}
export interface RuleGroup {
  group: string;
  children: TreeRule[];
}

export type GroupState = 'all' | 'some' | 'none';

/** How much of a group is chosen: its checkbox is checked, half-checked or empty. */
export function groupState(chosen: ReadonlySet<number>, rules: readonly TreeRule[]): GroupState {
  const count = rules.filter((rule) => chosen.has(rule.id)).length;
  return count === 0 ? 'none' : count === rules.length ? 'all' : 'some';
}

/** Adds or takes away a whole group at once; the result is sorted so the stored list reads in order. */
export function setGroup(chosen: readonly number[], rules: readonly TreeRule[], on: boolean): number[] {
  const ids = new Set(chosen);
  for (const rule of rules) {
    if (on) ids.add(rule.id);
    else ids.delete(rule.id);
  }
  return [...ids].sort((a, b) => a - b);
}

/** Flips one rule. */
export function toggleRule(chosen: readonly number[], id: number): number[] {
  return chosen.includes(id) ? chosen.filter((x) => x !== id) : [...chosen, id].sort((a, b) => a - b);
}

/**
 * A table's rules are labelled by the table's own name (`resources.<group>.name`);
 * the hand-written routes' groups (comm, file, toml...) by `ruleGroups.<group>`.
 */
export const groupLabelKey = (group: string) => (Object.hasOwn(resources, group) ? `resources.${group}.name` : `ruleGroups.${group}`);
