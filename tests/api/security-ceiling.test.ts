/**
 * The permission ceiling (issue 10, item 2): an operator whose group holds the
 * rules for groups, rules, users, config rows and settings, but not `all`,
 * cannot make himself (or anyone) stronger than he is, by any write path.
 * Each refusal is a 403 and leaves everything as it was.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, DIALECTS, makeApp, type TestApp } from '../support/app';

describe.each(DIALECTS)('permission ceiling on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let op: string;
  let opId: number;
  let opGroupId: number;
  let superGroup: { id: number; uids: string };
  let held: number[];
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, token = op) => t.call(method, url, body, token);
  const rulesOf = async (group: string) =>
    (await call('GET', `/api/auth-rules/find?group=${group}&limit=1000`, undefined, admin)).body.data as Array<{ id: number; route: string; method: string }>;
  const groupRow = async (id: number) => (await call('GET', `/api/auth-group/take?id=${id}`, undefined, admin)).body.data;

  beforeAll(async () => {
    t = await makeApp({ dialect });
    admin = await t.signIn();
    const user = await call('POST', '/api/users/create', { account: 'delegate1', password: 'delegate-pass' }, admin);
    opId = user.body.data.id;
    held = (await Promise.all(['auth-group', 'auth-rules', 'users', 'config', 'toml'].map(rulesOf))).flat().map((r) => r.id);
    const group = await call('POST', '/api/auth-group/create', { name: 'Delegates', manage: 1, rules: `|${held.join('|')}|`, uids: `|${opId}|` }, admin);
    expect(group.status, group.text).toBe(201);
    opGroupId = group.body.data.id;
    superGroup = (await call('GET', '/api/auth-group/find?no=super-admin', undefined, admin)).body.data[0];
    op = await t.signIn('delegate1', 'delegate-pass');
  });
  afterAll(() => t?.close());

  it('refuses a group with all = 1, by create and by save', async () => {
    for (const url of ['/api/auth-group/create', '/api/auth-group/save']) {
      const res = await call('POST', url, { name: 'Root2', all: 1 });
      expect(res.status, res.text).toBe(403);
    }
    expect((await call('GET', '/api/auth-group/find?name=Root2', undefined, admin)).body.data).toHaveLength(0);
  });

  it('refuses adding himself to the super-admin group', async () => {
    const res = await call('PUT', '/api/auth-group/update', { id: superGroup.id, uids: `${superGroup.uids}${opId}|` });
    expect(res.status, res.text).toBe(403);
    expect((await groupRow(superGroup.id)).uids).toBe(superGroup.uids);
  });

  it('refuses giving his own group rules he does not hold, or manage over them', async () => {
    const logsDelete = (await rulesOf('logs')).find((r) => r.route === 'api/logs/delete')!;
    const res = await call('PUT', '/api/auth-group/update', { id: opGroupId, rules: `|${[...held, logsDelete.id].join('|')}|` });
    expect(res.status, res.text).toBe(403);
    const mine = await call('POST', '/api/auth-group/create', { name: 'Sneaky', rules: `|${logsDelete.id}|`, uids: `|${opId}|` });
    expect(mine.status, mine.text).toBe(403);
    expect((await groupRow(opGroupId)).rules).toBe(`|${held.join('|')}|`);
  });

  it('refuses changing a rule\'s type or lock', async () => {
    const rule = (await rulesOf('logs')).find((r) => r.route === 'api/logs/rows')!;
    const english = { 'accept-language': 'en-us' };
    for (const type of ['login', 'common']) {
      const res = await t.call('PUT', '/api/auth-rules/update', { id: rule.id, type }, op, english);
      expect(res.status).toBe(403);
      expect(res.body.msg).toBe('Only a super administrator may change Type');
    }
    const lock = await t.call('PUT', '/api/auth-rules/update', { id: rule.id, lock: 1 }, op, english);
    expect(lock.status).toBe(403);
    expect(lock.body.msg).toBe('Only a super administrator may change Locked');
    expect((await t.call('GET', '/api/logs/rows')).status).toBe(401);
  });

  it('lets him rename, trash and delete a group he made', async () => {
    const made = await call('POST', '/api/auth-group/create', { name: 'Short-lived', rules: `|${held[0]}|` });
    expect(made.status, made.text).toBe(201);
    const id = made.body.data.id;
    expect((await call('PUT', '/api/auth-group/update', { id, name: 'Shorter-lived' })).status).toBe(200);
    expect((await call('DELETE', '/api/auth-group/remove', { ids: String(id) })).status).toBe(200);
    expect((await groupRow(id)).deleteTime).toBeGreaterThan(0);
    expect((await call('DELETE', '/api/auth-group/delete', { ids: String(id) })).status).toBe(200);
    expect((await call('GET', `/api/auth-group/find?ids=${id}`, undefined, admin)).body.data).toHaveLength(0);
  });

  it('refuses unlocking a locked group or changing its members and rules', async () => {
    const locked = await call('POST', '/api/auth-group/create', { name: 'Pinned', rules: `|${held[0]}|`, lock: 1 }, admin);
    expect(locked.status, locked.text).toBe(201);
    const id = locked.body.data.id;
    for (const patch of [{ lock: 0 }, { uids: `|${opId}|` }, { rules: `|${held[1]}|` }]) {
      const res = await call('PUT', '/api/auth-group/update', { id, ...patch });
      expect(res.status, JSON.stringify(patch)).toBe(403);
    }
    expect((await call('DELETE', '/api/auth-group/remove', { ids: String(id) })).status).toBe(403);
    // Nor deleted for good, which would lift the lock as surely.
    expect((await call('DELETE', '/api/auth-group/delete', { ids: String(id) })).status).toBe(403);
    expect(await groupRow(id)).toMatchObject({ lock: 1, uids: '', rules: `|${held[0]}|`, deleteTime: 0 });
    // Creating a locked row is a super-admin's act too.
    expect((await call('POST', '/api/auth-group/create', { name: 'Mine', lock: 1 })).status).toBe(403);
    // The refusal of a trash names the lock it would lift.
    const trash = await t.call('DELETE', '/api/auth-group/remove', { ids: String(id) }, op, { 'accept-language': 'en-us' });
    expect(trash.body.msg).toBe('Only a super administrator may change Locked');
    // What the lock does not protect stays his to change.
    const renamed = await call('PUT', '/api/auth-group/update', { id, name: 'Pinned, renamed' });
    expect(renamed.status, renamed.text).toBe(200);
    expect(await groupRow(id)).toMatchObject({ name: 'Pinned, renamed', lock: 1, rules: `|${held[0]}|` });
  });

  it('refuses setting the password of a super-admin, banning or removing him', async () => {
    for (const patch of [{ password: 'taken-over-1' }, { status: 'banned' }, { email: 'evil@example.com' }]) {
      const res = await t.call('PUT', '/api/users/update', { id: 1, ...patch }, op, { 'accept-language': 'en-us' });
      expect(res.status, JSON.stringify(patch)).toBe(403);
      expect(res.body.msg).toBe('You cannot change a user who holds more permissions than you');
      expect((await call('POST', '/api/users/save', { id: 1, ...patch })).status).toBe(403);
    }
    expect((await call('DELETE', '/api/users/remove', { ids: '1' })).status).toBe(403);
    expect((await call('DELETE', '/api/auth-group/remove', { ids: String(superGroup.id) })).status).toBe(403);
    expect(await t.signIn('admin', ADMIN_PASSWORD)).toBeTruthy();
  });

  it('refuses restoring a trashed group stronger than him', async () => {
    const strong = await call('POST', '/api/auth-group/create', { name: 'Strong', all: 1, uids: `|${opId}|` }, admin);
    await call('DELETE', '/api/auth-group/remove', { ids: String(strong.body.data.id) }, admin);
    expect((await call('PUT', '/api/auth-group/restore', { ids: String(strong.body.data.id) })).status).toBe(403);
    expect((await call('DELETE', '/api/auth-group/clear')).status).toBe(403);
    expect((await groupRow(strong.body.data.id)).deleteTime).toBeGreaterThan(0);
  });

  it('refuses making the super-admin group the default of sign-ups', async () => {
    const row = (await call('GET', '/api/config/take?key=SIGN_IN_UP')).body.data;
    const value = { ...row.value, sign_up: { ...row.value.sign_up, allow: true, auth_group_ids: [superGroup.id] } };
    expect((await call('PUT', '/api/config/update', { id: row.id, value })).status).toBe(403);
    expect((await call('POST', '/api/config/save', { id: row.id, value })).status).toBe(403);
    expect((await call('GET', '/api/config/take?key=SIGN_IN_UP')).body.data.value.sign_up.auth_group_ids).toEqual([]);
  });

  it('lets him open sign-up into groups he holds, and change what a super-admin set without touching its groups', async () => {
    const row = (await call('GET', '/api/config/take?key=SIGN_IN_UP')).body.data;
    const signUp = (sign_up: Record<string, unknown>, sign_in = row.value.sign_in) =>
      t.call('PUT', '/api/config/update', { id: row.id, value: { ...row.value, sign_in, sign_up: { ...row.value.sign_up, ...sign_up } } }, op, { 'accept-language': 'en-us' });
    try {
      // His own group, and a group that is gone (sign-up skips it), are his to hand to strangers.
      const own = await signUp({ allow: true, auth_group_ids: [opGroupId, 99999] });
      expect(own.status, own.text).toBe(200);
      // A closed sign-up hands nothing to anyone, whatever groups it lists.
      expect((await signUp({ allow: false, auth_group_ids: [superGroup.id] })).status).toBe(200);
      const refused = await signUp({ allow: true, auth_group_ids: [superGroup.id] });
      expect(refused.status).toBe(403);
      expect(refused.body.msg).toBe('You cannot grant what you do not hold: value.sign_up.auth_group_ids');
      // What a super-admin opened stays open; changing how sign-in works leaves its groups alone, and is his to do.
      expect((await call('PUT', '/api/config/update', { id: row.id, value: { ...row.value, sign_up: { ...row.value.sign_up, allow: true, auth_group_ids: [superGroup.id] } } }, admin)).status).toBe(200);
      const opened = (await call('GET', '/api/config/take?key=SIGN_IN_UP')).body.data.value;
      const strict = await signUp(opened.sign_up, { ...opened.sign_in, unique: true });
      expect(strict.status, strict.text).toBe(200);
      expect((await call('GET', '/api/config/take?key=SIGN_IN_UP')).body.data.value).toMatchObject({ sign_in: { unique: true }, sign_up: { allow: true, auth_group_ids: [superGroup.id] } });
    } finally {
      await call('PUT', '/api/config/update', { id: row.id, value: row.value }, admin);
    }
  });

  it('refuses writing the token key and the code senders', async () => {
    const jwt = await call('PUT', '/api/toml/crypt-jwt', { subject: 'paydesk', issuer: 'paydesk', expired: 3600, key: 'attacker-known-key' });
    expect(jwt.status, jwt.text).toBe(403);
    expect((await call('PUT', '/api/toml/sms-email', { host: 'smtp.evil.example', port: 25, account: 'a', password: 'b' })).status).toBe(403);
    // Nor how long the record of who changed what is kept: shortening it would erase his own traces.
    expect((await call('PUT', '/api/toml/history-revisions', { keep_days: 1 })).status).toBe(403);
  });

  it('refuses him manage over a rule he holds only through a group without manage', async () => {
    // His own group has manage; the logs rule comes to him only through a read-only group. Holding
    // manage somewhere must not turn that rule's own rows into everyone's.
    const logsRows = (await rulesOf('logs')).find((r) => r.route === 'api/logs/rows')!;
    // The read-only group also lists a rule his own group gives him with manage: that manage stays his.
    const readers = await call('POST', '/api/auth-group/create', { name: 'Log readers', manage: 0, rules: `|${logsRows.id}|${held[0]}|`, uids: `|${opId}|` }, admin);
    expect(readers.status, readers.text).toBe(201);
    const english = { 'accept-language': 'en-us' };
    const escalate = await t.call('POST', '/api/auth-group/create', { name: 'Log managers', manage: 1, rules: `|${logsRows.id}|`, uids: `|${opId}|` }, op, english);
    expect(escalate.status, escalate.text).toBe(403);
    expect(escalate.body.msg).toBe('You cannot grant what you do not hold: API rules');
    const upgrade = await t.call('PUT', '/api/auth-group/update', { id: readers.body.data.id, manage: 1 }, op, english);
    expect(upgrade.status, upgrade.text).toBe(403);
    expect(upgrade.body.msg).toBe('You cannot grant what you do not hold: API rules');
    expect((await groupRow(readers.body.data.id)).manage).toBe(0);
    expect((await call('GET', '/api/auth-group/find?name=Log managers', undefined, admin)).body.data).toHaveLength(0);
    // The same rule without manage is his to hand on, and so is manage over the rule his own group gives with it.
    expect((await call('POST', '/api/auth-group/create', { name: 'Log readers too', manage: 0, rules: `|${logsRows.id}|` })).status).toBe(201);
    const delegated = await call('POST', '/api/auth-group/create', { name: 'Managers of one', manage: 1, rules: `|${held[0]}|` });
    expect(delegated.status, delegated.text).toBe(201);
  });

  it('an operator with every rule (own rows) and manage over one rule may hand those on, but not make or join a super-admin group', async () => {
    const user = await call('POST', '/api/users/create', { account: 'allreader1', password: 'allreader-pass' }, admin);
    const broad = await call('POST', '/api/auth-group/create', { name: 'Everything, own rows', all: 1, manage: 0, uids: `|${user.body.data.id}|` }, admin);
    expect(broad.status, broad.text).toBe(201);
    // And manage, but only over one rule, through another group: together they are not a super-admin's.
    const tagsRows = (await rulesOf('tags')).find((r) => r.route === 'api/tags/rows')!;
    const narrow = await call('POST', '/api/auth-group/create', { name: 'Tag managers', manage: 1, rules: `|${tagsRows.id}|`, uids: `|${user.body.data.id}|` }, admin);
    expect(narrow.status, narrow.text).toBe(201);
    const reader = await t.signIn('allreader1', 'allreader-pass');
    const english = { 'accept-language': 'en-us' };
    const root = await t.call('POST', '/api/auth-group/create', { name: 'Root3', all: 1, manage: 1 }, reader, english);
    expect(root.status, root.text).toBe(403);
    expect(root.body.msg).toBe('You cannot grant what you do not hold: All permissions');
    const join = await t.call('PUT', '/api/auth-group/update', { id: superGroup.id, uids: `${superGroup.uids}${user.body.data.id}|` }, reader, english);
    expect(join.status, join.text).toBe(403);
    expect((await groupRow(superGroup.id)).uids).toBe(superGroup.uids);
    expect((await call('GET', '/api/auth-group/find?name=Root3', undefined, admin)).body.data).toHaveLength(0);
    // What he holds, he may give: every rule, own rows only.
    expect((await t.call('POST', '/api/auth-group/create', { name: 'Everything too', all: 1, manage: 0 }, reader)).status).toBe(201);
  });

  it('refuses manage to an operator who holds no manage at all, even with no rules in it', async () => {
    const user = await call('POST', '/api/users/create', { account: 'plainop1', password: 'plainop-pass' }, admin);
    const groupRules = (await rulesOf('auth-group')).map((r) => r.id);
    expect((await call('POST', '/api/auth-group/create', { name: 'Group clerks', manage: 0, rules: `|${groupRules.join('|')}|`, uids: `|${user.body.data.id}|` }, admin)).status).toBe(201);
    const clerk = await t.signIn('plainop1', 'plainop-pass');
    const res = await t.call('POST', '/api/auth-group/create', { name: 'Empty managers', manage: 1 }, clerk, { 'accept-language': 'en-us' });
    expect(res.status, res.text).toBe(403);
    expect(res.body.msg).toBe('You cannot grant what you do not hold: Manages others\' data');
    expect((await t.call('POST', '/api/auth-group/create', { name: 'Empty clerks', manage: 0 }, clerk)).status).toBe(201);
    // A rule he lacks is named as such, whoever asks.
    const logsRows = (await rulesOf('logs')).find((r) => r.route === 'api/logs/rows')!;
    const beyond = await t.call('POST', '/api/auth-group/create', { name: 'Log clerks', manage: 0, rules: `|${logsRows.id}|` }, clerk, { 'accept-language': 'en-us' });
    expect(beyond.status, beyond.text).toBe(403);
    expect(beyond.body.msg).toBe('You cannot grant what you do not hold: API rules');
  });

  it('still lets him delegate what he holds', async () => {
    const user = await call('POST', '/api/users/create', { account: 'helper22' });
    expect(user.status, user.text).toBe(201);
    const res = await call('POST', '/api/auth-group/create', { name: 'Helpers', manage: 1, rules: `|${held.slice(0, 3).join('|')}|`, uids: `|${user.body.data.id}|` });
    expect(res.status, res.text).toBe(201);
    expect((await call('PUT', '/api/users/update', { id: user.body.data.id, password: 'helper-pass-1' })).status).toBe(200);
    // A super-admin still does anything.
    expect((await call('PUT', '/api/auth-group/update', { id: superGroup.id, uids: `${superGroup.uids}${user.body.data.id}|` }, admin)).status).toBe(200);
  });
});
