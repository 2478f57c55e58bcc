/**
 * Password sign-in and the life of a token: every token that is not a live,
 * unrevoked one of this server, for a live and unbanned user, gets 401.
 * Tokens are forged by hand (HS256 with node:crypto) so each defect is exactly
 * one: a forged token with no defect is accepted, which proves the forging.
 */
import { createHmac, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'smol-toml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, DIALECTS, makeApp, type TestApp } from '../support/app';
import { commApp, SETUPS, type CommApp } from './comm-harness';

const b64 = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

function forge(header: Record<string, unknown>, claims: Record<string, unknown>, key: string | null) {
  const head = `${b64(header)}.${b64(claims)}`;
  const hash = header.alg === 'HS512' ? 'sha512' : 'sha256';
  return `${head}.${key === null ? '' : createHmac(hash, key).update(head).digest('base64url')}`;
}

describe.each(SETUPS)('tokens on %s with %s cache', (dialect, cache) => {
  let t: CommApp;
  let jwt: { key: string; issuer: string; subject: string };
  let userId: number;
  beforeAll(async () => {
    t = await commApp(dialect, cache);
    jwt = (parse(fs.readFileSync(path.join(t.configDir, 'crypt.toml'), 'utf8')) as { jwt: typeof jwt }).jwt;
    userId = await t.addUser({ account: 'tokenholder', password: 'holder-pass-1' });
  });
  afterAll(() => t?.close());

  const check = (token: string) => t.call('POST', '/api/comm/check-token', undefined, token);
  const claims = (extra: Record<string, unknown> = {}) => ({
    uid: userId, jti: randomUUID(), iss: jwt.issuer, sub: jwt.subject,
    iat: Math.floor(Date.now() / 1000), exp: Math.floor(Date.now() / 1000) + 600, ...extra,
  });
  const hs256 = { alg: 'HS256', typ: 'JWT' };

  it('signs in with account and password, recording where and when', async () => {
    const res = await t.call('POST', '/api/comm/sign-in', { account: 'tokenholder', password: 'holder-pass-1' });
    expect(res.body).toMatchObject({ code: 200, data: { user: { id: userId, account: 'tokenholder' } } });
    expect(res.body.data.token.expired).toBeGreaterThan(Date.now() / 1000);
    expect((await check(res.body.data.token.no)).body).toMatchObject({ code: 200, data: { user: { id: userId } } });
    const row = await t.user(userId);
    expect(row.signInIp).toBe('127.0.0.1');
    expect(row.signInTime).toBeGreaterThan(0);
  });

  it('answers a wrong password and an unknown account the same way', async () => {
    const wrong = await t.call('POST', '/api/comm/sign-in', { account: 'tokenholder', password: 'not-the-pass' });
    const unknown = await t.call('POST', '/api/comm/sign-in', { account: 'nosuchholder', password: 'not-the-pass' });
    expect(wrong.status).toBe(400);
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual(wrong.body);
  });

  it('accepts a well-formed token of this server (the forging below is sound)', async () => {
    expect((await check(forge(hs256, claims(), jwt.key))).body.code).toBe(200);
  });

  it.each([
    ['expired', () => forge(hs256, claims({ iat: 1_600_000_000, exp: 1_600_000_600 }), jwt.key)],
    ['signed with another key', () => forge(hs256, claims(), 'another-key-entirely-123')],
    ['unsigned (alg none)', () => forge({ alg: 'none', typ: 'JWT' }, claims(), null)],
    ['signed with the key by HS512, an algorithm this server never signs with', () => forge({ alg: 'HS512', typ: 'JWT' }, claims(), jwt.key)],
    ['from another issuer', () => forge(hs256, claims({ iss: 'someone-else' }), jwt.key)],
    ['tampered after signing', () => {
      const [head, , signature] = forge(hs256, claims(), jwt.key).split('.');
      return `${head}.${b64(claims({ uid: 1 }))}.${signature}`;
    }],
    ['of a user that does not exist', () => forge(hs256, claims({ uid: 987654 }), jwt.key)],
    // Signed with the key, yet not one this server issues: each lacks what sign-out and expiry rely on.
    ['whose user id is text', () => forge(hs256, claims({ uid: String(userId) }), jwt.key)],
    ['without its own id (jti), which sign-out denies by', () => forge(hs256, claims({ jti: undefined }), jwt.key)],
    ['that never expires', () => forge(hs256, claims({ exp: undefined }), jwt.key)],
    ['garbage', () => 'not.a.token'],
  ])('refuses a token %s with 401', async (_, token) => {
    const res = await check(token());
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(401);
  });

  it('takes the token from a `token` header as from `Authorization: Bearer`, in any case of Bearer', async () => {
    const token = forge(hs256, claims(), jwt.key);
    expect((await t.call('POST', '/api/comm/check-token', undefined, undefined, { token })).body.code).toBe(200);
    expect((await t.call('POST', '/api/comm/check-token', undefined, undefined, { authorization: `bearer   ${token}` })).body.code).toBe(200);
  });

  it('reads no token from another scheme or an empty header: the caller is asked to sign in, not told his token is bad', async () => {
    const token = forge(hs256, claims(), jwt.key);
    const asked = (await t.call('POST', '/api/comm/check-token')).body;
    expect(asked.code).toBe(401);
    expect((await check('not.a.token')).body).not.toEqual(asked);
    for (const headers of [{ authorization: `Basic ${token}` }, { authorization: `NotBearer ${token}` }, { authorization: 'Bearer ' }, { token: '' }] as Array<Record<string, string>>) {
      const res = await t.call('POST', '/api/comm/check-token', undefined, undefined, headers);
      expect(res.body, JSON.stringify(headers)).toEqual(asked);
    }
  });

  it('ends every session the moment the token key changes, though each was verified before', async () => {
    const holder = await t.signIn('tokenholder', 'holder-pass-1');
    expect((await check(holder)).body.code).toBe(200);
    const admin = await t.signIn();
    expect((await t.call('PUT', '/api/toml/crypt-jwt', { ...jwt, key: 'a-new-key-for-every-token-0123' }, admin)).body.code).toBe(200);
    try {
      expect((await check(holder)).status).toBe(401);
      expect((await check(admin)).status).toBe(401);
      expect((await check(await t.signIn('tokenholder', 'holder-pass-1'))).body.code).toBe(200);
    } finally {
      await t.call('PUT', '/api/toml/crypt-jwt', jwt, await t.signIn());
    }
  });

  it('refuses a call without a token with 401', async () => {
    expect((await t.call('POST', '/api/comm/check-token')).status).toBe(401);
  });

  it('stops a token at sign-out, and only that one', async () => {
    const first = await t.signIn('tokenholder', 'holder-pass-1');
    const second = await t.signIn('tokenholder', 'holder-pass-1');
    expect((await t.call('DELETE', '/api/comm/sign-out', undefined, first)).body.code).toBe(200);
    expect((await check(first)).status).toBe(401);
    expect((await t.call('DELETE', '/api/comm/sign-out', undefined, first)).status).toBe(401);
    expect((await check(second)).body.code).toBe(200);
  });

  it('stops the tokens of a user banned after signing in, for good (issue 10: a ban ends the sessions)', async () => {
    const id = await t.addUser({ account: 'soonbanned', password: 'banned-pass-1' });
    const token = await t.signIn('soonbanned', 'banned-pass-1');
    await t.call('PUT', '/api/users/update', { id, status: 'banned' }, t.admin);
    const res = await check(token);
    expect(res.status).toBe(401);
    expect((await t.call('POST', '/api/comm/sign-in', { account: 'soonbanned', password: 'banned-pass-1' })).status).toBe(403);
    await t.call('PUT', '/api/users/update', { id, status: 'normal' }, t.admin);
    expect((await check(token)).status).toBe(401);
    expect(await t.signIn('soonbanned', 'banned-pass-1')).toBeTruthy();
  });

  it('keeps the sessions of a user whose profile an operator edits', async () => {
    const id = await t.addUser({ account: 'edited', password: 'edited-pass-1' });
    const token = await t.signIn('edited', 'edited-pass-1');
    expect((await t.call('PUT', '/api/users/update', { id, nickname: 'Renamed', status: 'normal' }, t.admin)).body.code).toBe(200);
    expect((await check(token)).body.code).toBe(200);
  });

  it('stops the tokens of a user moved to the recycle bin', async () => {
    const id = await t.addUser({ account: 'soonremoved', password: 'removed-pass-1' });
    const token = await t.signIn('soonremoved', 'removed-pass-1');
    await t.call('DELETE', '/api/users/remove', { ids: String(id) }, t.admin);
    expect((await check(token)).status).toBe(401);
  });

  it('with sign_in.unique, a new sign-in stops the older token', async () => {
    await t.setConfig('SIGN_IN_UP', (v) => { v.sign_in.unique = true; });
    try {
      const older = await t.signIn('tokenholder', 'holder-pass-1');
      const newer = await t.signIn('tokenholder', 'holder-pass-1');
      expect((await check(older)).status).toBe(401);
      expect((await check(newer)).body.code).toBe(200);
    } finally {
      await t.setConfig('SIGN_IN_UP', (v) => { v.sign_in.unique = false; });
    }
  });

  it('without sign_in.unique, every sign-in keeps its own token', async () => {
    const id = await t.addUser({ account: 'twodevices', password: 'devices-pass-1' });
    const a = await t.signIn('twodevices', 'devices-pass-1');
    const b = await t.signIn('twodevices', 'devices-pass-1');
    expect((await check(a)).body.data.user.id).toBe(id);
    expect((await check(b)).body.data.user.id).toBe(id);
  });

  it('after sign_in.unique is turned off, new sign-ins work again', async () => {
    await t.setConfig('SIGN_IN_UP', (v) => { v.sign_in.unique = true; });
    await t.signIn('tokenholder', 'holder-pass-1');
    await t.setConfig('SIGN_IN_UP', (v) => { v.sign_in.unique = false; });
    const a = await t.signIn('tokenholder', 'holder-pass-1');
    const b = await t.signIn('tokenholder', 'holder-pass-1');
    expect((await check(a)).body.code).toBe(200);
    expect((await check(b)).body.code).toBe(200);
  });
});

describe.each(DIALECTS)('a token\'s life on the app\'s clock on %s', (dialect) => {
  // The clock the server reads (AppOptions.clock, epoch ms): the test moves it, never waits.
  const clock = { now: Date.now() };
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp({ dialect, clock: () => clock.now });
  });
  afterAll(() => t?.close());
  const check = (token: string) => t.call('POST', '/api/comm/check-token', undefined, token);

  it('lives as long as crypt.toml says (7 days by default), to the second, then is refused', async () => {
    const signedIn = await t.call('POST', '/api/comm/sign-in', { account: 'admin', password: ADMIN_PASSWORD });
    const { no, expired } = signedIn.body.data.token;
    expect(expired).toBe(Math.floor(clock.now / 1000) + 7 * 86400);
    expect((await check(no)).body.code).toBe(200);
    clock.now = expired * 1000 - 1000;
    expect((await check(no)).body.code).toBe(200);
    clock.now = expired * 1000 + 1000;
    expect((await check(no)).status).toBe(401);
    // A token signed in now lives on.
    expect((await check(await t.signIn())).body.code).toBe(200);
  });

  it('keeps a signed-out token refused to its last second', async () => {
    // Half past a second: the sign-out's wait is counted from the second the clock is in, not the next one.
    clock.now = (Math.floor(clock.now / 1000) + 1) * 1000 + 500;
    const { no, expired } = (await t.call('POST', '/api/comm/sign-in', { account: 'admin', password: ADMIN_PASSWORD })).body.data.token;
    expect((await t.call('DELETE', '/api/comm/sign-out', undefined, no)).body.code).toBe(200);
    clock.now += 3600_000;
    expect((await check(no)).status).toBe(401);
    clock.now = expired * 1000 - 100;
    expect((await check(no)).status).toBe(401);
  });
});
