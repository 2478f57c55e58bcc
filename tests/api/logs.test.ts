/**
 * The operation log as an operator reads it on the Logs screen: every call is
 * a row saying who (uid, ip, agent), what (title, scene, method, api, params
 * with secrets masked) and how it ended (the envelope's code). A write and its
 * row commit together; reads are written in batches, at least every second
 * and on close; and the log cannot be edited through the API.
 */
import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, makeApp, ADMIN_PASSWORD, type TestApp } from '../support/app';

const AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const CLIENT_IP = '192.0.2.7';

interface LogRow { id: number; uid: number; title: string; scene: string; method: string; api: string; code: number; content: string; ip: string; agent: string; params: string; bindId: number }

describe.each(DIALECTS)('operation log on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let adminId: number;
  /** A call from a browser at CLIENT_IP, as the admin unless another token (or none) is given. */
  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, token: string | null = admin) => {
    const res = await t.app.inject({
      method, url, remoteAddress: CLIENT_IP,
      headers: { 'user-agent': AGENT, cookie: 'lang=en-us', ...(token && { authorization: `Bearer ${token}` }) },
      ...(body !== undefined && { payload: body as object }),
    });
    // Export answers CSV, everything else an envelope.
    return { status: res.statusCode, body: String(res.headers['content-type']).includes('json') ? res.json() : undefined };
  };
  /** The rows of one API path, newest first, once queued reads are written. */
  const logsOf = async (api: string): Promise<LogRow[]> => {
    await t.app.paydesk.logs.flush();
    const res = await t.call('GET', `/api/logs/rows?limit=50&api=${encodeURIComponent(api)}`, undefined, admin);
    expect(res.body.code, res.text).toBe(200);
    return res.body.data.rows;
  };
  const lastLog = async (method: string, api: string) => {
    const all = await logsOf(api);
    const row = all.find((r) => r.method === method);
    expect(row, `a log row for ${method} ${api}`).toBeDefined();
    return row!;
  };
  const newUser = async (fields: Record<string, unknown> = {}) => (await call('POST', '/api/users/create', { account: `u${Math.random().toString(36).slice(2, 10)}`, ...fields })).body.data;

  beforeAll(async () => {
    t = await makeApp({ dialect });
    const signIn = await call('POST', '/api/comm/sign-in', { account: 'admin', password: ADMIN_PASSWORD }, null);
    admin = signIn.body.data.token.no;
    adminId = signIn.body.data.user.id;
  });
  afterAll(() => t?.close());

  it('sign-in and check-token: scene, code, who and from where, with the password masked', async () => {
    const signIn = await lastLog('POST', '/api/comm/sign-in');
    expect(signIn).toMatchObject({ scene: 'sign-in', code: 200, ip: CLIENT_IP, agent: AGENT, title: 'comm.sign-in' });
    expect(JSON.parse(signIn.params)).toEqual({ account: 'admin', password: '***' });
    expect(signIn.params).not.toContain(ADMIN_PASSWORD);

    await call('POST', '/api/comm/check-token');
    expect(await lastLog('POST', '/api/comm/check-token')).toMatchObject({ scene: 'check-token', code: 200, uid: adminId });
    await call('POST', '/api/comm/check-token', {}, 'not-a-token');
    expect(await lastLog('POST', '/api/comm/check-token')).toMatchObject({ scene: 'check-token', code: 401, uid: 0 });
  });

  it('a record through its whole life: one row per call, each with its scene, code and record id', async () => {
    const user = await newUser({ nickname: 'Logged', password: 'first-pass-1' });
    const create = await lastLog('POST', '/api/users/create');
    expect(create).toMatchObject({ scene: 'create', code: 201, uid: adminId, bindId: user.id, title: 'users.create', ip: CLIENT_IP });
    expect(JSON.parse(create.params)).toMatchObject({ nickname: 'Logged', password: '***' });

    const steps: Array<[method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body: unknown, scene: string]> = [
      ['PUT', '/api/users/update', { id: user.id, remark: 'changed' }, 'update'],
      ['POST', '/api/users/save', { id: user.id, remark: 'saved' }, 'save'],
      ['GET', `/api/users/find?ids=${user.id}`, undefined, 'find'],
      ['GET', '/api/users/rand?limit=1', undefined, 'rand'],
      ['PUT', '/api/auth-group/sort', { id: 1, mode: 'down' }, 'sort'],
      ['DELETE', '/api/users/remove', { ids: String(user.id) }, 'remove'],
      ['PUT', '/api/users/restore', { ids: String(user.id) }, 'restore'],
      ['DELETE', '/api/users/remove', { ids: String(user.id) }, 'remove'],
      ['DELETE', '/api/users/delete', { ids: String(user.id) }, 'delete'],
      ['DELETE', '/api/users/clear', undefined, 'clear'],
      ['GET', '/api/users/rows?page=1&limit=10&nickname_like=Log', undefined, 'rows'],
      ['GET', '/api/users/export?nickname_like=Log', undefined, 'export'],
      ['GET', `/api/users/take?id=${user.id}`, undefined, 'take'],
    ];
    for (const [method, url, body, scene] of steps) {
      const res = await call(method, url, body);
      const api = url.split('?')[0]!;
      const row = await lastLog(method, api);
      expect(row, `${method} ${url}`).toMatchObject({ scene, uid: adminId, code: res.body?.code ?? res.status, method, api });
    }
    const signUp = await call('POST', '/api/comm/sign-up', {});
    expect(await lastLog('POST', '/api/comm/sign-up')).toMatchObject({ scene: 'sign-up', code: signUp.status });
    // The take of a deleted record found nothing: logged as 204, the code the caller saw.
    expect(await lastLog('GET', '/api/users/take')).toMatchObject({ code: 204 });
    expect(JSON.parse((await lastLog('GET', '/api/users/rows')).params)).toMatchObject({ nickname_like: 'Log', limit: '10' });
  });

  it('failures are logged with their codes: 400 bad input, 401 no token, 403 not granted', async () => {
    expect((await call('POST', '/api/users/create', { account: 'x' })).status).toBe(400);
    expect(await lastLog('POST', '/api/users/create')).toMatchObject({ code: 400, scene: 'create', uid: adminId });

    expect((await call('GET', '/api/users/rows', undefined, null)).status).toBe(401);
    expect(await lastLog('GET', '/api/users/rows')).toMatchObject({ code: 401, uid: 0, scene: 'rows' });

    const nobody = await newUser({ password: 'nobody-pass-1' });
    const token = (await call('POST', '/api/comm/sign-in', { account: nobody.account, password: 'nobody-pass-1' }, null)).body.data.token.no;
    expect((await call('DELETE', '/api/users/remove', { ids: String(adminId) }, token)).status).toBe(403);
    expect(await lastLog('DELETE', '/api/users/remove')).toMatchObject({ code: 403, uid: nobody.id, scene: 'remove' });
  });

  it('passwords, codes, tokens, keys and secrets never reach the log', async () => {
    const secrets = ['Reset-pass-9911', '654321', 'tok-abcdef-123', 'smtp-secret-77', 'JwtKeyValue_1234567890'];
    await call('POST', '/api/comm/reset-password', { social: 'who@example.com', account: 'nobody', password: secrets[0], AgainPassword: secrets[0], code: secrets[1] }, null);
    await call('POST', '/api/comm/sign-code', { social: 'who@example.com', code: secrets[1], token: secrets[2] }, null);
    await call('PUT', '/api/toml/sms-email', { host: 'smtp.example.com', port: 465, account: 'robot', password: secrets[3], nickname: 'Paydesk', subject: 'Code' });
    // Refused (the issuer is too short), so the admin's token stays valid; logged all the same.
    await call('PUT', '/api/toml/crypt-jwt', { subject: 'paydesk', issuer: 'x', expired: 3600, key: secrets[4] });
    const rows = [
      ...(await logsOf('/api/comm/reset-password')), ...(await logsOf('/api/comm/sign-code')),
      ...(await logsOf('/api/toml/:name')), ...(await logsOf('/api/toml/:file-:section')),
    ];
    const written = rows.map((r) => r.params).join('\n');
    expect(rows.length).toBeGreaterThanOrEqual(4);
    for (const secret of secrets) expect(written).not.toContain(secret);
    expect(written).toContain('who@example.com');
    expect(written).toContain('"AgainPassword":"***"');
  });

  it('a write and its log row commit together: when the row cannot be written, neither is the record', async () => {
    const before = (await call('GET', '/api/users/rows?limit=1')).body.data.total;
    const k = t.app.paydesk.db.kysely;
    if (dialect === 'sqlite') await sql`CREATE TRIGGER refuse_logs BEFORE INSERT ON logs BEGIN SELECT RAISE(ABORT, 'log refused'); END`.execute(k);
    else await sql`CREATE TRIGGER refuse_logs BEFORE INSERT ON logs FOR EACH ROW SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'log refused'`.execute(k);
    try {
      const res = await call('POST', '/api/users/create', { account: 'unlogged1' });
      expect(res.status).toBe(500);
    } finally {
      await sql`DROP TRIGGER refuse_logs`.execute(k);
    }
    expect((await call('GET', '/api/users/rows?limit=1')).body.data.total).toBe(before);
  });

  it('a refused write changes nothing and leaves a row with its error code', async () => {
    const user = await newUser({ nickname: 'Keep' });
    const res = await call('PUT', '/api/users/update', { id: user.id, nickname: 'x'.repeat(25) });
    expect(res.status).toBe(400);
    expect((await call('GET', `/api/users/take?id=${user.id}`)).body.data.nickname).toBe('Keep');
    expect(await lastLog('PUT', '/api/users/update')).toMatchObject({ code: 400, scene: 'update' });
  });

  it('read rows are written within about a second, without anyone flushing', async () => {
    const marker = `probe${Date.now()}`;
    await call('GET', `/api/users/rows?nickname_like=${marker}`);
    const k = t.app.paydesk.db.kysely;
    await expect.poll(async () => (await k.selectFrom('logs').select('id').where('params', 'like', `%${marker}%`).execute()).length, { timeout: 5000, interval: 100 }).toBe(1);
  });

  it('the log is read-only: no create, save or update, and removing rows needs its own grant', async () => {
    for (const [method, action] of [['POST', 'create'], ['POST', 'save'], ['PUT', 'update']] as const) {
      expect((await call(method, `/api/logs/${action}`, { title: 'forged' })).status, action).toBe(404);
    }
    // A reader of the log (the preset that reads everything) cannot remove from it.
    const reader = await newUser({ password: 'reader-pass-1' });
    const tree = (await call('GET', '/api/auth-rules/tree')).body.data as Array<{ group: string; children: Array<{ id: number; method: string }> }>;
    const reads = tree.find((g) => g.group === 'logs')!.children.filter((r) => r.method === 'GET').map((r) => r.id);
    expect((await call('POST', '/api/auth-group/create', { name: 'Log readers', rules: `|${reads.join('|')}|`, uids: `|${reader.id}|`, manage: 1 })).status).toBe(201);
    const token = (await call('POST', '/api/comm/sign-in', { account: reader.account, password: 'reader-pass-1' }, null)).body.data.token.no;
    const seen = (await call('GET', '/api/logs/rows?limit=5', undefined, token)).body;
    expect(seen.code).toBe(200);
    const target = seen.data.rows[0].id;
    expect((await call('DELETE', '/api/logs/remove', { ids: String(target) }, token)).status).toBe(403);
    expect((await call('GET', `/api/logs/take?id=${target}`, undefined, token)).body.code).toBe(200);
  });
});

describe('queued log rows on close', () => {
  it('are written when the app closes, even long before the next flush', async () => {
    // A SQLite file, so the rows can be read after the app (and its connection) is gone.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'paydesk-logs-'));
    const file = path.join(dir, 'paydesk.db');
    try {
      const t = await makeApp({ databaseUrl: `sqlite:${file}`, logFlushMs: 3_600_000 });
      for (let i = 0; i < 5; i++) await t.call('GET', `/api/config/take?key=SITE_INFO`);
      await t.close();
      const db = new Database(file, { readonly: true });
      const { n } = db.prepare(`SELECT COUNT(*) AS n FROM logs WHERE api = '/api/config/take' AND code = 200`).get() as { n: number };
      db.close();
      expect(n).toBe(5);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
