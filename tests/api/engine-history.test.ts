/**
 * The record history of the engine's bulk and quiet writes: a bin emptying
 * leaves one revision per row it deletes, a move in order and a refused write
 * none. The history of each single write, and who may read it, is in
 * revisions.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../support/app';
import { adminApi, createRow, dataOf, unique, type Api } from '../support/fixtures';

interface Revision { action: string; changes: Record<string, [unknown, unknown]> }

describe.each(DIALECTS)('record history of engine writes on %s', (dialect) => {
  let api: Api;
  beforeAll(async () => {
    api = await adminApi(dialect);
  });
  afterAll(() => api?.close());

  /** A row's revisions, newest first. */
  const historyOf = async (resource: string, rowId: number): Promise<Revision[]> =>
    dataOf(await api.call('GET', `/api/revisions/rows?limit=100&resource=${resource}&rowId=${rowId}`)).rows;

  it('records each row a bin emptying deletes, and nothing for a move in order or a refused write', async () => {
    const binned = [await createRow(api, 'tags', { name: unique('bin') }), await createRow(api, 'tags', { name: unique('bin') })];
    dataOf(await api.call('DELETE', '/api/tags/remove', { ids: binned.map((t) => t.id).join(',') }));
    dataOf(await api.call('DELETE', '/api/tags/clear'));
    for (const tag of binned) {
      const [cleared] = await historyOf('tags', tag.id);
      expect(cleared).toMatchObject({ action: 'delete', changes: { name: [tag.name, null] } });
    }

    const group = await createRow(api, 'auth-group', { name: unique('g') });
    dataOf(await api.call('PUT', '/api/auth-group/sort', { id: group.id, mode: 'up' }));
    expect((await historyOf('auth-group', group.id)).map((x) => x.action)).toEqual(['create']);

    const tag = await createRow(api, 'tags', { name: unique('kept') });
    expect((await api.call('PUT', '/api/tags/update', { id: tag.id, name: binned[0]!.name, describe: 'x' })).status).toBe(200);
    expect((await api.call('PUT', '/api/tags/update', { id: tag.id, name: tag.name.repeat(9) })).status).toBe(400);
    expect((await historyOf('tags', tag.id)).map((x) => x.action)).toEqual(['update', 'create']);
  });
});
