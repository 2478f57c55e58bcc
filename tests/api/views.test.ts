/**
 * Saved views on the server (issue 20 item 4): a user keeps named filters,
 * columns, sort and page size per list; he sees his own views and those
 * shared with one of his groups, never another user's private ones, whatever
 * his groups manage; only the owner renames or deletes; sharing goes only to
 * his own groups; and a view that a list would refuse is refused when saved.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up as grantViewRules } from '../../server/db/migrations/20261126050144_views';
import { DIALECTS, makeApp, type TestApp } from '../support/app';

const VIEW_ROUTES = ['GET api/views/rows', 'GET api/views/take', 'POST api/views/create', 'PUT api/views/update', 'DELETE api/views/delete'];

const state = (over: Record<string, unknown> = {}) => ({
  filter: { nickname_like: 'Team' },
  columns: [{ name: 'nickname', visible: true, pin: null }, { name: 'account', visible: true, pin: 'left' }, { name: 'email', visible: false, pin: null }],
  sort: { field: 'id', order: 'ASC' },
  perPage: 2,
  ...over,
});

describe.each(DIALECTS)('saved views on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};
  const groups: Record<string, number> = {};
  const as = (who: string) => tokens[who];
  const rows = async (who: string, query = '') => (await t.call('GET', `/api/views/rows?limit=50${query}`, undefined, as(who))).body;
  const names = async (who: string) => (await rows(who)).data.rows.map((v: { name: string }) => v.name).sort();

  beforeAll(async () => {
    t = await makeApp({ dialect });
    admin = await t.signIn();
    const found = (await t.call('GET', '/api/auth-rules/find?limit=1000', undefined, admin)).body.data as Array<{ id: number; method: string; route: string }>;
    const rule = (key: string) => found.find((r) => `${r.method} ${r.route}` === key)!.id;
    const viewRules = VIEW_ROUTES.map(rule);
    for (const [account, nickname] of [['alice', 'Team Alice'], ['bobby', 'Team Bob'], ['carol', 'Team Carol'], ['david', 'Dave']] as const) {
      const res = await t.call('POST', '/api/users/create', { account, password: `${account}-pass-1`, nickname }, admin);
      expect(res.status, res.text).toBe(201);
      ids[account] = res.body.data.id;
    }
    const group = async (name: string, manage: 0 | 1, rules: number[], members: string[]) => {
      const res = await t.call('POST', '/api/auth-group/create', { name, manage, rules: `|${rules.join('|')}|`, uids: `|${members.map((m) => ids[m]).join('|')}|` }, admin);
      expect(res.status, res.text).toBe(201);
      return res.body.data.id as number;
    };
    // Sales: alice and bob, own rows only. Ops: carol, who manages everyone's rows. Dave holds no view rules.
    groups.sales = await group('Sales', 0, [...viewRules, rule('GET api/users/rows')], ['alice', 'bobby']);
    groups.ops = await group('Ops', 1, [...viewRules, rule('GET api/users/rows')], ['carol']);
    groups.readers = await group('Readers', 0, [rule('GET api/users/rows')], ['david']);
    for (const account of Object.keys(ids)) tokens[account] = await t.signIn(account, `${account}-pass-1`);
  });
  afterAll(() => t?.close());

  it('saves a view and gives back what applying it needs: the list answers its filters, sort and page size', async () => {
    const res = await t.call('POST', '/api/views/create', { name: 'Team, oldest first', resource: 'users', state: state() }, as('alice'));
    expect(res.status, res.text).toBe(201);
    ids.aliceView = res.body.data.id;
    const listed = await rows('alice', '&resource=users');
    expect(listed.data.rows).toEqual([expect.objectContaining({ name: 'Team, oldest first', resource: 'users', group: 0, uid: ids.alice, state: state() })]);

    // Applying it: the users list (as one who reads every user) with the view's filter, sort and page size.
    const view = listed.data.rows[0].state;
    const query = new URLSearchParams({ ...view.filter, order: `${view.sort.field} ${view.sort.order.toLowerCase()}`, limit: String(view.perPage) });
    const users = await t.call('GET', `/api/users/rows?${query}`, undefined, admin);
    expect(users.status, users.text).toBe(200);
    expect(users.body.data.total).toBe(3);
    expect(users.body.data.rows.map((u: { nickname: string }) => u.nickname)).toEqual(['Team Alice', 'Team Bob']);
  });

  it('keeps a private view from everyone else: a groupmate, a manager, the super-admin', async () => {
    expect(await names('bobby')).toEqual([]);
    expect(await names('carol')).toEqual([]);
    expect((await t.call('GET', '/api/views/rows', undefined, admin)).body.data.total).toBe(0);
    expect((await t.call('GET', `/api/views/take?id=${ids.aliceView}`, undefined, as('bobby'))).body.code).toBe(204);
    expect((await t.call('GET', `/api/views/take?id=${ids.aliceView}`, undefined, admin)).body.code).toBe(204);
    // Nor may anyone else change it, managing group or not.
    for (const who of ['bobby', 'carol']) {
      const rename = await t.call('PUT', '/api/views/update', { id: ids.aliceView, name: 'Mine now' }, as(who));
      expect(rename.status).toBe(403);
      expect((await t.call('DELETE', '/api/views/delete', { ids: String(ids.aliceView) }, as(who))).status).toBe(403);
    }
    expect((await t.call('PUT', '/api/views/update', { id: ids.aliceView, name: 'Mine now' }, admin)).status).toBe(403);
  });

  it('shows a view shared with a group to its members, read-only, and to nobody outside it', async () => {
    const share = await t.call('PUT', '/api/views/update', { id: ids.aliceView, group: groups.sales }, as('alice'));
    expect(share.status, share.text).toBe(200);
    const seen = (await rows('bobby')).data.rows;
    expect(seen).toEqual([expect.objectContaining({ id: ids.aliceView, group: groups.sales, uid: ids.alice, state: state() })]);
    expect((await t.call('GET', `/api/views/take?id=${ids.aliceView}`, undefined, as('bobby'))).body.data.name).toBe('Team, oldest first');
    expect(await names('carol')).toEqual([]);

    const rename = await t.call('PUT', '/api/views/update', { id: ids.aliceView, name: 'Hijacked' }, as('bobby'), { 'accept-language': 'en-US' });
    expect(rename.status).toBe(403);
    expect(rename.body.msg).toMatch(/shared with you and is read-only/);
    const remove = await t.call('DELETE', '/api/views/delete', { ids: String(ids.aliceView) }, as('bobby'), { 'accept-language': 'zh-CN' });
    expect(remove.status).toBe(403);
    expect(remove.body.msg).toContain('只读');
    expect(await names('alice')).toEqual(['Team, oldest first']);

    // Bob's own views stay his: alice sees his private one no more than he saw hers.
    expect((await t.call('POST', '/api/views/create', { name: 'Bob private', resource: 'users', state: state() }, as('bobby'))).status).toBe(201);
    expect(await names('alice')).toEqual(['Team, oldest first']);
    expect(await names('bobby')).toEqual(['Bob private', 'Team, oldest first']);

    // Unshared, it is gone from bob's list at once (no cached list or count keeps it).
    expect((await rows('bobby')).data.total).toBe(2);
    expect((await t.call('PUT', '/api/views/update', { id: ids.aliceView, group: 0 }, as('alice'))).status).toBe(200);
    expect(await names('bobby')).toEqual(['Bob private']);
    expect((await rows('bobby')).data.total).toBe(1);
  });

  it('lets the owner rename and delete his view', async () => {
    const made = await t.call('POST', '/api/views/create', { name: 'Scratch', resource: 'users', state: state({ perPage: 50 }) }, as('alice'));
    expect((await t.call('PUT', '/api/views/update', { id: made.body.data.id, name: 'Scratch 2' }, as('alice'))).body.data.name).toBe('Scratch 2');
    expect(await names('alice')).toEqual(['Scratch 2', 'Team, oldest first']);
    expect((await t.call('DELETE', '/api/views/delete', { ids: String(made.body.data.id) }, as('alice'))).status).toBe(200);
    expect(await names('alice')).toEqual(['Team, oldest first']);
  });

  it('shares only with a group of the sharer\'s own', async () => {
    const groupsOf = async (who: string) => (await t.call('GET', '/api/views/groups', undefined, as(who))).body.data;
    expect(await groupsOf('alice')).toEqual([{ id: groups.sales, name: 'Sales' }]);
    expect(await groupsOf('david')).toEqual([{ id: groups.readers, name: 'Readers' }]);
    for (const group of [groups.ops, 999_999]) {
      const res = await t.call('POST', '/api/views/create', { name: 'Sneaky', resource: 'users', state: state(), group }, as('alice'), { 'accept-language': 'en-US' });
      expect(res.status).toBe(400);
      expect(res.body.data.errors[0]).toMatchObject({ field: 'group' });
      expect(res.body.msg).toContain('group you belong to');
      const moved = await t.call('PUT', '/api/views/update', { id: ids.aliceView, group }, as('alice'));
      expect(moved.status).toBe(400);
    }
    expect(await names('carol')).toEqual([]);
  });

  it('refuses views that no list could apply, with a 400 naming what is wrong', async () => {
    const bad = async (body: Record<string, unknown>, field: string) => {
      const res = await t.call('POST', '/api/views/create', { name: 'Bad', resource: 'users', state: state(), ...body }, as('alice'), { 'accept-language': 'en-US' });
      expect(res.status, JSON.stringify(body).slice(0, 200)).toBe(400);
      expect(res.body.data.errors[0].field).toBe(field);
      return res.body.msg as string;
    };
    expect(await bad({ resource: 'nope' }, 'resource')).toContain('no list named "nope"');
    await bad({ resource: 'views' }, 'resource');
    await bad({ resource: 'Users; drop' }, 'resource');
    await bad({ name: '  ' }, 'name');
    await bad({ state: null }, 'state');
    await bad({ state: 'filters' }, 'state');
    await bad({ state: { ...state(), sort: undefined } }, 'state.sort');
    await bad({ state: { ...state(), script: 'x' } }, 'state.script');
    await bad({ state: state({ perPage: 0 }) }, 'state.perPage');
    await bad({ state: state({ columns: [{ name: 'nickname', visible: 'yes', pin: null }] }) }, 'state.columns.0.visible');
    // Too big: more filters than any list has, more columns, and more bytes than a JSON field holds.
    await bad({ state: state({ filter: Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`f${i}`, 'x'])) }) }, 'state.filter');
    await bad({ state: state({ columns: Array.from({ length: 101 }, (_, i) => ({ name: `c${i}`, visible: true, pin: null })) }) }, 'state.columns');
    await bad({ state: state({ filter: { q: 'x'.repeat(70_000) } }) }, 'state');
    // What the list itself would refuse: a hidden field, an unknown filter, an unsortable column, a bad value.
    expect(await bad({ state: state({ filter: { password_like: 'a' } }) }, 'state')).toContain('password_like');
    await bad({ state: state({ filter: { nope: '1' } }) }, 'state');
    expect(await bad({ state: state({ sort: { field: 'avatar', order: 'ASC' } }) }, 'state')).toContain('order');
    await bad({ state: state({ filter: { id: 'abc' } }) }, 'state');
    expect(await names('alice')).toEqual(['Team, oldest first']);
  });

  it('answers 403 to a user whose groups hold no view rules', async () => {
    expect((await t.call('GET', '/api/views/rows', undefined, as('david'))).status).toBe(403);
    expect((await t.call('POST', '/api/views/create', { name: 'x', resource: 'users', state: state() }, as('david'))).status).toBe(403);
  });

  it('gives the view rules, by migration, to every group that already used the console', async () => {
    const db = t.app.paydesk.db.kysely;
    const viewRuleIds = (await db.selectFrom('auth_rules').select(['id', 'method', 'route']).execute())
      .filter((r) => VIEW_ROUTES.includes(`${r.method} ${r.route}`)).map((r) => Number(r.id));
    // As before the migration: a group with other rules and none of the views', and an empty group.
    const before = await db.selectFrom('auth_group').select('rules').where('id', '=', groups.readers).executeTakeFirstOrThrow();
    const empty = await t.call('POST', '/api/auth-group/create', { name: 'Nobody' }, admin);
    await grantViewRules(db);
    const held = async (id: number) => String((await db.selectFrom('auth_group').select('rules').where('id', '=', id).executeTakeFirstOrThrow()).rules)
      .split('|').filter(Boolean).map(Number);
    expect(await held(groups.readers)).toEqual([...String(before.rules).split('|').filter(Boolean).map(Number), ...viewRuleIds]);
    expect(await held(empty.body.data.id)).toEqual([]);
    // Run again, it adds nothing twice.
    await grantViewRules(db);
    expect((await held(groups.readers)).length).toBe(String(before.rules).split('|').filter(Boolean).length + VIEW_ROUTES.length);
  });
});
