/**
 * Managing one's own API keys (issue 13 item 5): create (the key is in this
 * one answer and nowhere else, ever), limit to rules, and revoke. Lists and
 * delete are the generic `api-keys` routes, scoped to the caller's own keys.
 * A caller who came with an API key may not make, change or revoke keys: that
 * needs a real sign-in.
 *
 * A key's rules (`rules: ["POST api/receive-money/create", …]`, or
 * `preset: "merchant"`) are chosen from those its owner holds; absent, the
 * key may do all its owner may. Only the owner changes a key's rules.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { apiKeys } from '../../schema';
import type { Resource } from '../../schema/define';
import { API_KEY_PRESETS } from '../../schema/resources/api-keys';
import { newApiKey } from '../auth/api-keys';
import { liveGroups, powerOf } from '../auth/ceiling';
import { holds, keyMayName, ruleName } from '../auth/key-rules';
import type { RuleBook } from '../auth/rules';
import { AppError, created, forbidden, notFound, ok } from '../http';
import { invalid, onlyKeys, parseId, parseValues } from '../engine/params';
import type { WriteContext } from '../engine/writes';
import type { Clock } from './transitions';
import type { Kysely } from 'kysely';

export interface ApiKeyRouteOptions {
  db: Kysely<any>;
  clock: Clock;
  rules: RuleBook;
  writeContext(request: FastifyRequest): WriteContext;
}

const resource = apiKeys as unknown as Resource;

function signedIn(request: FastifyRequest) {
  if (request.caller.apiKeyId) throw new AppError(403, 'errors.api_key_needs_sign_in');
}

/**
 * The rules a key asks for, checked against what its owner holds: null for
 * all of the owner's; 400 naming every rule that is no rule or not his.
 */
async function chosenRules(o: ApiKeyRouteOptions, owner: number, body: { rules?: unknown; preset?: unknown }): Promise<string[] | null> {
  if (body.preset !== undefined) {
    if (body.rules !== undefined) invalid([{ field: 'preset', message: 'validation.key_rules_or_preset' }]);
    if (typeof body.preset !== 'string' || !Object.hasOwn(API_KEY_PRESETS, body.preset)) invalid([{ field: 'preset', message: 'validation.choice' }]);
    body = { rules: [...API_KEY_PRESETS[body.preset as keyof typeof API_KEY_PRESETS]] };
  }
  if (body.rules === undefined || body.rules === null) return null;
  const parsed = resource.fields.rules!.input.safeParse(body.rules);
  // Stryker disable next-line LogicalOperator: equivalent; the field's schema parses only to a list, so the second test only narrows the type
  if (!parsed.success || !Array.isArray(parsed.data)) return invalid([{ field: 'rules', message: 'validation.key_rules' }]);
  const asked = [...new Set(parsed.data as string[])].sort();
  if (!asked.length) invalid([{ field: 'rules', message: 'validation.key_rules_empty' }]);
  const book = new Map((await o.rules.list()).map((r) => [ruleName(r), r]));
  const unknown = asked.filter((name) => !book.has(name));
  if (unknown.length) invalid([{ field: 'rules', message: 'validation.key_rules_unknown', params: { rules: unknown.join(', ') } }]);
  const power = powerOf(await liveGroups(o.db), owner);
  const notHeld = asked.filter((name) => !holds(power, book.get(name)!));
  if (notHeld.length) invalid([{ field: 'rules', message: 'validation.key_rules_not_held', params: { rules: notHeld.join(', ') } }]);
  return asked;
}

export async function apiKeyRoutes(app: FastifyInstance, o: ApiKeyRouteOptions) {
  const rule = (name: string) => ({ rule: { name, group: 'api-keys', type: 'login' as const } });

  app.post('/api/api-keys/create', { config: rule('create') }, async (request, reply) => {
    // A key acts with its owner's groups and no second factor: a session that owes one gets none (server/auth/credentials.ts).
    signedIn(request);
    const values = parseValues(resource, request.body, false, ['rules', 'preset']);
    const now = o.clock();
    const expireTime = Number(values.expireTime ?? 0);
    if (expireTime && expireTime <= now) invalid([{ field: 'expireTime', message: 'validation.expire_past' }]);
    const rules = await chosenRules(o, request.caller.user!.id, request.body as Record<string, unknown>);
    const { key, hash, prefix } = newApiKey();
    const ctx = o.writeContext(request);
    const id = await o.db.transaction().execute(async (trx) => {
      const result = await trx.insertInto('api_keys').values({
        name: values.name, prefix, hash, expireTime, lastUsedTime: 0, revokedTime: 0, rules: rules && JSON.stringify(rules),
        uid: request.caller.user!.id, createTime: now, updateTime: now,
      }).executeTakeFirstOrThrow();
      const id = Number(result.insertId);
      await ctx.audit(trx, { bindId: id });
      return id;
    });
    reply.code(201);
    return created({ id, name: values.name, prefix, expireTime, rules, createTime: now, key }, 'messages.api_key_created');
  });

  // What the caller may give a key: each rule he holds that needs a sign-in, with its group and name for the console's labels.
  app.get('/api/api-keys/choices', { config: rule('choices') }, async (request) => {
    signedIn(request);
    const power = powerOf(await liveGroups(o.db), request.caller.user!.id);
    const declared = new Map(o.rules.all.map((r) => [ruleName(r), r]));
    // Stryker disable next-line OptionalChaining,StringLiteral: equivalent; the rule book lists only stored rules of declared routes, so each is found
    const labelled = (rule: string) => ({ rule, group: declared.get(rule)?.group ?? '', name: declared.get(rule)?.name ?? '' });
    const choices = (await o.rules.list())
      .filter((r) => keyMayName(r) && holds(power, r))
      .map((r) => labelled(ruleName(r)))
      .sort((a, b) => a.group.localeCompare(b.group) || a.rule.localeCompare(b.rule));
    return ok(choices);
  });

  // Changing what a key may do is the owner's, logged like every write; `rules: null` gives it all his rights again.
  app.put('/api/api-keys/rules', { config: { rule: { name: 'rules', group: 'api-keys', type: 'login', scene: 'update' } } }, async (request) => {
    signedIn(request);
    onlyKeys(request.body, ['id', 'rules', 'preset']);
    const body = request.body as Record<string, unknown>;
    const id = parseId(body.id);
    if (!('rules' in body) && !('preset' in body)) invalid([{ field: 'rules', message: 'validation.required' }]);
    const row = await o.db.selectFrom('api_keys').select(['id', 'uid']).where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound();
    if (row.uid !== request.caller.user!.id) throw forbidden('errors.scope');
    const rules = await chosenRules(o, row.uid, body);
    const now = o.clock();
    const ctx = o.writeContext(request);
    await o.db.transaction().execute(async (trx) => {
      await trx.updateTable('api_keys').set({ rules: rules && JSON.stringify(rules), updateTime: now }).where('id', '=', id).execute();
      await ctx.audit(trx, { bindId: id });
    });
    return ok({ id, rules }, 'messages.api_key_rules_saved');
  });

  app.put('/api/api-keys/revoke', { config: rule('revoke') }, async (request) => {
    signedIn(request);
    onlyKeys(request.body, ['id']);
    const id = parseId((request.body as { id?: unknown } | undefined)?.id);
    const row = await o.db.selectFrom('api_keys').select(['id', 'uid', 'revokedTime']).where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound();
    if (request.caller.scopeUid !== null && row.uid !== request.caller.scopeUid) throw forbidden('errors.scope');
    const now = o.clock();
    const ctx = o.writeContext(request);
    await o.db.transaction().execute(async (trx) => {
      if (!row.revokedTime) await trx.updateTable('api_keys').set({ revokedTime: now, updateTime: now }).where('id', '=', id).execute();
      await ctx.audit(trx, { bindId: id });
    });
    return ok({ id, revokedTime: row.revokedTime || now }, 'messages.api_key_revoked');
  });
}
