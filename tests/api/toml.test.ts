import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RuleConfig } from '../../server/types';
import { cacheRoutes } from '../../server/routes/cache';
import { tomlRoutes } from '../../server/routes/toml';
import { cacheOn, type Cache } from '../../server/services/cache/cache';
import { ramStore } from '../../server/services/cache/ram';
import { createSettings, type Settings } from '../../server/services/settings';
import { envelopeApp, says } from '../fakes/envelope-app';

let dir: string;
let settings: Settings;
let cache: Cache;
let app: FastifyInstance;
const rules: Array<{ method: string; url: string; rule?: RuleConfig }> = [];
const email = { host: 'smtp.mail.example', port: 465, account: 'bot@mail.example', password: 'Sup3r-secret', nickname: 'Paydesk', subject: 'Code' };

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'paydesk-toml-'));
  settings = await createSettings(dir, { log: () => {} });
  cache = cacheOn(ramStore(), 60);
  app = await envelopeApp();
  rules.length = 0;
  app.addHook('onRoute', (route) => {
    if (route.method !== 'HEAD') rules.push({ method: String(route.method), url: route.url, rule: route.config?.rule });
  });
  await app.register(tomlRoutes, { settings });
  await app.register(cacheRoutes, { cache });
});
afterEach(async () => {
  await app.close();
  settings.close();
  await rm(dir, { recursive: true, force: true });
});

const put = (url: string, payload: unknown) => app.inject({ method: 'PUT', url, payload: payload as object });

describe('GET /api/toml/:name', () => {
  it('answers a file with every secret blank and flagged', async () => {
    await settings.update('sms', 'email', email);
    const res = await app.inject({ method: 'GET', url: '/api/toml/sms' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe(200);
    expect(body.data.values.email).toEqual({ ...email, password: '' });
    expect(body.data.secrets).toMatchObject({ 'email.password': true, 'smsbao.api_key': false });
    expect(res.body).not.toContain('Sup3r-secret');
  });

  it('never shows the JWT key', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/toml/crypt' });
    expect(res.json().data.values.jwt.key).toBe('');
    expect(res.body).not.toContain(settings.get('crypt').jwt.key);
  });

  it('answers 404 for a file that does not exist', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/toml/database' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 404, msg: says('errors.not_found') });
  });
});

describe('PUT /api/toml/:file-:section', () => {
  it('saves a section and answers it masked; the next read shows it', async () => {
    const res = await put('/api/toml/sms-email', email);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ values: { ...email, password: '' }, secrets: { password: true } });
    expect(settings.get('sms').email.password).toBe('Sup3r-secret');
    expect((await app.inject({ method: 'GET', url: '/api/toml/sms' })).json().data.values.email.host).toBe('smtp.mail.example');
  });

  it('keeps the stored secret when the form sends it blank', async () => {
    await put('/api/toml/sms-email', email);
    const res = await put('/api/toml/sms-email', { ...email, password: '', port: 587 });
    expect(res.statusCode).toBe(200);
    expect(settings.get('sms').email).toMatchObject({ port: 587, password: 'Sup3r-secret' });
  });

  it('refuses bad input with a 400 that lists every bad field, and writes nothing', async () => {
    const before = await readFile(join(dir, 'sms.toml'), 'utf8');
    const res = await put('/api/toml/sms-email', { ...email, port: 70000, host: 'not a host', extra: 1 });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.msg).toEqual(says('errors.invalid_field'));
    expect(body.data.errors.map((e: { field: string; message: string }) => [e.field, e.message])).toEqual([
      ['host', 'validation.host'], ['port', 'validation.port'], ['extra', 'validation.unknown_field'],
    ]);
    expect(await readFile(join(dir, 'sms.toml'), 'utf8')).toBe(before);
  });

  it('takes a blank Redis password (none) or one of 12 to 32 characters, and a blank one keeps a stored password', async () => {
    const redis = { host: '127.0.0.1', port: 6379, database: 0, prefix: 'INIS', expired: 7200 };
    // Never set: blank is a Redis without a password, saved as such.
    expect((await put('/api/toml/cache-redis', { ...redis, password: '', port: 6381 })).statusCode).toBe(200);
    expect(settings.get('cache').redis).toMatchObject({ port: 6381, password: '' });
    const before = await readFile(join(dir, 'cache.toml'), 'utf8');
    for (const [password, message] of [['abc', 'validation.min_length'], ['a'.repeat(11), 'validation.min_length'], ['a'.repeat(33), 'validation.max_length']]) {
      const res = await put('/api/toml/cache-redis', { ...redis, password });
      expect(res.statusCode, password).toBe(400);
      expect(res.json().data.errors.map((e: { field: string; message: string }) => [e.field, e.message])).toEqual([['password', message]]);
    }
    expect(await readFile(join(dir, 'cache.toml'), 'utf8')).toBe(before);

    for (const password of ['a'.repeat(12), 'b'.repeat(32)]) expect((await put('/api/toml/cache-redis', { ...redis, password })).statusCode).toBe(200);
    expect((await put('/api/toml/cache-redis', { ...redis, password: '', port: 6380 })).statusCode).toBe(200);
    expect(settings.get('cache').redis).toMatchObject({ port: 6380, password: 'b'.repeat(32) });
  });

  it('answers 404 for an unknown file or section', async () => {
    expect((await put('/api/toml/database-mysql', {})).statusCode).toBe(404);
    expect((await put('/api/toml/cache-memcached', {})).statusCode).toBe(404);
  });
});

describe('DELETE /api/cache/clear', () => {
  it('empties the cache', async () => {
    await cache.set('rows', [1]);
    const res = await app.inject({ method: 'DELETE', url: '/api/cache/clear' });
    expect(res.json()).toMatchObject({ code: 200, msg: says('messages.cache_cleared') });
    expect(await cache.get('rows')).toBeUndefined();
  });
});

it('declares a permission rule on every route', () => {
  // The rule's name, group and type; the path names it documents (`query`) are the API document's (tests/api/openapi-document.test.ts).
  expect(rules.map(({ method, url, rule }) => ({ method, url, rule: rule && { name: rule.name, group: rule.group, type: rule.type } }))).toEqual([
    { method: 'GET', url: '/api/toml/:name', rule: { name: 'toml', group: 'toml', type: 'default' } },
    { method: 'PUT', url: '/api/toml/:file-:section', rule: { name: 'toml_update', group: 'toml', type: 'default' } },
    { method: 'DELETE', url: '/api/cache/clear', rule: { name: 'cache_clear', group: 'cache', type: 'default' } },
  ]);
});
