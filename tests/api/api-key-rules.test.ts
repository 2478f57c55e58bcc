/**
 * API keys that can do less than their owner: a key made with rules calls
 * only those (and their simple-rest routes), even where its owner could do
 * more; it is given only rules its owner holds; a key made before keys could
 * be limited keeps all of its owner's rights; changing a key's rules is the
 * owner's and is in the operation log; the permission ceiling counts a
 * limited key's rules, not its owner's.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_KEY_PRESETS } from '../../schema/resources/api-keys';
import { DIALECTS } from '../support/app';
import { createUser, dataOf, unique } from '../support/fixtures';
import { payApi, userWith, type PayApi } from './payments-support';

vi.setConfig({ hookTimeout: 120_000 });

describe.each(DIALECTS)('API key rules on %s', (dialect) => {
  let api: PayApi;
  let admin: string;
  beforeAll(async () => {
    api = await payApi(dialect);
    admin = await api.t.signIn();
  });
  afterAll(() => api?.close());

  type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
  const withKey = (key: string, method: Method, url: string, body?: unknown) => api.t.call(method, url, body, key, { cookie: 'lang=en-us' });
  const makeKey = (token: string, body: Record<string, unknown>) => api.t.call('POST', '/api/api-keys/create', { name: unique('k'), ...body }, token, { cookie: 'lang=en-us' });
  const order = (key: string) => withKey(key, 'POST', '/api/receive-money/create', { title: 'Tea', amount: 30, currency: 'USD', notifyUrl: 'https://shop.example.com/paid' });

  it('a limited key cannot call outside its rules, though its owner can: 403 naming the rule', async () => {
    const key = dataOf(await makeKey(admin, { rules: ['POST api/receive-money/create', 'GET api/receive-money/take', 'GET api/auth-rules/mine'] }), 201);
    expect(key.rules).toEqual(['GET api/auth-rules/mine', 'GET api/receive-money/take', 'POST api/receive-money/create']);
    const made = dataOf(await order(key.key), 201);
    expect(dataOf(await withKey(key.key, 'GET', `/api/receive-money/take?id=${made.id}`)).tradeNo).toBe(made.tradeNo);

    const refused = await withKey(key.key, 'GET', '/api/receive-money/rows');
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('This API key is not allowed to call GET api/receive-money/rows: its owner limited it; a key with that rule, or a sign-in, can');
    expect((await api.t.call('GET', '/api/receive-money/rows', undefined, admin)).status).toBe(200);
    // Signed-in rules need the key's rule too; public ones do not.
    expect((await withKey(key.key, 'GET', '/api/api-keys/rows')).status).toBe(403);
    expect((await withKey(key.key, 'POST', '/api/receive-money/check', { tradeNo: made.tradeNo })).status).toBe(200);
    // Its view of its own rights says so.
    const mine = dataOf(await withKey(key.key, 'GET', '/api/auth-rules/mine')) as Array<{ method: string; route: string }>;
    expect(mine.some((r) => r.route === 'api/users/rows')).toBe(false);
    expect(mine.some((r) => r.route === 'api/receive-money/create')).toBe(true);
    // Public rules need no rule of the key, there as here.
    expect(mine.some((r) => r.route === 'api/receive-money/check')).toBe(true);
  });

  it('cannot be given rules its owner does not hold, or rules that do not exist: 400 naming them', async () => {
    const seller = await userWith(api, ['POST api/receive-money/create', 'GET api/receive-money/take'], 0);
    const beyond = await makeKey(seller.token, { rules: ['POST api/receive-money/create', 'GET api/users/rows', 'DELETE api/users/delete'] });
    expect(beyond.status).toBe(400);
    expect(beyond.body.msg).toContain('You cannot give a key rules you do not hold: DELETE api/users/delete, GET api/users/rows');
    // Each refusal names the form field to correct, which the console marks.
    const fieldOf = (res: Awaited<ReturnType<typeof makeKey>>) => (res.body.data.errors as Array<{ field: string }>)[0]!.field;
    expect(fieldOf(beyond)).toBe('rules');
    const none = await makeKey(seller.token, { rules: ['GET api/nothing/here', 'GET api/nothing/there'] });
    expect(none.status).toBe(400);
    expect(none.body.msg).toContain('No such rule: GET api/nothing/here, GET api/nothing/there');
    expect(fieldOf(none)).toBe('rules');
    const empty = await makeKey(seller.token, { rules: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.msg).toContain('Choose at least one rule, or none at all for everything you may do');
    expect(fieldOf(empty)).toBe('rules');
    const notList = await makeKey(seller.token, { rules: 'POST api/receive-money/create' });
    expect(notList.status).toBe(400);
    expect(notList.body.msg).toContain('Rules must be a list like');
    expect(fieldOf(notList)).toBe('rules');
    // Rules and a preset at once are refused, even to an owner who holds them all.
    const both = await makeKey(admin, { rules: ['POST api/receive-money/create'], preset: 'merchant' });
    expect(both.status).toBe(400);
    expect(both.body.msg).toContain('Give either rules or a preset, not both');
    expect(fieldOf(both)).toBe('preset');
    for (const unknown of ['everything', 'toString', 42, ['merchant']]) {
      const res = await makeKey(admin, { preset: unknown });
      expect(res.status, `${unknown}: ${res.text}`).toBe(400);
      expect(res.body.msg).toContain('Choose one of the options');
      expect(fieldOf(res)).toBe('preset');
    }
    // The merchant preset holds refunds and callbacks, which this seller's group does not grant.
    const preset = await makeKey(seller.token, { preset: 'merchant' });
    expect(preset.status).toBe(400);
    expect(preset.body.msg).toContain('GET api/callbacks/rows');
    expect((await api.t.call('GET', '/api/api-keys/rows', undefined, seller.token)).body.data.rows).toHaveLength(0);
  });

  it('offers as choices exactly the rules the owner may give: granted or signed-in ones, not public routes', async () => {
    const seller = await userWith(api, ['POST api/receive-money/create', 'GET api/receive-money/take'], 0);
    const choices = (dataOf(await api.t.call('GET', '/api/api-keys/choices', undefined, seller.token)) as Array<{ rule: string; group: string; name: string }>);
    const rules = choices.map((c) => c.rule);
    expect(choices).toContainEqual({ rule: 'POST api/receive-money/create', group: 'receive-money', name: 'create' });
    // A public read by tradeNo, whose read by id his group grants.
    expect(rules).toContain('GET api/receive-money/take');
    expect(rules).toContain('GET api/receive-money/providers');
    expect(rules).not.toContain('GET api/users/rows');
    expect(rules).not.toContain('POST api/comm/sign-in');
    expect(rules).not.toContain('GET api/receive-money/rows');
    // Listed by group, then by rule, as the console shows them.
    const order = (a: { group: string; rule: string }, b: { group: string; rule: string }) => a.group.localeCompare(b.group) || a.rule.localeCompare(b.rule);
    expect(choices.map((c) => c.rule)).toEqual([...choices].sort(order).map((c) => c.rule));
    expect(new Set(choices.map((c) => c.group)).size).toBeGreaterThan(1);
    // Everything offered can be given.
    dataOf(await makeKey(seller.token, { rules }), 201);
  });

  it('making and rolling the callback secret is in the operation log, the secret never is', async () => {
    const seller = await userWith(api, ['POST api/receive-money/create'], 0);
    const made = dataOf(await api.t.call('POST', '/api/callbacks/secret', {}, seller.token), 201);
    const rolled = dataOf(await api.t.call('POST', '/api/callbacks/secret', {}, seller.token), 201);
    await api.t.app.paydesk.logs.flush();
    const logs = await api.t.app.paydesk.db.any.selectFrom('logs').selectAll().where('uid', '=', seller.id).execute();
    expect(logs.filter((l) => l.api === '/api/callbacks/secret')).toHaveLength(2);
    expect(JSON.stringify(logs)).not.toContain(made.secret);
    expect(JSON.stringify(logs)).not.toContain(rolled.secret);
  });

  it('a key made without rules, or before keys had rules, keeps all of its owner\'s rights', async () => {
    const full = dataOf(await makeKey(admin, {}), 201);
    expect(full.rules).toBeNull();
    expect((await withKey(full.key, 'GET', '/api/users/rows')).status).toBe(200);
    expect((await withKey(full.key, 'GET', '/api/toml/pay')).status).toBe(200);
    // A row as the migration left it: no rules column value at all.
    const limited = dataOf(await makeKey(admin, { rules: ['GET api/receive-money/rows'] }), 201);
    expect((await withKey(limited.key, 'GET', '/api/users/rows')).status).toBe(403);
    await api.t.app.paydesk.db.any.updateTable('api_keys').set({ rules: null }).where('id', '=', limited.id).execute();
    expect((await withKey(limited.key, 'GET', '/api/users/rows')).status).toBe(200);
  });

  it('the merchant preset creates, reads and refunds orders and reads callbacks, but not users or settings', async () => {
    const key = dataOf(await makeKey(admin, { preset: 'merchant' }), 201);
    expect(key.rules).toEqual([...API_KEY_PRESETS.merchant].sort());
    const made = dataOf(await order(key.key), 201);
    expect(dataOf(await withKey(key.key, 'GET', `/api/receive-money/take?id=${made.id}`)).status).toBe('pending');
    expect(dataOf(await withKey(key.key, 'GET', '/api/receive-money/rows')).rows.map((r: { id: number }) => r.id)).toContain(made.id);
    // Paid at the counter (the admin's act; the key may not mark orders paid), then refunded by the shop.
    expect((await withKey(key.key, 'POST', '/api/receive-money/mark-paid', { id: made.id, reason: 'paid' })).status).toBe(403);
    dataOf(await api.t.call('POST', '/api/receive-money/mark-paid', { id: made.id, reason: 'paid' }, admin));
    const refunded = dataOf(await withKey(key.key, 'POST', '/api/receive-money/refund', { id: made.id, amount: 10, reason: 'one cup returned' }), 201);
    expect(refunded.order.refundedAmount).toBe(10);
    const callbacks = dataOf(await withKey(key.key, 'GET', `/api/callbacks/rows?tradeNo=${made.tradeNo}`)).rows;
    expect(callbacks.length).toBeGreaterThanOrEqual(2);
    dataOf(await withKey(key.key, 'GET', `/api/callbacks/take?id=${callbacks[0].id}`));
    dataOf(await withKey(key.key, 'GET', '/api/receive-money/providers'));
    // The pay link's checkout is public: the payer needs no key.
    expect((await api.t.call('POST', '/api/receive-money/check', { tradeNo: made.tradeNo })).status).toBe(200);

    for (const [method, url] of [['GET', '/api/users/rows'], ['GET', '/api/toml/pay'], ['GET', '/api/auth-group/rows'], ['GET', '/api/logs/rows']] as const) {
      expect([url, (await withKey(key.key, method, url)).status]).toEqual([url, 403]);
    }
  });

  it('the simple-rest routes obey the key: its generic actions reach their dialect routes, nothing else does', async () => {
    const key = dataOf(await makeKey(admin, { preset: 'merchant' }), 201);
    // The dialect answers the record itself, without the envelope.
    const posted = await withKey(key.key, 'POST', '/api/rest/receive-money', { title: 'Rest tea', amount: 5, currency: 'USD' });
    expect(posted.status).toBe(201);
    const made = posted.body as { id: number };
    expect((await withKey(key.key, 'GET', `/api/rest/receive-money/${made.id}`)).body.title).toBe('Rest tea');
    expect((await withKey(key.key, 'GET', '/api/rest/receive-money')).status).toBe(200);
    expect((await withKey(key.key, 'PUT', `/api/rest/receive-money/${made.id}`, { title: 'Changed' })).status).toBe(403);
    expect((await withKey(key.key, 'DELETE', `/api/rest/receive-money/${made.id}`)).status).toBe(403);
    expect((await withKey(key.key, 'GET', '/api/rest/users')).status).toBe(403);
    // A key may also name a dialect route alone.
    const restOnly = dataOf(await makeKey(admin, { rules: ['GET api/rest/users'] }), 201);
    expect((await withKey(restOnly.key, 'GET', '/api/rest/users')).status).toBe(200);
    expect((await withKey(restOnly.key, 'GET', '/api/users/rows')).status).toBe(403);
  });

  it('editing a key\'s rules is its owner\'s, within his rights, and is in the operation log', async () => {
    const key = dataOf(await makeKey(admin, { preset: 'merchant' }), 201);
    expect((await withKey(key.key, 'GET', '/api/receive-money/rows')).status).toBe(200);
    const saved = dataOf(await api.t.call('PUT', '/api/api-keys/rules', { id: key.id, rules: ['POST api/receive-money/create'] }, admin));
    expect(saved.rules).toEqual(['POST api/receive-money/create']);
    expect((await withKey(key.key, 'GET', '/api/receive-money/rows')).status).toBe(403);
    const listed = dataOf(await api.t.call('GET', `/api/api-keys/take?id=${key.id}`, undefined, admin));
    expect(listed.rules).toEqual(['POST api/receive-money/create']);

    // Another user, even one who may manage others' rows, cannot change it; nor can the key itself.
    const manager = await userWith(api, ['GET api/receive-money/rows'], 1);
    expect((await api.t.call('PUT', '/api/api-keys/rules', { id: key.id, rules: null }, manager.token)).status).toBe(403);
    expect((await withKey(key.key, 'PUT', '/api/api-keys/rules', { id: key.id, rules: null })).status).toBe(403);
    expect((await api.t.call('PUT', '/api/api-keys/rules', { id: key.id, rules: ['GET api/nothing'] }, admin)).status).toBe(400);

    // Null gives it all of its owner's rights again.
    dataOf(await api.t.call('PUT', '/api/api-keys/rules', { id: key.id, rules: null }, admin));
    expect((await withKey(key.key, 'GET', '/api/users/rows')).status).toBe(200);

    await api.t.app.paydesk.logs.flush();
    const logs = await api.t.app.paydesk.db.any.selectFrom('logs').select(['api', 'params', 'uid']).where('api', '=', '/api/api-keys/rules').execute();
    expect(logs.length).toBeGreaterThanOrEqual(2);
    expect(logs.map((l) => String(l.params)).join()).toContain('POST api/receive-money/create');
  });

  it('the permission ceiling counts the key\'s rules: a key cannot grant a group more than it may call', async () => {
    const key = dataOf(await makeKey(admin, { rules: ['POST api/auth-group/create', 'GET api/receive-money/rows'] }), 201);
    const rules = dataOf(await api.call('GET', '/api/auth-rules/find?limit=1000')) as Array<{ id: number; method: string; route: string }>;
    const id = (name: string) => rules.find((r) => `${r.method} ${r.route}` === name)!.id;
    const user = await createUser(api);
    const group = (ruleIds: number[], all = 0) => withKey(key.key, 'POST', '/api/auth-group/create', { name: unique('g'), all, manage: 0, rules: ruleIds.length ? `|${ruleIds.join('|')}|` : '', uids: `|${user.id}|` });
    expect((await group([id('GET api/users/rows')])).status).toBe(403);
    expect((await group([], 1)).status).toBe(403);
    expect((await group([id('GET api/receive-money/rows')])).status).toBe(201);
  });
});
