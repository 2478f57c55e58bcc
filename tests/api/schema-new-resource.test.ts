/**
 * A developer adds a table with three files and nothing else: its schema file
 * (labels in it, system columns named as the developer likes), its line in the
 * registry, and the migration `npm run migrate:make` generates from them. The
 * app built from those gets the table, working routes, validation that speaks
 * the inline labels, rule rows and API docs. The same migration adds a new
 * field of an existing table as a column. (Its admin list and dialog:
 * tests/unit/schema-new-resource-admin.test.tsx.)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceList, users } from '../../schema';
import { f, type Resource } from '../../schema/define';
import { ACTION_METHOD } from '../../schema/rules';
import { fold, migrationSource, MIGRATIONS_DIR, plan, readMigrationFiles } from '../../server/db/migrate';
import { DIALECTS } from '../support/app';
import { adminApi, createRow, dataOf, type Api } from '../support/fixtures';
import { loadSchemaFile } from './schema-new-resource-file';

const ACTIONS = Object.keys(ACTION_METHOD) as Array<keyof typeof ACTION_METHOD>;

/** What \`npm run migrate:make coupons\` writes, beside the committed migrations. */
async function generatedMigrations(dir: string, list: readonly Resource[]): Promise<{ dir: string; source: string }> {
  const migrations = path.join(dir, 'migrations');
  fs.mkdirSync(migrations);
  // Linked, not copied: a hand-written migration imports the server's modules by paths relative to its own place.
  for (const name of fs.readdirSync(MIGRATIONS_DIR)) fs.symlinkSync(path.join(MIGRATIONS_DIR, name), path.join(migrations, name));
  const ops = plan(fold((await readMigrationFiles()).flatMap((m) => m.ops ?? [])), list);
  const source = migrationSource(ops);
  fs.writeFileSync(path.join(migrations, '29991231235959_coupons.ts'), source);
  // The generated file imports its types from `../migrate`, as it would beside server/db/migrate.ts.
  fs.copyFileSync(path.join(MIGRATIONS_DIR, '..', 'migrate.ts'), path.join(dir, 'migrate.ts'));
  return { dir: migrations, source };
}

describe.each(DIALECTS)('a new resource on %s', (dialect) => {
  let api: Api;
  let coupons: Resource;
  let migration: string;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'paydesk-schema-'));
  beforeAll(async () => {
    coupons = await loadSchemaFile(dir);
    const usersWithLevel = { ...users, fields: { ...users.fields, level: f.number({ filter: true }) } } as Resource;
    // The registry line.
    const list = [...resourceList.map((r) => (r.name === 'users' ? usersWithLevel : r)), coupons];
    const generated = await generatedMigrations(dir, list);
    migration = generated.source;
    api = await adminApi(dialect, { resources: list, migrationsDir: generated.dir });
  }, 60_000);
  afterAll(async () => {
    await api?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('is one generated migration: the new table, and the new column of an existing one', () => {
    expect(migration).toContain('"op": "createTable", "table": "coupons"');
    expect(migration).toContain('"table":"users"');
    expect(migration).toContain('"name":"level"');
  });

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

  it('keeps its system columns by their kind, under the names it chose', async () => {
    const c = await createRow(api, 'coupons', { code: 'ORDER1', percent: 5 });
    const d = await createRow(api, 'coupons', { code: 'ORDER2', percent: 6 });
    expect([c.ownerId, d.place - c.place, c.binnedAt]).toEqual([1, 1, 0]);
    dataOf(await api.call('PUT', '/api/coupons/sort', { id: d.id, mode: 'up' }));
    const order = dataOf(await api.call('GET', '/api/coupons/rows?order=place%20asc&limit=50')).rows.map((r: { code: string }) => r.code);
    expect(order.indexOf('ORDER2')).toBeLessThan(order.indexOf('ORDER1'));
    dataOf(await api.call('DELETE', '/api/coupons/remove', { ids: String(c.id) }));
    expect(dataOf(await api.call('GET', `/api/coupons/take?id=${c.id}`))).toMatchObject({ code: 'ORDER1' });
    expect((await api.call('GET', '/api/coupons/rows?code=ORDER1')).body.data.total).toBe(0);
    dataOf(await api.call('PUT', '/api/coupons/restore', { ids: String(c.id) }));
    expect((await api.call('GET', '/api/coupons/rows?code=ORDER1')).body.data.total).toBe(1);
  });

  it('validates its input from the schema alone, naming fields by the labels in the schema', async () => {
    const refused = async (res: Promise<{ status: number; body: any }>, field: string, label: string) => {
      const { status, body } = await res;
      expect([status, body.data?.errors?.map((e: { field: string }) => e.field)]).toEqual([400, [field]]);
      expect(body.msg).toContain(label);
    };
    await refused(api.call('POST', '/api/coupons/create', { code: 'lower', percent: 10 }), 'code', 'Coupon code');
    await refused(api.call('POST', '/api/coupons/create', { code: 'BIG', percent: 95 }), 'percent', 'Discount');
    // Not a filter: the query names the parameter as sent.
    await refused(api.call('GET', '/api/coupons/rows?note=x'), 'note', 'note');
  });

  it('points at a row of another table by its id: refused when there is no such row, 0 when cleared', async () => {
    const c = await createRow(api, 'coupons', { code: 'GIFT1', percent: 15, givenTo: 1 });
    expect(c.givenTo).toBe(1);
    expect(dataOf(await api.call('GET', '/api/coupons/rows?givenTo=1')).rows.map((r: { code: string }) => r.code)).toContain('GIFT1');
    const missing = await api.call('PUT', '/api/coupons/update', { id: c.id, givenTo: 999999, note: 'half' });
    expect([missing.status, missing.body.data?.errors?.map((e: { field: string }) => e.field)]).toEqual([400, ['givenTo']]);
    expect(missing.body.msg).toContain('999999');
    // Nothing of the refused write was kept.
    expect(dataOf(await api.call('GET', `/api/coupons/take?id=${c.id}`))).toMatchObject({ givenTo: 1, note: '' });
    expect((await api.call('POST', '/api/coupons/create', { code: 'GIFT2', percent: 15, givenTo: -1 })).status).toBe(400);
    dataOf(await api.call('PUT', '/api/coupons/update', { id: c.id, givenTo: null }));
    expect(dataOf(await api.call('GET', `/api/coupons/take?id=${c.id}`)).givenTo).toBe(0);
  });

  it('gets its rule rows', async () => {
    const rules = dataOf(await api.call('GET', '/api/auth-rules/rows?group=coupons&limit=50')).rows as Array<{ method: string; route: string; type: string }>;
    const expected = [
      ...ACTIONS.map((action) => `${ACTION_METHOD[action]} api/coupons/${action}`),
      // Its simple-rest dialect, for an integrator's own react-admin app.
      'GET api/rest/coupons', 'GET api/rest/coupons/:id', 'POST api/rest/coupons', 'PUT api/rest/coupons/:id', 'PATCH api/rest/coupons/:id', 'DELETE api/rest/coupons/:id',
    ];
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
    expect(Object.keys(body.properties).sort()).toEqual(['code', 'givenTo', 'note', 'percent']);
    expect(body.properties.givenTo).toMatchObject({ type: 'integer', minimum: 0 });
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
