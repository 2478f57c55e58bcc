/**
 * The recycle bin of an operator without `manage` (own rows): emptying it or
 * deleting for good reaches his own rows and never another owner's, which
 * stay in their owner's bin, restorable.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../support/app';
import { adminApi, createRow, dataOf, type Api } from '../support/fixtures';
import { userWith } from './payments-support';

describe.each(DIALECTS)('an own-rows operator\'s recycle bin on %s', (dialect) => {
  let api: Api;
  let op: { id: number; token: string };
  const asOp = (method: 'POST' | 'DELETE' | 'PUT', url: string, body?: unknown) => api.t.call(method, url, body, op.token, { cookie: 'lang=en-us' });
  const article = (id: number) => api.t.app.paydesk.db.any.selectFrom('article').select(['id', 'uid', 'deleteTime']).where('id', '=', id).executeTakeFirst();

  beforeAll(async () => {
    api = await adminApi(dialect);
    op = await userWith(api, ['POST api/article/create', 'DELETE api/article/remove', 'DELETE api/article/delete', 'DELETE api/article/clear'], 0);
  });
  afterAll(() => api?.close());

  async function binned(by: 'admin' | 'op', title: string): Promise<number> {
    const body = { title };
    const id = by === 'admin' ? (await createRow(api, 'article', body)).id : dataOf(await asOp('POST', '/api/article/create', body), 201).id;
    dataOf(by === 'admin' ? await api.call('DELETE', '/api/article/remove', { ids: String(id) }) : await asOp('DELETE', '/api/article/remove', { ids: String(id) }));
    return id;
  }

  it('emptying his bin deletes his trashed rows and leaves the admin\'s in the admin\'s bin', async () => {
    const theirs = await binned('admin', 'Admin draft');
    const mine = await binned('op', 'My draft');
    const res = await asOp('DELETE', '/api/article/clear');
    expect(dataOf(res)).toMatchObject({ count: 1 });
    expect(await article(mine)).toBeUndefined();
    expect(await article(theirs)).toMatchObject({ uid: 1 });
    dataOf(await api.call('PUT', '/api/article/restore', { ids: String(theirs) }));
    expect(await article(theirs)).toMatchObject({ deleteTime: 0 });
  });

  it('refuses deleting for good a batch with another owner\'s row, and deletes nothing of it', async () => {
    const theirs = await binned('admin', 'Admin old');
    const mine = await binned('op', 'My old');
    const res = await asOp('DELETE', '/api/article/delete', { ids: `${mine},${theirs}` });
    expect(res.status, res.text).toBe(403);
    expect(await article(theirs)).toBeDefined();
    expect(await article(mine)).toBeDefined();
    expect((await asOp('DELETE', '/api/article/delete', { ids: String(theirs) })).status).toBe(403);
    expect(await article(theirs)).toBeDefined();
    dataOf(await asOp('DELETE', '/api/article/delete', { ids: String(mine) }));
    expect(await article(mine)).toBeUndefined();
  });
});
