/**
 * The rule tree's arithmetic, kept apart
 * from the widget so it is tested without a browser. A group's rules are
 * stored as `|id|id|`; the tree works on id lists.
 */
import { MENU_ORDER } from '../../../schema/define';
import { resourceList, resources } from '../../../schema/index';

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

/** Route families that are no table, in the order a person meets them: account, files, settings, cache, docs. */
const ROUTE_FAMILIES = ['comm', 'file', 'toml', 'cache', 'docs'];

/** Where a group sits in the tree: tables as the side menu lists them, then the route families, then anything else. */
function treeRank(group: string): number {
  const tables = MENU_ORDER.flatMap((menu) => resourceList.filter((r) => r.menu === menu).map((r) => r.name));
  const table = tables.indexOf(group);
  if (table >= 0) return table;
  const family = ROUTE_FAMILIES.indexOf(group);
  return family >= 0 ? tables.length + family : tables.length + ROUTE_FAMILIES.length;
}

/** The tree's branches in a stable order that means something: the side menu's, not the alphabet of identifiers. */
export function orderedTree(tree: readonly RuleGroup[]): RuleGroup[] {
  return [...tree].sort((a, b) => treeRank(a.group) - treeRank(b.group) || a.group.localeCompare(b.group));
}
