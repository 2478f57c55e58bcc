/**
 * Several instances (issue 4, item 8): two server processes on different
 * ports share one MariaDB database, one Redis and one config folder, as two
 * machines behind a load balancer would. What one instance learns, the other
 * knows: tokens and their revocation, verification codes, request nonces,
 * rate-limit counters, and settings changed through the API.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partBody, startSmtpCatcher, type SmtpCatcher } from '../fakes/smtp';
import { ADMIN_PASSWORD, MYSQL_URL, REDIS_URL } from '../support/app';
import { requireService } from '../support/services';
import { changeSafety, limits } from '../multi/safety-config';
import { freshDatabase, redisConfigDir, startServer, type ServerProcess } from '../multi/server-process';

const skip = requireService(['mysql', 'redis'], 'two instances sharing MariaDB and Redis');

const SMTP = { user: 'robot@paydesk.test', pass: 'smtp-pass-42' };
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

async function call(server: ServerProcess, method: Method, url: string, body?: unknown, token?: string) {
  const res = await fetch(server.url + url, {
    method,
    headers: { cookie: 'lang=en-us', ...(body !== undefined && { 'content-type': 'application/json' }), ...(token && { authorization: `Bearer ${token}` }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as { code: number; msg: string; data: any };
}

let clients = 0;
/** A loopback address no other call uses (127.0.1.n): to the rate limits, a client of its own. */
const newClient = () => `127.0.1.${++clients}`;

/** GETs `/api/comm/init` from `client` (the i-th call on `pick(i)`) until the first 429, at most `most` times; answers how many passed. */
async function burst(client: string, pick: (i: number) => ServerProcess, most: number): Promise<number> {
  const get = (server: ServerProcess) => new Promise<number>((resolve, reject) => {
    http.get(`${server.url}/api/comm/init`, { localAddress: client, agent: false }, (res) => {
      res.resume().on('end', () => resolve(res.statusCode!));
    }).on('error', reject);
  });
  for (let i = 0; i < most; i++) {
    const status = await get(pick(i));
    if (status === 429) return i;
    expect(status).toBe(200);
  }
  return most;
}

describe.skipIf(skip)('two instances sharing MariaDB and Redis', () => {
  let a: ServerProcess, b: ServerProcess;
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let configDir: string, dataRoot: string;
  let smtp: SmtpCatcher;
  let admin: string;
  const adminCall = (method: 'GET' | 'PUT', url: string, body?: unknown) => call(a, method, url, body, admin);

  beforeAll(async () => {
    [database, smtp] = await Promise.all([freshDatabase(MYSQL_URL!), startSmtpCatcher(SMTP)]);
    configDir = redisConfigDir(REDIS_URL!);
    dataRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'paydesk-instances-'));
    const env = (name: string) => ({ DATABASE_URL: database.url, CONFIG_DIR: configDir, DATA_DIR: path.join(dataRoot, name), ADMIN_PASSWORD });
    // A first, so it creates the tables and the settings files; B joins what it finds.
    a = await startServer(env('a'));
    b = await startServer(env('b'));
    admin = (await call(a, 'POST', '/api/comm/sign-in', { account: 'admin', password: ADMIN_PASSWORD })).data.token.no;
    // All calls come from this one address: generous limits until the rate-limit test sets its own.
    await changeSafety(adminCall, limits({}));
  }, 120_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await Promise.all([database?.drop(), smtp?.close()]);
    for (const dir of [configDir, dataRoot]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a token from A works on B, and signing out on A ends it on B at once', async () => {
    const token = (await call(a, 'POST', '/api/comm/sign-in', { account: 'admin', password: ADMIN_PASSWORD })).data.token.no;
    expect(await call(b, 'POST', '/api/comm/check-token', {}, token)).toMatchObject({ code: 200, data: { user: { account: 'admin' } } });
    expect((await call(b, 'GET', '/api/users/rows', undefined, token)).code).toBe(200);
    expect((await call(a, 'DELETE', '/api/comm/sign-out', {}, token)).code).toBe(200);
    expect((await call(b, 'POST', '/api/comm/check-token', {}, token)).code).toBe(401);
    expect((await call(b, 'GET', '/api/users/rows', undefined, token)).code).toBe(401);
  });

  it('a settings change through A is used by B without a restart (figure printed)', async () => {
    const changedAt = Date.now();
    const put = await call(a, 'PUT', '/api/toml/sms-email', { host: '127.0.0.1', port: smtp.port, account: SMTP.user, password: SMTP.pass, nickname: 'Paydesk', subject: 'Paydesk code' }, admin);
    expect(put.code, put.msg).toBe(200);
    await expect.poll(async () => (await call(b, 'GET', '/api/toml/sms', undefined, admin)).data.values.email.port, { timeout: 10_000, interval: 100 }).toBe(smtp.port);
    console.info(`instances: B used the settings written through A after ${Date.now() - changedAt} ms`);
  });

  it('a code sent through A is accepted by B', async () => {
    const email = 'multi@paydesk.test';
    expect((await call(a, 'POST', '/api/users/create', { account: 'multi1', email }, admin)).code).toBe(201);
    const sent = await call(a, 'POST', '/api/comm/sign-code', { social: email });
    expect(sent.code, sent.msg).toBe(201);
    const mail = smtp.mails.find((m) => m.to.includes(email));
    const code = /\b(\d{6})\b/.exec(partBody(mail!.raw, 'text/plain') ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const signedIn = await call(b, 'POST', '/api/comm/sign-code', { social: email, code });
    expect(signedIn, signedIn.msg).toMatchObject({ code: 200, data: { user: { account: 'multi1' } } });
    // And a code is good once, whichever instance sees it next.
    expect((await call(a, 'POST', '/api/comm/sign-code', { social: email, code })).code).toBe(400);
  });

  it('the rate limit counts the calls to both instances', async () => {
    await changeSafety(adminCall, limits({ global: 6 }));
    // The config row is shared; B re-reads it within a second, and then refuses a new client's seventh call.
    await expect.poll(() => burst(newClient(), () => b, 7), { timeout: 10_000, interval: 50 }).toBeLessThan(7);
    // Real seconds (Redis's windows): a burst a stalled machine spread over more than one proves nothing,
    // so it is made again from a new client, five times at most (a 5-second stall spoils one).
    for (let attempt = 1; ; attempt++) {
      const began = performance.now();
      const passed = await burst(newClient(), (i) => (i % 2 ? a : b), 40);
      const took = performance.now() - began;
      if (took >= 1000 && attempt < 5) {
        console.warn(`instances: a burst took ${Math.round(took)} ms, more than one window; trying again`);
        continue;
      }
      // Apart, each instance would pass 6 before refusing: 12.
      expect(took, 'every burst took more than a second').toBeLessThan(1000);
      expect(passed).toBe(6);
      break;
    }
  });
});
