/**
 * The record lifecycle (live -> trash -> restore / delete / clear) and the
 * all-or-nothing batches: a batch with one bad or missing id changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../support/app';
import { adminApi, createRow, dataOf, everything, rowIds, unique, type Api } from '../support/fixtures';

describe.each(DIALECTS)('record lifecycle on %s', (dialect) => {
  let api: Api;
  beforeAll(async () => {
    api = await adminApi(dialect);
  }, 60_000);
  afterAll(() => api?.close());

  const tag = () => createRow(api, 'tags', { name: unique('tag') });
  const live = () => rowIds(api, 'tags');
  const trash = () => rowIds(api, 'tags', 'onlyTrashed=1');

  it('moves a row to the trash, restores it, and deletes it for good', async () => {
    const row = await tag();
    expect(await live()).toContain(row.id);

    dataOf(await api.call('DELETE', '/api/tags/remove', { ids: String(row.id) }));
    expect(await live()).not.toContain(row.id);
    expect(await trash()).toContain(row.id);

    dataOf(await api.call('PUT', '/api/tags/restore', { ids: String(row.id) }));
    expect(await live()).toContain(row.id);
    expect(await trash()).not.toContain(row.id);

    dataOf(await api.call('DELETE', '/api/tags/remove', { ids: String(row.id) }));
    dataOf(await api.call('DELETE', '/api/tags/delete', { ids: String(row.id) }));
    expect(await live()).not.toContain(row.id);
    expect(await trash()).not.toContain(row.id);
    expect((await api.call('GET', `/api/tags/take?id=${row.id}`)).body).toMatchObject({ code: 204, data: null });
  });

  it('sets a row\'s update time at each change: its creation, an edit, a move to the trash, a restore', async () => {
    const since = Math.floor(Date.now() / 1000);
    const row = await tag();
    const db = api.t.app.paydesk.db.any;
    const updateTime = async () => Number((await db.selectFrom('tags').select('updateTime').where('id', '=', row.id).executeTakeFirstOrThrow()).updateTime);
    expect(await updateTime()).toBeGreaterThanOrEqual(since);
    for (const change of [
      () => api.call('PUT', '/api/tags/update', { id: row.id, name: unique('renamed') }),
      () => api.call('DELETE', '/api/tags/remove', { ids: String(row.id) }),
      () => api.call('PUT', '/api/tags/restore', { ids: String(row.id) }),
    ]) {
      await db.updateTable('tags').set({ updateTime: 1000 }).where('id', '=', row.id).execute();
      dataOf(await change());
      expect(await updateTime()).toBeGreaterThanOrEqual(since);
    }
  });

  it('clears only the trash', async () => {
    const [kept, binned1, binned2] = [await tag(), await tag(), await tag()];
    dataOf(await api.call('DELETE', `/api/tags/remove?ids=${binned1.id},${binned2.id}`));
    expect(await trash()).toEqual(expect.arrayContaining([binned1.id, binned2.id]));

    const cleared = dataOf(await api.call('DELETE', '/api/tags/clear'));
    expect(cleared.count).toBeGreaterThanOrEqual(2);
    expect(await trash()).toEqual([]);
    expect(await live()).toContain(kept.id);
  });

  it('acts on several ids at once', async () => {
    const rows = [await tag(), await tag(), await tag()];
    const ids = rows.map((r) => r.id).join(',');
    expect(dataOf(await api.call('DELETE', '/api/tags/remove', { ids })).ids).toHaveLength(3);
    expect(await trash()).toEqual(expect.arrayContaining(rows.map((r) => r.id)));
    dataOf(await api.call('PUT', '/api/tags/restore', { ids }));
    expect(await live()).toEqual(expect.arrayContaining(rows.map((r) => r.id)));
  });

  it('refuses a whole remove when one id is missing', async () => {
    const [a, b] = [await tag(), await tag()];
    const before = await everything(api, 'tags');
    const res = await api.call('DELETE', '/api/tags/remove', { ids: `${a.id},999999,${b.id}` });
    expect(res.status).toBe(404);
    expect(res.body.data.missing).toEqual([999999]);
    expect(await everything(api, 'tags')).toEqual(before);
  });

  it('refuses a whole restore when one row is not in the trash', async () => {
    const [binned, alive] = [await tag(), await tag()];
    dataOf(await api.call('DELETE', '/api/tags/remove', { ids: String(binned.id) }));
    const before = await everything(api, 'tags');
    const res = await api.call('PUT', '/api/tags/restore', { ids: `${binned.id},${alive.id}` });
    expect(res.status).toBe(404);
    expect(await everything(api, 'tags')).toEqual(before);
    expect(await trash()).toContain(binned.id);
  });

  it('refuses a remove of a row already in the trash', async () => {
    const row = await tag();
    dataOf(await api.call('DELETE', '/api/tags/remove', { ids: String(row.id) }));
    const before = await everything(api, 'tags');
    expect((await api.call('DELETE', '/api/tags/remove', { ids: String(row.id) })).status).toBe(404);
    expect(await everything(api, 'tags')).toEqual(before);
  });

  it('refuses a whole delete when one id is missing or malformed', async () => {
    const [a, b] = [await tag(), await tag()];
    const before = await everything(api, 'tags');
    expect((await api.call('DELETE', '/api/tags/delete', { ids: `${a.id},${b.id},999998` })).status).toBe(404);
    for (const ids of [`${a.id},abc`, `${a.id},,${b.id}`, `${a.id},-1`, `${a.id},1.5`, `${a.id},0`]) {
      const res = await api.call('DELETE', '/api/tags/delete', { ids });
      expect(res.status, ids).toBe(400);
      expect(res.body.msg).toContain('ids');
    }
    expect(await everything(api, 'tags')).toEqual(before);
  });

  it('keeps the trash of each table apart', async () => {
    const row = await tag();
    const user = dataOf(await api.call('POST', '/api/users/create', { account: unique('trash') }), 201);
    await api.call('DELETE', '/api/users/remove', { ids: String(user.id) });
    await api.call('DELETE', '/api/tags/remove', { ids: String(row.id) });
    dataOf(await api.call('DELETE', '/api/tags/clear'));
    expect(await rowIds(api, 'users', 'onlyTrashed=1')).toContain(user.id);
  });
});
