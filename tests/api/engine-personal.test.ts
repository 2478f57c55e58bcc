/**
 * Rows that are their owner's alone whatever his groups manage (`personal`:
 * saved views), and own-rows operators side by side: each reads his own rows
 * and those shared with a group he is in, changes only his own, shares only
 * with his own groups, and a cached list never shows one caller's rows to
 * another, nor hides a share from a member who has just joined its group.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../support/app';
import { adminApi, createRow, dataOf, unique, type Api } from '../support/fixtures';
import { userWith } from './payments-support';

const VIEW_ROUTES = ['GET api/views/rows', 'GET api/views/take', 'POST api/views/create', 'PUT api/views/update', 'DELETE api/views/delete'];
const STATE = { filter: {}, columns: [{ name: 'title', visible: true, pin: null }], sort: { field: 'id', order: 'DESC' }, perPage: 10 };

describe.each(DIALECTS)('personal and own rows on %s', (dialect) => {
  let api: Api;
  type Someone = { id: number; token: string };
  let ann: Someone;
  let ben: Someone;
  let cat: Someone;
  let team: number;
  const as = (who: Someone, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
    api.t.call(method, url, body, who.token, { cookie: 'lang=en-us' });
  const viewNames = async (who: Someone) => (dataOf(await as(who, 'GET', '/api/views/rows?limit=50')).rows as Array<{ name: string }>).map((v) => v.name);
  const view = async (who: Someone, name: string, group = 0) => dataOf(await as(who, 'POST', '/api/views/create', { name, resource: 'receive-money', state: STATE, group }), 201).id as number;
  const stored = (id: number) => api.t.app.paydesk.db.any.selectFrom('views').select(['name', 'group', 'uid']).where('id', '=', id).executeTakeFirst();
  /** Puts `who` in the group, as an admin editing its members. */
  const join = async (group: number, ...who: Someone[]) => dataOf(await api.call('PUT', '/api/auth-group/update', { id: group, uids: `|${who.map((w) => w.id).join('|')}|` }));

  beforeAll(async () => {
    api = await adminApi(dialect);
    const routes = [...VIEW_ROUTES, 'GET api/receive-money/rows', 'POST api/receive-money/create', 'DELETE api/receive-money/remove', 'DELETE api/receive-money/clear'];
    [ann, ben, cat] = [await userWith(api, routes, 0), await userWith(api, routes, 0), await userWith(api, routes, 0)];
    team = (await createRow(api, 'auth-group', { name: unique('team') })).id;
    await join(team, ann, ben);
  });
  afterAll(() => api?.close());

  it('a view is read by its owner and the members of the group it is shared with, and by nobody else', async () => {
    const shared = await view(ann, 'Ann shared', team);
    const own = await view(ann, 'Ann private');
    expect(await viewNames(ann)).toEqual(['Ann private', 'Ann shared']);
    expect(await viewNames(ben)).toEqual(['Ann shared']);
    expect(await viewNames(cat)).toEqual([]);
    expect(dataOf(await as(ben, 'GET', `/api/views/take?id=${shared}`))).toMatchObject({ name: 'Ann shared', uid: ann.id, group: team });
    expect((await as(ben, 'GET', `/api/views/take?id=${own}`)).body).toMatchObject({ code: 204, data: null });
    // The super-admin manages everyone's rows, but a view is its owner's alone.
    expect(dataOf(await api.call('GET', '/api/views/rows?limit=50')).total).toBe(0);

    // Made public, the list of views shows a stranger nobody's.
    const rule = dataOf(await api.call('GET', '/api/auth-rules/find?route=api/views/rows&method=GET'))[0].id;
    dataOf(await api.call('PUT', '/api/auth-rules/update', { id: rule, type: 'common' }));
    expect(dataOf(await api.anon('GET', '/api/views/rows?limit=50')).total).toBe(0);
    dataOf(await api.call('PUT', '/api/auth-rules/update', { id: rule, type: 'default' }));

    // Cat joins the team: the shared view shows in his list at once, however recently he read it.
    await join(team, ann, ben, cat);
    expect(await viewNames(cat)).toEqual(['Ann shared']);
    await join(team, ann, ben);
    expect(await viewNames(cat)).toEqual([]);
  });

  it('a view shared with him is read-only to a member; another\'s private one is not his to touch', async () => {
    const shared = await view(ann, 'Read only', team);
    const own = await view(ann, 'Hands off');
    for (const [id, msg] of [
      [shared, 'This view was shared with you and is read-only: only its owner may rename or delete it'],
      [own, 'You cannot change other users\' data'],
    ] as const) {
      const rename = await as(ben, 'PUT', '/api/views/update', { id, name: 'Taken over' });
      expect(rename.status, rename.text).toBe(403);
      expect(rename.body.msg).toBe(msg);
      const remove = await as(ben, 'DELETE', '/api/views/delete', { ids: String(id) });
      expect(remove.status, remove.text).toBe(403);
      expect(remove.body.msg).toBe(msg);
      // A batch with his own view in it is refused whole, for the same reason.
      const mine = await view(ben, unique('ben'));
      const batch = await as(ben, 'DELETE', '/api/views/delete', { ids: `${mine},${id}` });
      expect(batch.body.msg).toBe(msg);
      expect(await stored(mine)).toBeDefined();
    }
    expect(await stored(shared)).toMatchObject({ name: 'Read only', uid: ann.id });
    expect(await stored(own)).toMatchObject({ name: 'Hands off', uid: ann.id });
    dataOf(await as(ann, 'PUT', '/api/views/update', { id: shared, name: 'Renamed by Ann' }));
    expect(await stored(shared)).toMatchObject({ name: 'Renamed by Ann' });
  });

  it('shares only with a group of his own', async () => {
    const other = (await createRow(api, 'auth-group', { name: unique('other'), uids: `|${cat.id}|` })).id;
    for (const group of [other, 999_999]) {
      const res = await as(ann, 'POST', '/api/views/create', { name: 'Sneaky', resource: 'receive-money', state: STATE, group });
      expect(res.status, res.text).toBe(400);
      expect(res.body.data.errors).toEqual([expect.objectContaining({ field: 'group', message: 'validation.not_your_group' })]);
    }
    const own = await view(ann, 'To share');
    expect((await as(ann, 'PUT', '/api/views/update', { id: own, group: other })).status).toBe(400);
    expect(dataOf(await as(ann, 'PUT', '/api/views/update', { id: own, group: team }))).toMatchObject({ group: team });
    expect(await viewNames(cat)).not.toContain('To share');
  });

  it('two own-rows operators asking for the same list each get their own rows', async () => {
    const order = async (who: Someone, title: string) =>
      dataOf(await as(who, 'POST', '/api/receive-money/create', { title, amount: 5, currency: 'USD', payUrl: 'https://pay.example.com/x' }), 201).id as number;
    const titles = async (who: Someone, query = '') =>
      (dataOf(await as(who, 'GET', `/api/receive-money/rows?limit=50${query}`)).rows as Array<{ title: string }>).map((o) => o.title);
    await order(ann, 'Ann order');
    await order(ben, 'Ben order');
    expect(await titles(ann)).toEqual(['Ann order']);
    expect(await titles(ben)).toEqual(['Ben order']);
    expect(await titles(cat)).toEqual([]);

    // Emptying his bin deletes his binned orders, and leaves another's in theirs.
    const [annBinned, benBinned] = [await order(ann, 'Ann binned'), await order(ben, 'Ben binned')];
    dataOf(await as(ann, 'DELETE', '/api/receive-money/remove', { ids: String(annBinned) }));
    dataOf(await as(ben, 'DELETE', '/api/receive-money/remove', { ids: String(benBinned) }));
    expect(dataOf(await as(ann, 'DELETE', '/api/receive-money/clear'))).toEqual({ count: 1, kept: 0 });
    expect(await titles(ben, '&onlyTrashed=1')).toEqual(['Ben binned']);
    expect(await titles(ann, '&onlyTrashed=1')).toEqual([]);
  });
});
