/**
 * The permission ceiling (README, "Architecture"): nobody grants what they do
 * not hold. Every generic write consults `ceiling` (the engine's `beforeWrite`
 * hook) inside its transaction, with the rows as they were and as they will
 * be, so every path that changes who may do what is capped in one place:
 * create, update, save, remove, restore, delete and clear of groups, users,
 * rules and config rows alike.
 *
 * - A group may be written (created, changed, trashed, restored, deleted)
 *   only when it is within the caller's power before and after: each of its
 *   rules held by the caller, with `manage` where it has `manage`, and `all`
 *   only by a holder of `all`. So the super-admin group is a super-admin's.
 * - A user may be changed (password, contact, ban, removal) only when every
 *   group they belong to is within the caller's power: nobody takes over or
 *   locks out someone who holds more.
 * - A rule's type, and the `lock`, `uids` and `rules` of a locked row, are a
 *   super-admin's (`all` with `manage`).
 * - The default groups of new sign-ups (SIGN_IN_UP) must be within the power
 *   of whoever sets them.
 * - A caller who came with a limited API key holds only the rules both the
 *   owner and the key hold, and is never a super-admin (key-rules.ts).
 */
import type { Kysely } from 'kysely';
import type { Resource } from '../../schema/define';
import type { ConfigValue } from '../../schema/config-rows';
import { AppError } from '../http';
import type { Caller } from '../types';
import { keyPower, ruleName } from './key-rules';

export interface RowChange {
  /** The stored row before the write (absent for a create). */
  before?: Record<string, unknown>;
  /** The row after the write (absent for a removal or deletion). */
  after?: Record<string, unknown>;
}

interface Group {
  id: number;
  all: number;
  manage: number;
  rules: number[];
  uids: number[];
}

/** What a user holds: every rule id they may call, and whether with everyone's rows. */
export interface Power {
  all: boolean;
  /** `all` with `manage`: the super-admin. */
  root: boolean;
  manage: boolean;
  /** Rule id -> held with `manage`. */
  rules: Map<number, boolean>;
}

// Stryker disable next-line MethodExpression,StringLiteral: an empty piece (from the list's outer bars) would be id 0, which no row
// has; the columns are never null (f.ids stores '')
const list = (v: unknown) => String(v ?? '').split('|').filter(Boolean).map(Number);
const toGroup = (g: Record<string, unknown>): Group => ({
  id: Number(g.id), all: Number(g.all), manage: Number(g.manage), rules: list(g.rules), uids: list(g.uids),
});

export async function liveGroups(trx: Kysely<any>): Promise<Group[]> {
  const rows = await trx.selectFrom('auth_group').select(['id', 'all', 'manage', 'rules', 'uids']).where('deleteTime', '=', 0).execute();
  return rows.map(toGroup);
}

export function powerOf(groups: readonly Group[], uid: number | undefined): Power {
  const power: Power = { all: false, root: false, manage: false, rules: new Map() };
  // Stryker disable next-line ConditionalExpression: a shortcut only; no group lists an absent uid (lists hold row ids, from 1), so the loop finds none
  if (!uid) return power;
  for (const g of groups.filter((x) => x.uids.includes(uid))) {
    power.all ||= g.all === 1;
    power.root ||= g.all === 1 && g.manage === 1;
    power.manage ||= g.manage === 1;
    for (const id of g.rules) power.rules.set(id, power.rules.get(id) === true || g.manage === 1);
  }
  return power;
}

/** What the caller holds: their groups' power, cut down to their API key's rules when it has some. */
async function callerPower(trx: Kysely<any>, groups: readonly Group[], caller: Caller): Promise<Power> {
  // Stryker disable next-line OptionalChaining: only a signed-in caller writes groups, rules, users or config rows
  const owner = powerOf(groups, caller.user?.id);
  const keyRules = caller.keyRules;
  if (!keyRules) return owner;
  const rules = await trx.selectFrom('auth_rules').select(['id', 'method', 'route']).execute();
  return keyPower(owner, new Set(rules.filter((r) => keyRules.has(ruleName(r))).map((r) => Number(r.id))));
}

/** Whether the caller holds everything a group grants. */
export function within(p: Power, g: Pick<Group, 'all' | 'manage' | 'rules'>): boolean {
  if (p.root) return true;
  if (g.all === 1 && !(p.all && (g.manage !== 1 || p.root))) return false;
  if (g.manage === 1 && !p.manage) return false;
  // Holding `all` covers every rule, but `manage` over a rule still comes from a group that has both.
  return g.rules.every((id) => (p.all || p.rules.has(id)) && (g.manage !== 1 || p.rules.get(id) === true));
}

const beyond = (field: string) => new AppError(403, 'errors.ceiling', { field });
const rootOnly = (field: string) => new AppError(403, 'errors.super_only', { field });
// Stryker disable next-line ConditionalExpression: every caller passes both rows (rules are only updated; lockedFields sees to a creation and a removal first)
const changed = (c: RowChange, k: string) => c.before !== undefined && c.after !== undefined && String(c.before[k]) !== String(c.after[k]);

function checkGroup(p: Power, c: RowChange) {
  for (const row of [c.before, c.after]) {
    if (!row) continue;
    const g = toGroup(row);
    if (!within(p, g)) throw beyond(g.all === 1 ? 'all' : g.manage === 1 && !p.manage ? 'manage' : 'rules');
  }
  lockedFields(p, c, ['uids', 'rules']);
}

/** `lock` is a super-admin's to set or lift; while a row is locked, so are `protect`. */
function lockedFields(p: Power, c: RowChange, protect: readonly string[]) {
  if (p.root) return;
  const lockNow = Number(c.after?.lock ?? 0), lockBefore = Number(c.before?.lock ?? 0);
  if (c.before ? changed(c, 'lock') : lockNow === 1) throw rootOnly('lock');
  if (lockBefore !== 1) return;
  // Trashing or deleting a locked row (nothing after it) lifts its lock as surely as setting 0.
  if (!c.after) throw rootOnly('lock');
  for (const k of protect) if (changed(c, k)) throw rootOnly(k);
}

function checkRule(p: Power, c: RowChange) {
  if (!p.root && changed(c, 'type')) throw rootOnly('type');
  // Stryker disable next-line ArrayDeclaration: a rule has no other field a lock protects; a made-up name never changes
  lockedFields(p, c, []);
}

function checkUser(p: Power, groups: readonly Group[], c: RowChange) {
  // A new user belongs to no group yet: membership is written on the groups.
  if (!c.before) return;
  const id = Number(c.before.id);
  const theirs = groups.filter((g) => g.uids.includes(id));
  if (!theirs.every((g) => within(p, g))) throw new AppError(403, 'errors.ceiling_user');
}

type SignUp = ConfigValue<'SIGN_IN_UP'>['sign_up'];
/** A SIGN_IN_UP row's sign_up part; its value was checked against `signInUp` before the write came here. */
// Stryker disable next-line ConditionalExpression,LogicalOperator: the row is seeded and its key unique, so a change of it always has both rows
const signUpOf = (row?: Record<string, unknown>) => row && (row.value as { sign_up: SignUp }).sign_up;

/**
 * Whoever changes how sign-up works (opens it, changes invitations or the
 * default groups) must hold every default group it hands to a stranger.
 */
function checkConfig(p: Power, groups: readonly Group[], c: RowChange) {
  // Stryker disable next-line ConditionalExpression,OptionalChaining: a shortcut, as no other row's value holds a sign_up; and a config row is never removed, so a change always has an after
  if (c.after?.key !== 'SIGN_IN_UP') return;
  const after = signUpOf(c.after)!;
  if (!after.allow || JSON.stringify(after) === JSON.stringify(signUpOf(c.before))) return;
  for (const id of after.auth_group_ids) {
    const g = groups.find((x) => x.id === id);
    if (g && !within(p, g)) throw beyond('value.sign_up.auth_group_ids');
  }
}

/** The tables whose rows decide who may do what, each with its check of one row's change. */
const CHECKS: Record<string, (p: Power, groups: readonly Group[], c: RowChange) => void> = {
  auth_group: (p, _groups, c) => checkGroup(p, c),
  auth_rules: (p, _groups, c) => checkRule(p, c),
  users: checkUser,
  config: checkConfig,
};

/** The engine's hook before a write commits: 403 (nothing written) when it reaches beyond the caller. */
export async function ceiling(trx: Kysely<any>, r: Resource, caller: Caller, changes: readonly RowChange[]) {
  const check = CHECKS[r.table];
  if (!check) return;
  // Stryker disable next-line ConditionalExpression: with no change the loop below checks nothing; this only saves the queries
  if (!changes.length) return;
  const groups = await liveGroups(trx);
  const p = await callerPower(trx, groups, caller);
  for (const c of changes) check(p, groups, c);
}

/**
 * Settings files that hold the keys to every account: `crypt` signs every
 * token, and `sms` decides where verification codes (and so password resets)
 * go. `history` decides how long the record of who changed what is kept, so
 * shortening it would erase an operator's own traces. Only a super-admin
 * writes them; the other files are not about who is who.
 */
const ROOT_SETTINGS: readonly string[] = ['crypt', 'sms', 'history'];

export async function settingsCeiling(db: Kysely<any>, caller: Caller, file: string) {
  if (ROOT_SETTINGS.includes(file) && !(await callerPower(db, await liveGroups(db), caller)).root) throw rootOnly(file);
}

/**
 * Turning off someone's second factor is a super-admin's act (who holds
 * everything, so every user is within his power, and whom a limited API key
 * never is), so a stolen operator session cannot strip an account of its protection.
 */
export async function mfaResetCeiling(trx: Kysely<any>, caller: Caller) {
  if (!(await callerPower(trx, await liveGroups(trx), caller)).root) throw new AppError(403, 'errors.mfa_reset_root');
}
