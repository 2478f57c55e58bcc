/**
 * The permission check of every route (README, "Architecture"): find the route's
 * rule (none: 404) -> `common` passes -> a valid token of a live, unbanned user
 * (401) -> `login` passes -> a group of the user has `all = 1` or lists the
 * rule (403). It also sets the caller's scope: everyone's rows when a granting
 * group has `manage = 1`, else only the caller's own.
 */
import type { FastifyRequest } from 'fastify';
import { resourceList, revisions } from '../../schema';
import { SETTINGS_FILES } from '../../schema/settings';
import type { Db } from '../db/connect';
import { AppError, forbidden, notFound, unauthorized } from '../http';
import type { Caller, CallerUser } from '../types';
import { isApiKey, type ApiKeys } from './api-keys';
import { isCredentialRoute } from './credentials';
import { keyReach, ruleName } from './key-rules';
import type { RuleBook, RuleRow } from './rules';
import { tokenOf, type Tokens } from './tokens';

interface Grants {
  user: CallerUser & { deleteTime: number };
  groups: Array<{ id: number; all: number; manage: number; rules: Set<number> }>;
  /** A group requires two-factor sign-in and the user has not set it up. */
  mfaMissing: boolean;
}

/** Groups that grant this very rule: every group for one open to anyone signed in. */
const grantingOf = (grants: Grants, rule: { id: number; type: string }) =>
  rule.type === 'default' ? grants.groups.filter((g) => g.all === 1 || g.rules.has(rule.id)) : grants.groups;

/**
 * Whether the rule reaches everyone's rows: a group must grant this very rule
 * (listing it, or all) with `manage = 1`. For a rule open to anyone signed in,
 * a group managing other rules lifts nothing (an auditor reads everyone's
 * rows, and revokes no one's key).
 */
const managesAll = (grants: Grants, rule: { id: number }) => grants.groups.some((g) => g.manage === 1 && (g.all === 1 || g.rules.has(rule.id)));

/** How long a change written through another instance (which this one hears nothing of) may go unseen here. */
const FRESH_MS = 1000;

export class Guard {
  private memo = new Map<number, { at: number; grants: Grants | null }>();

  constructor(
    private readonly db: Db,
    private readonly rules: RuleBook,
    private readonly tokens: Tokens,
    private readonly apiKeys: ApiKeys,
    /** Epoch milliseconds, the app's (AppOptions.clock): how long another instance's change may go unseen is measured on it. */
    private readonly clock: () => number,
  ) {
    // What the permission check knows of users: only the written ones are stale; any group change may touch anyone.
    const stale: Partial<Record<string, (ids?: readonly number[]) => void>> = { users: (ids) => this.forget(ids), auth_group: () => this.forget() };
    // Stryker disable next-line OptionalChaining: equivalent; without it another table's write throws into Writes.announce, which logs it and goes on.
    db.writes.on((table, ids) => stale[table]?.(ids));
  }

  /** Forget what is known of these users, or of everyone. */
  private forget(uids?: readonly number[]) {
    // Stryker disable next-line ConditionalExpression: equivalent; forgetting everyone on each user write only costs reads.
    if (!uids) return this.memo.clear();
    for (const uid of uids) this.memo.delete(uid);
  }

  private async grants(uid: number): Promise<Grants | null> {
    const hit = this.memo.get(uid);
    // Stryker disable next-line ConditionalExpression,ArithmeticOperator: forced false, or with a sum never fresh, every call reads the user again, which is only slower
    if (hit && this.clock() - hit.at < FRESH_MS) return hit.grants;
    const db = this.db.kysely;
    const found = await db.selectFrom('users').select(['id', 'account', 'nickname', 'status', 'deleteTime', 'mfa']).where('id', '=', uid).executeTakeFirst();
    let grants: Grants | null = null;
    if (found) {
      const groups = await db.selectFrom('auth_group').select(['id', 'all', 'manage', 'rules', 'mfa']).where('deleteTime', '=', 0).where('uids', 'like', `%|${uid}|%`).execute();
      const { mfa, ...user } = found;
      grants = {
        user: user as Grants['user'],
        // Stryker disable next-line MethodExpression: equivalent; without the filter the empty ends of '|1|2|' become rule 0, which no rule is.
        groups: groups.map((g) => ({ id: Number(g.id), all: g.all, manage: g.manage, rules: new Set(String(g.rules).split('|').filter(Boolean).map(Number)) })),
        mfaMissing: mfa !== 1 && groups.some((g) => g.mfa === 1),
      };
    }
    // Stryker disable next-line all: a bound on memory alone; a memo cleared early or never only changes how often users are read.
    if (this.memo.size > 10_000) this.memo.clear();
    // Stryker disable next-line ObjectLiteral: equivalent; an entry without its time is never fresh, so it is read again.
    this.memo.set(uid, { at: this.clock(), grants });
    return grants;
  }

  /** The caller behind the request's token, or 401. */
  private async identify(request: FastifyRequest): Promise<{ grants: Grants; caller: Caller }> {
    const token = tokenOf(request.headers);
    if (!token) throw unauthorized();
    const claims = isApiKey(token) ? await this.apiKeys.verify(token) : await this.tokens.verify(token);
    if (!claims) throw unauthorized('errors.token_invalid');
    const grants = await this.grants(claims.uid);
    if (!grants || grants.user.deleteTime > 0) throw unauthorized('errors.token_invalid');
    if (grants.user.status === 'banned') throw new AppError(401, 'errors.user_banned');
    const { deleteTime: _, ...user } = grants.user;
    const apiKeyId = 'apiKeyId' in claims ? claims.apiKeyId : undefined;
    const keyRules = 'keyRules' in claims && claims.keyRules ? keyReach(claims.keyRules) : undefined;
    return {
      grants,
      caller: {
        user, scopeUid: user.id, groups: grants.groups.map((g) => g.id), jti: claims.jti, tokenExp: claims.exp, ...(apiKeyId && { apiKeyId }), ...(keyRules && { keyRules }),
        ...(grants.mfaMissing && { mfaMissing: true as const }),
      },
    };
  }

  /** 403 for a session that still owes the second factor its group requires (API keys act for scripts). */
  private settled(grants: Grants, caller: Caller) {
    if (grants.mfaMissing && !caller.apiKeyId) throw forbidden('errors.mfa_required');
  }

  /** Applies a rule to the request and sets `request.caller`. */
  async check(request: FastifyRequest, rule: RuleRow) {
    if (rule.type === 'common') {
      // Public, but a signed-in caller is still known (for the log and their own rows); anyone else stays the stranger of onRequest.
      const known = await this.identify(request).catch(() => undefined);
      if (known) request.caller = known.caller;
      if (known && isCredentialRoute(rule)) this.settled(known.grants, known.caller);
      return;
    }
    const { grants, caller } = await this.identify(request);
    request.caller = caller;
    const granting = grantingOf(grants, rule);
    if (rule.type === 'default' && !granting.length) throw forbidden();
    // A limited key needs its own rule too, whatever its owner may do (server/auth/key-rules.ts).
    if (caller.keyRules && !caller.keyRules.has(ruleName(rule))) throw new AppError(403, 'errors.api_key_rule', { rule: ruleName(rule) });
    // A group's grants, and every credential, wait for the second factor it requires (a session from before it did); API keys act for scripts.
    if (rule.type === 'default' || isCredentialRoute(rule)) this.settled(grants, caller);
    if (managesAll(grants, rule)) caller.scopeUid = null;
    // Stryker disable next-line ConditionalExpression,OptionalChaining: every checked route declares its rule; what the history may show, worked out for any other route, is only not read
    if (request.routeOptions.config?.rule?.group === revisions.name) caller.readable = await this.readable(grants, caller.keyRules);
  }

  /**
   * The tables whose rows these grants list, wholly or only one's own, as
   * each table's `GET api/<table>/rows` rule decides (a settings file's by
   * the settings read rule): what the record history may show of them.
   */
  private async readable(grants: Grants, keyRules?: ReadonlySet<string>): Promise<NonNullable<Caller['readable']>> {
    // A limited API key reads the history only of tables its own rules list.
    const keyAllows = (rule: { method: string; route: string }) => !keyRules || keyRules.has(ruleName(rule));
    // Stryker disable next-line ArrayDeclaration: a made-up table name has no revisions to show
    const all: string[] = [];
    // Stryker disable next-line ArrayDeclaration: as above
    const own: string[] = [];
    // Stryker disable next-line Regex,ConditionalExpression: every route starts with api/, none goes on after /rows, and a list is read by GET alone
    const reads = this.rules.all.filter((r) => r.method === 'GET' && /^api\/[^/]+\/rows$/.test(r.route));
    for (const declared of reads) {
      const row = await this.rules.find('GET', declared.route);
      if (!row || !keyAllows(row)) continue;
      const granting = grantingOf(grants, row);
      if (!granting.length || (row.type === 'default' && grants.mfaMissing)) continue;
      const table = declared.route.split('/')[1]!;
      // A personal table's rows (saved views) are their owner's alone, whatever a group manages.
      const personal = Boolean(resourceList.find((r) => r.name === table)?.personal);
      (managesAll(grants, row) && !personal ? all : own).push(table);
    }
    const settings = await this.rules.find('GET', 'api/toml/:name');
    if (settings && keyAllows(settings) && !grants.mfaMissing && grants.groups.some((g) => g.all === 1 || g.rules.has(settings.id))) {
      all.push(...SETTINGS_FILES.map((file) => `toml:${file}`));
    }
    return { all, own };
  }

  /** The stored rule of the request's route (404 for a route without one). */
  async rule(request: FastifyRequest): Promise<RuleRow> {
    // Stryker disable next-line OptionalChaining,Regex: a route with a rule was registered, so it has a url, and it starts with its only leading /
    const route = request.routeOptions.url?.replace(/^\//, '');
    const rule = route ? await this.rules.find(request.method, route) : undefined;
    if (!rule) throw new AppError(404, 'errors.route_not_found', { method: request.method, url: request.url.split('?')[0] });
    return rule;
  }

  /** Re-checks a call that a public rule let in against a `default` rule of the same route (take by id). */
  async authorize(request: FastifyRequest, rule: { method: string; route: string }) {
    const row = await this.rules.find(rule.method, rule.route);
    if (!row) throw notFound();
    await this.check(request, { ...row, type: 'default' });
  }

  /** `auth-rules/mine`: the caller's rules with whether their scope covers others' rows. */
  async mine(request: FastifyRequest, all: RuleRow[]) {
    const { grants, caller } = await this.identify(request);
    return all
      .filter((rule) => rule.type === 'common' || !caller.keyRules || caller.keyRules.has(ruleName(rule)))
      .map((rule) => {
        if (rule.type === 'default' && !grantingOf(grants, rule).length) return null;
        if (grants.mfaMissing && (rule.type === 'default' || isCredentialRoute(rule))) return null;
        // `manage`: the rule is usable from the console; `scope`: whose rows it reaches.
        const scope = managesAll(grants, rule) ? 'all' : 'own';
        return { method: rule.method, route: rule.route, manage: true, scope };
      })
      .filter((x) => x !== null);
  }
}
