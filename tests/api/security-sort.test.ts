/**
 * Up/down ordering (issue 10, item 6): an own-rows operator moving his row
 * renumbers only his own rows, and concurrent moves queue instead of leaving
 * two rows on one place or answering 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, makeApp, type TestApp } from '../support/app';

interface Group { id: number; serial: number; uid: number; name: string }

describe.each(DIALECTS)('sort on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let op: string;
  const groups = async (): Promise<Group[]> =>
    (await t.call('GET', '/api/auth-group/find?limit=1000&order=serial asc', undefined, admin)).body.data;
  const create = async (name: string, token: string, extra: Record<string, unknown> = {}) => {
    const res = await t.call('POST', '/api/auth-group/create', { name, manage: 0, ...extra }, token);
    expect(res.status, res.text).toBe(201);
    return res.body.data.id as number;
  };

  beforeAll(async () => {
    t = await makeApp({ dialect });
    admin = await t.signIn();
    const user = await t.call('POST', '/api/users/create', { account: 'ownrows1', password: 'own-rows-pass' }, admin);
    const rules = (await t.call('GET', '/api/auth-rules/find?group=auth-group&limit=1000', undefined, admin)).body.data as Array<{ id: number }>;
    await create('Own rows', admin, { rules: `|${rules.map((r) => r.id).join('|')}|`, uids: `|${user.body.data.id}|` });
    for (const name of ['Admin A', 'Admin B', 'Admin C']) await create(name, admin);
    // A row in the recycle bin leaves a gap in the live rows' places: a move must not close it by renumbering them.
    const gone = await create('Gone', admin);
    expect((await t.call('DELETE', '/api/auth-group/remove', { ids: String(gone) }, admin)).status).toBe(200);
    op = await t.signIn('ownrows1', 'own-rows-pass');
    for (const name of ['Mine 1', 'Mine 2', 'Mine 3']) await create(name, op);
  });
  afterAll(() => t?.close());

  it('an own-rows operator reorders his own rows and leaves every other owner\'s where it was', async () => {
    const before = await groups();
    const mine = before.filter((g) => g.name.startsWith('Mine'));
    const others = before.filter((g) => !g.name.startsWith('Mine'));
    const res = await t.call('PUT', '/api/auth-group/sort', { id: mine[2]!.id, mode: 'up' }, op);
    expect(res.status, res.text).toBe(200);

    const after = await groups();
    expect(after.filter((g) => !g.name.startsWith('Mine'))).toEqual(others);
    expect(after.filter((g) => g.name.startsWith('Mine')).map((g) => g.name)).toEqual(['Mine 1', 'Mine 3', 'Mine 2']);
    // Another owner's row is not his to move.
    const foreign = await t.call('PUT', '/api/auth-group/sort', { id: others.at(-1)!.id, mode: 'up' }, op);
    expect(foreign.status).toBe(404);
    expect(await groups()).toEqual(after);
  });

  it('forty concurrent moves all succeed and leave every row on a place of its own', async () => {
    const ids = (await groups()).map((g) => g.id);
    const moves = Array.from({ length: 40 }, (_, i) =>
      t.call('PUT', '/api/auth-group/sort', { id: ids[(i * 3) % ids.length], mode: i % 2 ? 'up' : 'down' }, admin));
    const answers = await Promise.all(moves);
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    const serials = (await groups()).map((g) => g.serial);
    expect(new Set(serials).size).toBe(serials.length);
    expect([...serials].sort((a, b) => a - b)).toEqual(serials.map((_, i) => i + 1));
  });
});
