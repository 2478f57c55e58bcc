/**
 * The hardening of issue 10: security headers on every answer, password
 * guessing throttled per account (and never a long lock-out for its owner),
 * bounds on what one body can cost, and secrets kept out of the log.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THROTTLE } from '../../server/auth/password-throttle';
import { MAX_FIELD_ERRORS } from '../../server/plugins/errors';
import { ADMIN_PASSWORD, DIALECTS, makeApp, type TestApp } from '../support/app';

const ENGLISH = { 'accept-language': 'en-US' };

describe.each(DIALECTS)('hardening on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let staticDir: string;

  beforeAll(async () => {
    // A stand-in for the built front end: the headers are the server's, whatever the page.
    staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'paydesk-static-'));
    fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>Paydesk</title>');
    t = await makeApp({ dialect, staticDir });
    admin = await t.signIn();
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(staticDir, { recursive: true, force: true });
  });

  const signIn = (account: string, password: string, ip: string) =>
    t.app.inject({ method: 'POST', url: '/api/comm/sign-in', payload: { account, password }, remoteAddress: ip, headers: ENGLISH })
      .then((res) => ({ status: res.statusCode, body: res.json() as { code: number; msg: string } }));

  describe('headers', () => {
    it('the console page cannot be framed, and carries a policy that allows only our own scripts', async () => {
      const page = await t.app.inject({ method: 'GET', url: '/' });
      expect(page.statusCode).toBe(200);
      const csp = String(page.headers['content-security-policy']);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-eval');
      expect(page.headers['x-frame-options']).toBe('DENY');
      expect(page.headers['x-content-type-options']).toBe('nosniff');
    });

    it('every answer says nosniff: API, errors, unknown routes', async () => {
      for (const url of ['/api/comm/init', '/api/users/rows?page=x', '/api/nothing-here', '/no-such-file.js']) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      }
    });

    it('answers that carry a token are never stored; cached reads keep their own revalidation', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/comm/sign-in', payload: { account: 'admin', password: ADMIN_PASSWORD } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const check = await t.call('POST', '/api/comm/check-token', undefined, admin);
      expect(check.headers['cache-control']).toBe('no-store');
      const rows = await t.call('GET', '/api/users/rows', undefined, admin);
      expect(rows.headers['cache-control']).toBe('private, no-cache');
    });
  });

  describe('password guessing per account', () => {
    it(`holds an address back after ${THROTTLE.perAddress.free} wrong passwords, longer after each further miss, and lets other addresses in`, async () => {
      await t.call('POST', '/api/users/create', { account: 'guessed1', password: 'right-pass-1' }, admin);
      const attacker = '203.0.113.7';
      for (let i = 0; i < THROTTLE.perAddress.free; i++) {
        expect((await signIn('guessed1', `wrong-${i}-pass`, attacker)).status).toBe(400);
      }
      // Held now, even with the right password: the wait says how long.
      const held = await signIn('guessed1', 'right-pass-1', attacker);
      expect(held.status).toBe(429);
      expect(held.body.msg).toBe(`Too many wrong passwords: try again in ${THROTTLE.perAddress.firstWaitSeconds} s`);
      // Its owner, elsewhere, signs in as usual.
      expect((await signIn('guessed1', 'right-pass-1', '198.51.100.20')).status).toBe(200);
      // An unknown account is held the same way: a wait tells nothing about which accounts exist.
      for (let i = 0; i < THROTTLE.perAddress.free; i++) await signIn('nobody-here', `wrong-${i}-pass`, attacker);
      expect((await signIn('nobody-here', 'anything-1', attacker)).status).toBe(429);
    });

    it('slows guessing spread over many addresses, but never holds the owner out for more than a minute', async () => {
      await t.call('POST', '/api/users/create', { account: 'spread1', password: 'right-pass-1' }, admin);
      for (let i = 0; i < THROTTLE.perAccount.free; i++) {
        expect((await signIn('SPREAD1', `wrong-${i}-pass`, `192.0.2.${i + 1}`)).status).toBe(400);
      }
      const owner = await signIn('spread1', 'right-pass-1', '198.51.100.99');
      expect(owner.status).toBe(429);
      const seconds = Number(owner.body.msg.match(/(\d+) s$/)?.[1]);
      expect(seconds).toBeGreaterThan(0);
      expect(seconds).toBeLessThanOrEqual(THROTTLE.perAccount.waitSeconds);
    });
  });

  describe('what a body can cost', () => {
    it('a deeply nested body is a 400 naming the field, not a 500', async () => {
      const nested = `${'['.repeat(50_000)}1${']'.repeat(50_000)}`;
      const res = await t.app.inject({
        method: 'POST', url: '/api/users/create', payload: `{"account":"nested1","remark":${nested}}`,
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json', ...ENGLISH },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().data.errors[0].field).toBe('remark');
    });

    it(`names at most ${MAX_FIELD_ERRORS} bad fields, and counts the rest`, async () => {
      const body = Object.fromEntries(Array.from({ length: 3000 }, (_, i) => [`f${i}`, 1]));
      const res = await t.call('POST', '/api/users/create', body, admin, ENGLISH);
      expect(res.status).toBe(400);
      expect(res.body.data.errors).toHaveLength(MAX_FIELD_ERRORS);
      // 3000 unknown fields, and the missing account.
      expect(res.body.data.moreErrors).toBe(3001 - MAX_FIELD_ERRORS);
      expect(res.text.length).toBeLessThan(5000);
    });

    it('a JSON value is bounded in size and depth, and a refused one changes nothing', async () => {
      const siteInfo = async () => (await t.call('GET', '/api/config/find', undefined, admin)).body.data.find((r: { key: string }) => r.key === 'SITE_INFO');
      const row = await siteInfo();
      const deep = (n: number): unknown => (n === 0 ? 'x' : { a: deep(n - 1) });
      for (const value of [deep(40), { ...row.value, title: 'x'.repeat(100_000) }]) {
        const res = await t.call('PUT', '/api/config/update', { id: row.id, value }, admin, ENGLISH);
        expect(res.status).toBe(400);
        expect(res.body.msg).toContain('too large or too deeply nested');
      }
      expect((await siteInfo()).value).toEqual(row.value);
    });
  });

  it('keeps invitation codes and API keys out of the operation log', async () => {
    await t.call('POST', '/api/invite/create', { code: 'INVITE12345' }, admin);
    await t.call('POST', '/api/comm/sign-up', { social: 'logged@example.com', account: 'loggedup', password: 'pass-word-1', AgainPassword: 'pass-word-1', code: '123456', invite: 'INVITE67890' });
    const key = (await t.call('POST', '/api/api-keys/create', { name: 'Shop' }, admin)).body.data.key as string;
    expect(key).toBeTruthy();
    await t.call('GET', '/api/receive-money/rows', undefined, key);
    await t.app.paydesk.logs.flush();
    const logs = await t.app.paydesk.db.kysely.selectFrom('logs').select(['api', 'params']).execute();
    const written = JSON.stringify(logs);
    expect(logs.some((l) => l.api === '/api/comm/sign-up')).toBe(true);
    for (const secret of ['INVITE12345', 'INVITE67890', key, key.slice(-16)]) expect(written).not.toContain(secret);
  });
});
