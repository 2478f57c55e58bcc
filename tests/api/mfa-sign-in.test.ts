/**
 * Two-factor sign-in, as its user and as an attacker who has the password:
 * enrolment from a signed-in session, the password step that hands out a
 * challenge instead of a token, codes that work once, recovery codes that
 * work once, guessing slowed per account, and the key kept out of every
 * answer, export and log row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchTotp, MfaStore } from '../../server/auth/mfa';
import { DIALECTS } from '../support/app';
import { mfaApp, USER_PASSWORD, type MfaApp } from './mfa-support';

describe.each(DIALECTS)('two-factor sign-in on %s', (dialect) => {
  let t: MfaApp;
  beforeAll(async () => {
    t = await mfaApp(dialect);
  });
  afterAll(() => t?.close());

  const secondStep = (mfaToken: unknown, code: unknown) => t.call('POST', '/api/comm/mfa-sign-in', { mfaToken, code }, undefined, { cookie: 'lang=en-us' });

  it('enrols from a session: a QR code and the key, confirmed by one right code; ten recovery codes once', async () => {
    await t.addUser('enrolme');
    const token = await t.signIn('enrolme', USER_PASSWORD);
    const setup = await t.call('POST', '/api/comm/mfa-setup', {}, token);
    expect(setup.status, setup.text).toBe(200);
    const { secret, uri, qr } = setup.body.data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toContain(`secret=${secret}`);
    expect(uri).toMatch(/^otpauth:\/\/totp\/Paydesk:enrolme\?/);
    expect(Buffer.from(qr.split(',')[1], 'base64').toString()).toContain('<svg');
    // Asking again shows the same key, so a reloaded page still matches the app.
    expect((await t.call('POST', '/api/comm/mfa-setup', {}, token)).body.data.secret).toBe(secret);

    const wrong = await t.call('POST', '/api/comm/mfa-enable', { code: t.codeOf(secret) === '000000' ? '111111' : '000000', password: USER_PASSWORD }, token);
    expect(wrong.status, wrong.text).toBe(400);
    // Whoever holds only the session (a stolen token) cannot bind his own phone: the password is asked again.
    for (const password of [undefined, '', 'not-the-password', 'x'.repeat(5000)]) {
      const res = await t.call('POST', '/api/comm/mfa-enable', { code: t.codeOf(secret), password }, token, { cookie: 'lang=en-us' });
      expect(res.status, res.text).toBe(400);
      expect(res.body.data.errors[0].field).toBe('password');
    }
    expect((await t.call('GET', '/api/users/find?account=enrolme', undefined, t.admin)).body.data[0].mfa).toBe(0);

    const enable = await t.call('POST', '/api/comm/mfa-enable', { code: t.codeOf(secret), password: USER_PASSWORD }, token);
    expect(enable.status, enable.text).toBe(200);
    const codes: string[] = enable.body.data.recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect(enable.body.data.token).toBeUndefined();
    // On now: no second enrolment over it, and the session that enrolled goes on.
    expect((await t.call('POST', '/api/comm/mfa-setup', {}, token)).status).toBe(409);
    expect((await t.call('POST', '/api/comm/check-token', undefined, token)).body.data.user.mfa).toBe(1);

    // The key and the codes are nowhere an operator can read them: not the row, not the export.
    const row = (await t.call('GET', '/api/users/find?account=enrolme', undefined, t.admin)).body.data[0];
    expect(row.mfa).toBe(1);
    expect(Object.keys(row).filter((k) => k.startsWith('mfa'))).toEqual(['mfa']);
    const exported = await t.call('GET', '/api/users/export?account=enrolme', undefined, t.admin);
    expect(exported.status).toBe(200);
    expect(exported.text).not.toContain(secret);
    // Stored: the key (to check codes) and only hashes of the recovery codes.
    const stored = await t.app.paydesk.db.any.selectFrom('users').select(['mfaSecret', 'mfaRecovery']).where('account', '=', 'enrolme').executeTakeFirstOrThrow();
    expect(stored.mfaSecret).toBe(secret);
    for (const c of codes) expect(stored.mfaRecovery).not.toContain(c.replace('-', ''));
    t.advance(30);
  });

  it('keeps out an attacker with the password but no code', async () => {
    await t.addUser('victim1');
    const { secret } = await t.enrol(await t.signIn('victim1', USER_PASSWORD));
    const first = await t.password('victim1');
    expect(first.status, first.text).toBe(200);
    expect(first.body.data).toMatchObject({ mfa: 'code', mfaToken: expect.stringMatching(/^mfa_/) });
    // The answer says when the challenge ends (epoch seconds, as a token's `expired`): five minutes on.
    expect(first.body.data.expired).toBe(Math.floor(t.app.clock() / 1000) + 300);
    expect(first.body.data.token).toBeUndefined();
    expect(first.body.data.user).toBeUndefined();
    // The challenge is not a session.
    expect((await t.call('POST', '/api/comm/check-token', undefined, first.body.data.mfaToken)).status).toBe(401);
    const guess = await secondStep(first.body.data.mfaToken, t.codeOf(secret) === '123456' ? '654321' : '123456');
    expect(guess.status, guess.text).toBe(400);
    expect(guess.body.msg).toMatch(/code/i);
    expect(guess.body.data?.token).toBeUndefined();
    // Bad input is a clear 400, never a crash.
    for (const [mfaToken, code] of [[first.body.data.mfaToken, ''], [first.body.data.mfaToken, 'x'.repeat(40)], ['mfa_forged', '123456'], [42, '123456'], [undefined, undefined]]) {
      const res = await secondStep(mfaToken, code);
      expect(res.status, `${String(mfaToken)} ${String(code)}: ${res.text}`).toBe(400);
    }
    // A challenge lives five minutes.
    t.advance(301);
    const late = await secondStep(first.body.data.mfaToken, t.codeOf(secret));
    expect(late.status).toBe(400);
    expect(late.body.msg).toMatch(/password again/);
  });

  it('signs in with a code from the app, and never twice with one code', async () => {
    await t.addUser('coder1');
    const { secret } = await t.enrol(await t.signIn('coder1', USER_PASSWORD));
    const code = t.codeOf(secret);
    const first = await t.password('coder1');
    const done = await secondStep(first.body.data.mfaToken, code);
    expect(done.status, done.text).toBe(200);
    expect((await t.call('POST', '/api/comm/check-token', undefined, done.body.data.token.no)).status).toBe(200);
    // Whoever saw that code over a shoulder has the password too: still no way in.
    const replay = await secondStep((await t.password('coder1')).body.data.mfaToken, code);
    expect(replay.status, replay.text).toBe(400);
    // A challenge is spent by its sign-in.
    expect((await secondStep(first.body.data.mfaToken, code)).status).toBe(400);
    // Still refused 20 s on, while the code would match within the drift allowed.
    t.advance(20);
    expect((await secondStep((await t.password('coder1')).body.data.mfaToken, code)).status).toBe(400);
    t.advance(30);
    expect(await t.signInWithCode('coder1', secret)).toBeTruthy();
  });

  it('lets one of two sign-ins racing with one code in, and refuses the other', async () => {
    const uid = await t.addUser('racer1');
    const { secret } = await t.enrol(await t.signIn('racer1', USER_PASSWORD));
    const challenges = [(await t.password('racer1')).body.data.mfaToken, (await t.password('racer1')).body.data.mfaToken];
    const code = t.codeOf(secret);
    const statuses = (await Promise.all(challenges.map((c) => secondStep(c, code)))).map((r) => r.status);
    expect(statuses.sort()).toEqual([200, 400]);
    // As two instances sharing the cache race: each reads the last step used before the other claims the step.
    t.advance(30);
    const step = matchTotp(secret, t.codeOf(secret), t.app.clock())!;
    const instances = [new MfaStore(t.app.cache.kv, t.app.clock), new MfaStore(t.app.cache.kv, t.app.clock)];
    expect((await Promise.all(instances.map((store) => store.spendStep(uid, step)))).sort()).toEqual([false, true]);
  });

  it('takes each recovery code once, in place of a code from the app', async () => {
    await t.addUser('lostphone');
    const { recoveryCodes } = await t.enrol(await t.signIn('lostphone', USER_PASSWORD));
    const [one, two] = recoveryCodes;
    const used = await secondStep((await t.password('lostphone')).body.data.mfaToken, one);
    expect(used.status, used.text).toBe(200);
    const again = await secondStep((await t.password('lostphone')).body.data.mfaToken, one);
    expect(again.status, again.text).toBe(400);
    // Typed in lower case without the dash, the next one works.
    const other = await secondStep((await t.password('lostphone')).body.data.mfaToken, two!.replace('-', '').toLowerCase());
    expect(other.status, other.text).toBe(200);
  });

  it('makes a guesser wait after 5 wrong codes, 30 s and then twice as long, even with the right code', async () => {
    await t.addUser('guessed1');
    const { secret } = await t.enrol(await t.signIn('guessed1', USER_PASSWORD));
    const wrong = () => (t.codeOf(secret) === '000000' ? '999999' : '000000');
    const challenge = (await t.password('guessed1')).body.data.mfaToken;
    for (let i = 0; i < 5; i++) expect((await secondStep(challenge, wrong())).status).toBe(400);
    const held = await secondStep(challenge, t.codeOf(secret));
    expect(held.status, held.text).toBe(429);
    expect(held.body.msg).toContain('30');
    // Like every 429, it says when in headers too (Retry-After and the IETF draft's RateLimit fields).
    expect(held.headers).toMatchObject({ 'retry-after': '30', 'ratelimit-policy': '"mfa_wait";q=1;w=30', ratelimit: '"mfa_wait";r=0;t=30' });
    // A fresh challenge (the password is known) does not start afresh: the count is the account's.
    expect((await secondStep((await t.password('guessed1')).body.data.mfaToken, t.codeOf(secret))).status).toBe(429);
    t.advance(31);
    expect((await secondStep(challenge, wrong())).status).toBe(400);
    const longer = await secondStep(challenge, t.codeOf(secret));
    expect(longer.status).toBe(429);
    expect(longer.body.msg).toContain('60');
    // The wait ends when the answer said: 60 s on, the right code gets in.
    t.advance(60);
    expect((await secondStep(challenge, t.codeOf(secret))).status).toBe(200);
  });

  it('forgets wrong codes once the right one is given: the owner\'s typos add up to no wait', async () => {
    await t.addUser('typos1');
    const { secret } = await t.enrol(await t.signIn('typos1', USER_PASSWORD));
    const wrong = () => (t.codeOf(secret) === '000000' ? '999999' : '000000');
    for (let round = 0; round < 2; round++) {
      const challenge = (await t.password('typos1')).body.data.mfaToken;
      for (let i = 0; i < 4; i++) expect((await secondStep(challenge, wrong())).status).toBe(400);
      const right = await secondStep(challenge, t.codeOf(secret));
      expect(right.status, `round ${round}: ${right.text}`).toBe(200);
      t.advance(30);
    }
  });

  it('logs every step without the code, the challenge or the key', async () => {
    await t.addUser('audited1');
    const token = await t.signIn('audited1', USER_PASSWORD);
    const { secret, recoveryCodes } = await t.enrol(token);
    const first = await t.password('audited1');
    const code = t.codeOf(secret);
    expect((await secondStep(first.body.data.mfaToken, code)).status).toBe(200);
    await t.app.paydesk.logs.flush();
    const rows = await t.app.paydesk.db.any.selectFrom('logs').select(['api', 'params', 'code']).where('api', 'like', '/api/comm/%').execute();
    for (const api of ['/api/comm/mfa-setup', '/api/comm/mfa-enable', '/api/comm/mfa-sign-in']) expect(rows.map((r) => r.api)).toContain(api);
    const all = JSON.stringify(rows);
    for (const secretText of [secret, code, first.body.data.mfaToken, ...recoveryCodes]) expect(all).not.toContain(secretText);
  });
});
