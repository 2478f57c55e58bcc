/**
 * The API document says what the server does: on a seeded install, every
 * documented read, called with what the document marks required (and its
 * example values), answers in its documented shape, validated with Ajv as
 * JSON Schema 2020-12 (OpenAPI 3.1's dialect); the writes' answers and their
 * refusals too, in both dialects. Paths are OpenAPI templates (`{name}`), so
 * a generated client calls real URLs.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DIALECTS } from '../support/app';
import { adminApi, createOrder, createRow, type Api, type Reply } from '../support/fixtures';

vi.setConfig({ hookTimeout: 120_000 });

type Json = Record<string, any>;
type Operation = { parameters?: Json[]; responses: Record<string, Json> };

const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
const compiled = new Map<string, ValidateFunction>();
function validator(schema: Json): ValidateFunction {
  const key = JSON.stringify(schema);
  if (!compiled.has(key)) compiled.set(key, ajv.compile(schema));
  return compiled.get(key)!;
}

/** Whether `res` is what `op` documents for its status: the JSON schema of that status, or the content type it names. */
function expectDocumented(label: string, op: Operation, res: Reply) {
  const documented = op.responses[String(res.status)] ?? op.responses[String(res.body?.code)];
  expect(documented, `${label}: status ${res.status} is documented (${res.text.slice(0, 160)})`).toBeDefined();
  const [type, content] = Object.entries<Json>(documented!.content ?? {})[0] ?? [];
  if (!type) return;
  if (!content.schema) {
    expect(String(res.headers['content-type']), label).toContain(type.split('+')[0]!.replace('vnd.oai.openapi', 'json'));
    return;
  }
  const validate = validator(content.schema);
  expect(validate(res.body) ? [] : validate.errors, `${label}: ${res.text.slice(0, 200)}`).toEqual([]);
}

describe.each(DIALECTS)('the OpenAPI document on %s', (dialect) => {
  let api: Api;
  let doc: Json;
  /** One row id of each table, for the reads and the path templates that need one. */
  const ids = new Map<string, number>();

  const operations = () => Object.entries<Record<string, Operation>>(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ path, method, op })));
  const table = (path: string) => path.split('/')[path.startsWith('/api/rest/') ? 3 : 2]!;

  beforeAll(async () => {
    api = await adminApi(dialect);
    const order = await createOrder(api);
    ids.set('receive-money', order.id);
    ids.set('tags', (await createRow(api, 'tags', { name: 'documented' })).id);
    ids.set('comment', (await createRow(api, 'comment', { content: 'documented', nickname: 'doc' })).id);
    doc = (await api.call('GET', '/api/docs/json')).body;
    // Every other table: its first row, when the seeded install has one.
    for (const { path } of operations().filter(({ path, method }) => method === 'get' && path.endsWith('/rows'))) {
      const rows = (await api.call('GET', `${path}?limit=1`)).body.data?.rows;
      if (rows?.[0]?.id && !ids.has(table(path))) ids.set(table(path), rows[0].id);
    }
  });
  afterAll(() => api?.close());

  it('is OpenAPI 3.1 with {name} path templates, every name of a path declared and required', () => {
    expect(doc.openapi).toBe('3.1.0');
    for (const { path, method, op } of operations()) {
      expect(path, `${method} ${path}`).not.toMatch(/:\w/);
      const names = [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => name);
      const declared = (op.parameters ?? []).filter((p) => p.in === 'path');
      expect(declared.map((p) => [p.name, p.required]), `${method} ${path}`).toEqual(names.map((name) => [name, true]));
    }
    expect(doc.paths['/api/toml/{name}'].get).toBeDefined();
    expect(doc.paths['/api/toml/{file}-{section}'].put).toBeDefined();
    const required = (path: string) => doc.paths[path].get.parameters.filter((p: Json) => p.required).map((p: Json) => p.name).sort();
    expect(required('/api/dashboard/figures')).toEqual(['from', 'to', 'zone']);
    expect(required('/api/tags/take')).toEqual(['id']);
    expect(doc.paths['/api/config/take'].get.parameters.map((p: Json) => p.name)).toEqual(['id', 'key', 'no']);
  });

  it('every documented read answers, with what the document marks required, in its documented shape', async () => {
    const skipped: string[] = [];
    let called = 0;
    for (const { path, method, op } of operations()) {
      if (method !== 'get') continue;
      // A table without a row on this install is read by an id no row has: code 204 by the console's take, 404 by the dialect.
      const id = ids.get(table(path));
      const value = (p: Json) => (p.name === 'id' ? id ?? 999_999 : p.schema?.examples?.[0]);
      // A take by id or by a public field needs one of them, which OpenAPI cannot mark: it is given the id.
      const params = (op.parameters ?? []).filter((p) => p.required || (p.name === 'id' && path.endsWith('/take')));
      if (params.some((p) => value(p) === undefined)) {
        skipped.push(path);
        continue;
      }
      let url = path;
      const query = new URLSearchParams();
      for (const p of params) {
        if (p.in === 'path') url = url.replace(`{${p.name}}`, encodeURIComponent(String(value(p))));
        else query.set(p.name, String(value(p)));
      }
      const res = await api.call('GET', query.size ? `${url}?${query}` : url);
      expect(res.status, `GET ${url}?${query}: ${res.text.slice(0, 200)}`).toBe(id === undefined && path.endsWith('{id}') ? 404 : 200);
      expectDocumented(`GET ${url}`, op, res);
      called++;
    }
    // Every required parameter has a value the document gives (an example) or the install has (an id).
    expect(skipped).toEqual([]);
    expect(called).toBeGreaterThan(130);
  });

  it('the writes\' answers and refusals are what the document says, in both dialects', async () => {
    const op = (path: string, method: string) => doc.paths[path][method] as Operation;
    const check = async (method: 'POST' | 'PUT' | 'DELETE' | 'PATCH', path: string, url: string, body?: unknown) => {
      const res = await api.t.call(method, url, body, await api.t.signIn(), { cookie: 'lang=en-us' });
      expectDocumented(`${method} ${url}`, op(path, method.toLowerCase()), res);
      return res;
    };
    // Every table that creates: an empty body is refused as documented, or (nothing required) created as documented.
    for (const { path } of operations().filter(({ path, method }) => method === 'post' && path.endsWith('/create'))) {
      expect([200, 201, 400, 403, 409]).toContain((await check('POST', path, path, {})).status);
    }
    const made = (await check('POST', '/api/tags/create', '/api/tags/create', { name: 'written' })).body.data;
    expect((await check('PUT', '/api/tags/update', '/api/tags/update', { id: made.id, name: 'rewritten' })).status).toBe(200);
    expect((await check('PUT', '/api/tags/update', '/api/tags/update', { id: made.id, name: 'x'.repeat(500) })).status).toBe(400);
    expect((await check('DELETE', '/api/tags/remove', '/api/tags/remove', { ids: String(made.id) })).status).toBe(200);

    const rest = (await check('POST', '/api/rest/tags', '/api/rest/tags', { name: 'rest written' })).body;
    expect((await check('PATCH', '/api/rest/tags/{id}', `/api/rest/tags/${rest.id}`, { name: 'rest patched' })).body).toMatchObject({ name: 'rest patched' });
    expect((await check('PUT', '/api/rest/tags/{id}', `/api/rest/tags/${rest.id}`, { name: '' })).status).toBe(400);
    expect((await check('DELETE', '/api/rest/tags/{id}', `/api/rest/tags/${rest.id}`)).status).toBe(200);
    expect((await check('PATCH', '/api/rest/tags/{id}', '/api/rest/tags/999999', { name: 'gone' })).status).toBe(404);
    // A refused read, as documented too.
    const refused = await api.call('GET', '/api/rest/tags?_sort=nope');
    expectDocumented('GET /api/rest/tags?_sort=nope', op('/api/rest/tags', 'get'), refused);
    expect(refused.status).toBe(400);
  });
});
