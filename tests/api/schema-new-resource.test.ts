/**
 * A developer adds a table with one schema file and nothing else: the app
 * built with it gets the table, working routes, rule rows and API docs. The
 * same app gives users a new field, which the schema sync adds as a column.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceList, users } from '../../schema';
import { f, type Resource } from '../../schema/define';
import { ACTION_METHOD } from '../../schema/rules';
import { DIALECTS } from '../support/app';
import { adminApi, createRow, dataOf, expectRefused, type Api } from '../support/fixtures';

/** Every generic action but `sort`: coupons have no serial field to sort by. */
const ACTIONS = (Object.keys(ACTION_METHOD) as Array<keyof typeof ACTION_METHOD>).filter((a) => a !== 'sort');
const DEFINE = path.resolve(import.meta.dirname, '../../schema/define.ts');

/** The one file a developer writes, as they would write it. */
const SCHEMA_FILE = `
import { defineResource, f } from ${JSON.stringify(DEFINE)};

export const coupons = defineResource({
  name: 'coupons',
  menu: 'content',
  fields: {
    id: f.id(),
    code: f.text({ required: true, max: 16, pattern: /^[A-Z0-9]+$/, unique: true, search: true, filter: true }),
    percent: f.number({ min: 1, max: 90, sortable: true, filter: true }),
    note: f.text({ max: 64 }),
    uid: f.owner(),
    ...f.timestamps(),
    deleteTime: f.deleteTime(),
  },
});
`;

async function loadSchemaFile(): Promise<Resource> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'paydesk-schema-'));
  const file = path.join(dir, 'coupons.ts');
  fs.writeFileSync(file, SCHEMA_FILE);
  return (await import(pathToFileURL(file).href)).coupons;
}

describe.each(DIALECTS)('a new resource on %s', (dialect) => {
  let api: Api;
  let coupons: Resource;
  beforeAll(async () => {
    coupons = await loadSchemaFile();
    const usersWithLevel = { ...users, fields: { ...users.fields, level: f.number({ filter: true }) } } as Resource;
    const list = [...resourceList.map((r) => (r.name === 'users' ? usersWithLevel : r)), coupons];
    api = await adminApi(dialect, { resources: list, syncSchema: true });
  }, 60_000);
  afterAll(() => api?.close());

  it('gets a table and every generic route', async () => {
    const a = await createRow(api, 'coupons', { code: 'SPRING10', percent: 10, note: 'spring' });
    const b = await createRow(api, 'coupons', { code: 'VIP50', percent: 50 });
    expect(dataOf(await api.call('GET', `/api/coupons/take?id=${a.id}`))).toMatchObject({ code: 'SPRING10', percent: 10, note: 'spring' });
    expect(dataOf(await api.call('GET', '/api/coupons/rows?percent_gte=20'))).toMatchObject({ total: 1, rows: [{ id: b.id }] });
    expect(dataOf(await api.call('GET', '/api/coupons/rows?q=spring'))).toMatchObject({ total: 1, rows: [{ id: a.id }] });
    dataOf(await api.call('PUT', '/api/coupons/update', { id: b.id, percent: 40 }));
    dataOf(await api.call('DELETE', '/api/coupons/remove', { ids: String(a.id) }));
    expect(dataOf(await api.call('GET', '/api/coupons/rows?onlyTrashed=1')).rows.map((r: { id: number }) => r.id)).toEqual([a.id]);
    expect((await api.call('GET', '/api/coupons/export')).text).toContain('VIP50,40');
  });

  it('validates its input from the schema alone', async () => {
    expectRefused(await api.call('POST', '/api/coupons/create', { code: 'lower', percent: 10 }), 'code');
    expectRefused(await api.call('POST', '/api/coupons/create', { code: 'BIG', percent: 95 }), 'percent');
    expectRefused(await api.call('GET', '/api/coupons/rows?note=x'), 'note');
  });

  it('gets its rule rows', async () => {
    const rules = dataOf(await api.call('GET', '/api/auth-rules/rows?group=coupons&limit=50')).rows as Array<{ method: string; route: string; type: string }>;
    const expected = ACTIONS.map((action) => `${ACTION_METHOD[action]} api/coupons/${action}`);
    expect(rules.map((r) => `${r.method} ${r.route}`).sort()).toEqual(expected.sort());
    expect(new Set(rules.map((r) => r.type))).toEqual(new Set(['default']));
  });

  it('gets its OpenAPI paths and a place on the docs page', async () => {
    const res = await api.call('GET', '/api/docs/json');
    expect(res.status).toBe(200);
    const doc = res.body;
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/api/coupons/')).sort())
      .toEqual(ACTIONS.map((a) => `/api/coupons/${a}`).sort());
    const create = doc.paths['/api/coupons/create'].post;
    const body = create.requestBody.content['application/json'].schema;
    expect(Object.keys(body.properties).sort()).toEqual(['code', 'note', 'percent']);
    expect(body.required).toEqual(['code']);
    expect(doc.paths['/api/coupons/rows'].get.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['percent_gte', 'code_like', 'q']));
    expect((await api.call('GET', '/api/docs')).text).toContain('/api/coupons/rows');
  });

  it('adds a new field of an existing table as a column', async () => {
    const user = await createRow(api, 'users', { account: 'leveled1', level: 3 });
    expect(user.level).toBe(3);
    expect(dataOf(await api.call('GET', '/api/users/rows?level=3')).rows.map((r: { id: number }) => r.id)).toEqual([user.id]);
  });
});
