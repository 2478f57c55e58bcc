/**
 * The group screen's rule tree arithmetic: what a whole-group checkbox shows
 * and does, and how a rule group is labelled; the dialog's name check.
 */
import { describe, expect, it } from 'vitest';
import { validateValue } from '../../admin/form/validation';
import { groupLabelKey, groupState, orderedTree, setGroup, toggleRule, type TreeRule } from '../../admin/screens/auth-group/ruleTree';
import { authGroup } from '../../schema/index';

const rule = (id: number): TreeRule => ({ id, name: 'rows', method: 'GET', route: `api/x/${id}`, type: 'default' });
const logs = [rule(4), rule(5), rule(6)];

describe('rule tree', () => {
  it('shows a group checked, half-checked or empty by how many of its rules are chosen', () => {
    expect(groupState(new Set([4, 5, 6, 9]), logs)).toBe('all');
    expect(groupState(new Set([5, 9]), logs)).toBe('some');
    expect(groupState(new Set([9]), logs)).toBe('none');
  });

  it('takes or drops a whole group, leaving other groups\' rules alone, in id order', () => {
    expect(setGroup([9, 5], logs, true)).toEqual([4, 5, 6, 9]);
    expect(setGroup([4, 5, 6, 9], logs, false)).toEqual([9]);
    expect(setGroup([], logs, false)).toEqual([]);
  });

  it('lists branches as the side menu does (users, orders, safety, settings, content), then the route families', () => {
    // As `auth-rules/tree` answers: by identifier, which means nothing to a reader.
    const served = ['article', 'auth-group', 'auth-rules', 'cache', 'comm', 'config', 'file', 'logs', 'receive-money', 'toml', 'users', 'zzz'];
    const order = orderedTree(served.map((group) => ({ group, children: [] }))).map(({ group }) => group);
    expect(order.slice(0, 6)).toEqual(['users', 'receive-money', 'auth-group', 'auth-rules', 'logs', 'config']);
    expect(order.slice(-5)).toEqual(['comm', 'file', 'toml', 'cache', 'zzz']);
    expect(orderedTree([...served].reverse().map((group) => ({ group, children: [] }))).map(({ group }) => group)).toEqual(order);
  });

  it('flips one rule', () => {
    expect(toggleRule([9, 4], 5)).toEqual([4, 5, 9]);
    expect(toggleRule([4, 5, 9], 5)).toEqual([4, 9]);
  });

  it('labels a table\'s rules by the table and the hand-written routes by their group', () => {
    expect(groupLabelKey('receive-money')).toBe('resources.receive-money.name');
    expect(groupLabelKey('comm')).toBe('ruleGroups.comm');
    expect(groupLabelKey('toString')).toBe('ruleGroups.toString');
  });
});

describe('group dialog checks', () => {
  it('asks for a name in the schema\'s own words, and keeps to its lengths', () => {
    expect(validateValue(authGroup.fields.name, '')?.message).toBe('validation.group_name_required');
    expect(validateValue(authGroup.fields.name, 'x'.repeat(25))?.message).toBe('validation.max_length');
    expect(validateValue(authGroup.fields.name, 'x'.repeat(24))).toBeUndefined();
    expect(validateValue(authGroup.fields.no, 'n'.repeat(33))?.message).toBe('validation.max_length');
    expect(validateValue(authGroup.fields.remark, 'r'.repeat(257))?.message).toBe('validation.max_length');
  });
});
