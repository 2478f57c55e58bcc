/**
 * Two server instances behind one load balancer: one database, one config
 * folder, one Redis. What one instance decides about a token or a code holds
 * on the other at once.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, type TestApp } from '../support/app';
import { requireService } from '../support/services';
import { commApp, type CommApp } from './comm-harness';

describe.skipIf(requireService('redis', 'two instances sharing Redis'))('two instances sharing Redis', () => {
  let root: string;
  let a: CommApp;
  let b: TestApp;
  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'paydesk-two-'));
    a = await commApp('sqlite', 'redis', { databaseUrl: `sqlite:${path.join(root, 'shared.db')}` });
    b = await makeApp({ databaseUrl: a.databaseUrl, configDir: a.configDir });
    await a.setConfig('SAFETY_SMS', (v) => { v.brush.enable = false; v.burst.enable = false; });
    await a.addUser({ account: 'roamer', email: 'roamer@example.test', password: 'roamer-pass-1' });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  const check = (t: TestApp, token: string) => t.call('POST', '/api/comm/check-token', undefined, token);

  it('a sign-out on one instance stops the token on the other', async () => {
    const token = await a.signIn('roamer', 'roamer-pass-1');
    expect((await check(b, token)).body.code).toBe(200);
    expect((await a.call('DELETE', '/api/comm/sign-out', undefined, token)).body.code).toBe(200);
    expect((await check(b, token)).status).toBe(401);
  });

  it('a code sent through one instance signs in through the other, once', async () => {
    expect((await a.call('POST', '/api/comm/sign-code', { social: 'roamer@example.test' })).body.code).toBe(201);
    const code = a.lastCode('roamer@example.test');
    expect((await b.call('POST', '/api/comm/sign-code', { social: 'roamer@example.test' })).status).toBe(429);
    expect((await b.call('POST', '/api/comm/sign-code', { social: 'roamer@example.test', code })).body.code).toBe(200);
    expect((await a.call('POST', '/api/comm/sign-code', { social: 'roamer@example.test', code })).status).toBe(400);
  });
});
