/**
 * Two-factor sign-in around its edges: a group that requires it (its members
 * enrol before any token, and a session from before the rule reaches nothing
 * the group grants), a super-admin's reset and who may not do it, and what it
 * leaves alone: API keys. A sign-in by a code sent to a phone or address asks
 * for the second factor as a password does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpNow } from '../../server/auth/mfa';
import { DIALECTS } from '../support/app';
import { commApp, type CommApp } from './comm-harness';
import { mfaApp, USER_PASSWORD, type MfaApp } from './mfa-support';

describe.each(DIALECTS)('two-factor sign-in for groups and operators on %s', (dialect) => {
  let t: MfaApp;
  let ordersRule: number;
  beforeAll(async () => {
    t = await mfaApp(dialect);
    const rules = (await t.call('GET', '/api/auth-rules/find?group=receive-money&limit=100', undefined, t.admin)).body.data as Array<{ id: number; route: string }>;
    ordersRule = rules.find((r) => r.route === 'api/receive-money/rows')!.id;
  });
  afterAll(() => t?.close());

  const group = async (fields: Record<string, unknown>) => {
    const res = await t.call('POST', '/api/auth-group/create', { name: `G${Date.now() % 100000}`, ...fields }, t.admin);
    expect(res.status, res.text).toBe(201);
    return res.body.data.id as number;
  };
  const orders = (token: string) => t.call('GET', '/api/receive-money/rows', undefined, token);

  it('sends a member of a group that requires 2FA to enrol after the password, and lets them in only then', async () => {
    const id = await t.addUser('newmember');
    await group({ mfa: 1, rules: `|${ordersRule}|`, uids: `|${id}|` });
    const first = await t.password('newmember');
    expect(first.status, first.text).toBe(200);
    expect(first.body.data).toMatchObject({ mfa: 'enrol', mfaToken: expect.stringMatching(/^mfa_/) });
    expect(first.body.data.token).toBeUndefined();
    const { mfaToken } = first.body.data;
    // The enrolment challenge is no code challenge, and no session.
    expect((await t.call('POST', '/api/comm/mfa-sign-in', { mfaToken, code: '123456' })).status).toBe(400);
    expect((await orders(mfaToken)).status).toBe(401);

    const setup = await t.call('POST', '/api/comm/mfa-setup', { mfaToken });
    expect(setup.status, setup.text).toBe(200);
    const enable = await t.call('POST', '/api/comm/mfa-enable', { mfaToken, code: t.codeOf(setup.body.data.secret) });
    expect(enable.status, enable.text).toBe(200);
    expect(enable.body.data.recoveryCodes).toHaveLength(10);
    expect((await orders(enable.body.data.token.no)).status).toBe(200);
    // The challenge was spent by that sign-in.
    expect((await t.call('POST', '/api/comm/mfa-setup', { mfaToken })).status).toBe(400);
    t.advance(30);
    expect((await orders(await t.signInWithCode('newmember', setup.body.data.secret))).status).toBe(200);
  });

  it('holds back a group\'s grants from a session that began before the group required 2FA', async () => {
    const id = await t.addUser('oldmember');
    const groupId = await group({ rules: `|${ordersRule}|`, uids: `|${id}|` });
    const token = await t.signIn('oldmember', USER_PASSWORD);
    expect((await orders(token)).status).toBe(200);
    expect((await t.call('PUT', '/api/auth-group/update', { id: groupId, mfa: 1 }, t.admin)).status).toBe(200);
    const refused = await t.call('GET', '/api/receive-money/rows', undefined, token, { cookie: 'lang=en-us' });
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toMatch(/two-factor/);
    const check = await t.call('POST', '/api/comm/check-token', undefined, token);
    expect(check.body.data.mfaRequired).toBe(true);
    const mine = (await t.call('GET', '/api/auth-rules/mine', undefined, token)).body.data as Array<{ route: string }>;
    expect(mine.some((r) => r.route === 'api/receive-money/rows')).toBe(false);
    // What any signed-in user may do stays, but no credential (tests/api/security-credentials.test.ts walks them).
    expect(mine.some((r) => r.route === 'api/auth-rules/mine')).toBe(true);
    expect((await t.call('POST', '/api/api-keys/create', { name: 'side door' }, token)).status).toBe(403);
    expect((await t.call('POST', '/api/comm/mfa-setup', {}, token)).status).toBe(403);
    // Signing in again asks for the enrolment, after which the group's grants are there.
    const again = await t.password('oldmember');
    expect(again.body.data.mfa).toBe('enrol');
    const setup = await t.call('POST', '/api/comm/mfa-setup', { mfaToken: again.body.data.mfaToken });
    const enabled = await t.call('POST', '/api/comm/mfa-enable', { mfaToken: again.body.data.mfaToken, code: t.codeOf(setup.body.data.secret) });
    expect((await orders(enabled.body.data.token.no)).status).toBe(200);
    // And the enrolment settles the old session's debt too.
    expect((await orders(token)).status).toBe(200);
  });

  it('lets a super-admin reset a user\'s 2FA, which ends that user\'s sessions', async () => {
    const id = await t.addUser('resetme');
    const { secret } = await t.enrol(await t.signIn('resetme', USER_PASSWORD));
    const session = await t.signInWithCode('resetme', secret);
    const reset = await t.call('POST', '/api/users/mfa-reset', { id }, t.admin);
    expect(reset.status, reset.text).toBe(200);
    expect((await t.call('POST', '/api/comm/check-token', undefined, session)).status).toBe(401);
    const row = (await t.call('GET', `/api/users/take?id=${id}`, undefined, t.admin)).body.data;
    expect(row.mfa).toBe(0);
    // The password alone signs in again, until they enrol anew; the old key is gone for good.
    const again = await t.password('resetme');
    expect(again.body.data.token?.no).toBeTruthy();
    const stored = await t.app.paydesk.db.any.selectFrom('users').select(['mfaSecret', 'mfaRecovery']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ mfaSecret: '', mfaRecovery: '' });
    // The generic update cannot switch 2FA off or plant a key: those fields are the server's.
    for (const field of [{ mfa: 0 }, { mfaSecret: 'AAAA' }, { mfaRecovery: '' }]) {
      expect((await t.call('PUT', '/api/users/update', { id, ...field }, t.admin)).status, JSON.stringify(field)).toBe(400);
    }
    // Nothing to reset twice; bad input is a 400, an unknown user a 404.
    expect((await t.call('POST', '/api/users/mfa-reset', { id }, t.admin)).status).toBe(409);
    for (const body of [{}, { id: 'x' }, { id: -1 }, { id: 1.5 }, { id, extra: 1 }]) {
      expect((await t.call('POST', '/api/users/mfa-reset', body, t.admin)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await t.call('POST', '/api/users/mfa-reset', { id: 999999 }, t.admin)).status).toBe(404);
    await t.app.paydesk.logs.flush();
    const log = await t.app.paydesk.db.any.selectFrom('logs').select(['bindId', 'code']).where('api', '=', '/api/users/mfa-reset').where('code', '=', 200).execute();
    expect(log).toEqual([{ bindId: id, code: 200 }]);
  });

  it('refuses a reset by an operator who is no super-admin, even one granted the rule over everyone\'s rows', async () => {
    const victim = await t.addUser('protected1');
    await t.enrol(await t.signIn('protected1', USER_PASSWORD));
    const opId = await t.addUser('operator1');
    const rules = (await t.call('GET', '/api/auth-rules/find?group=users&limit=100', undefined, t.admin)).body.data as Array<{ id: number }>;
    await group({ manage: 1, rules: `|${rules.map((r) => r.id).join('|')}|`, uids: `|${opId}|` });
    const op = await t.signIn('operator1', USER_PASSWORD);
    const refused = await t.call('POST', '/api/users/mfa-reset', { id: victim }, op, { cookie: 'lang=en-us' });
    expect(refused.status, refused.text).toBe(403);
    expect(refused.body.msg).toMatch(/super administrator/);
    // Nor by one without the rule at all.
    await t.addUser('stranger1');
    expect((await t.call('POST', '/api/users/mfa-reset', { id: victim }, await t.signIn('stranger1', USER_PASSWORD))).status).toBe(403);
    expect((await t.call('GET', `/api/users/take?id=${victim}`, undefined, t.admin)).body.data.mfa).toBe(1);
    expect((await t.password('protected1')).body.data.mfa).toBe('code');
  });

  it('leaves API keys as they are, and takes none for enrolment', async () => {
    await t.addUser('scripted1');
    const { secret } = await t.enrol(await t.signIn('scripted1', USER_PASSWORD));
    const token = await t.signInWithCode('scripted1', secret);
    const key = (await t.call('POST', '/api/api-keys/create', { name: 'cron' }, token)).body.data.key;
    expect((await t.call('POST', '/api/comm/check-token', undefined, key)).status).toBe(200);
    expect((await t.call('POST', '/api/comm/mfa-setup', {}, key)).status).toBe(403);
    await t.addUser('scripted2');
    const plainKey = (await t.call('POST', '/api/api-keys/create', { name: 'cron' }, await t.signIn('scripted2', USER_PASSWORD))).body.data.key;
    expect((await t.call('POST', '/api/comm/mfa-setup', {}, plainKey)).status).toBe(403);
    expect((await t.call('POST', '/api/comm/mfa-setup', {})).status).toBe(401);
  });
});

describe.each(DIALECTS)('code sign-in with 2FA on, on %s', (dialect) => {
  let c: CommApp;
  // Built before the test: a MariaDB app migrates for longer than a test may take on a busy machine.
  beforeAll(async () => {
    c = await commApp(dialect);
  });
  afterAll(() => c?.close());

  const byMail = async (address: string) => {
    expect((await c.call('POST', '/api/comm/sign-code', { social: address })).body.code).toBe(201);
    return c.call('POST', '/api/comm/sign-code', { social: address, code: await c.waitCode(address) });
  };

  it('asks a user with 2FA who signs in by a code sent to the address for the app\'s code, as after a password', async () => {
    const id = await c.addUser({ account: 'mailuser', password: USER_PASSWORD, email: 'mail.user@example.com' });
    const session = await c.signIn('mailuser', USER_PASSWORD);
    const setup = await c.call('POST', '/api/comm/mfa-setup', {}, session);
    const enabled = await c.call('POST', '/api/comm/mfa-enable', { code: totpNow(setup.body.data.secret, Date.now()), password: USER_PASSWORD }, session);
    expect((await c.user(id)).mfa).toBe(1);
    // Whoever holds the mailbox holds no session yet: only a challenge.
    const first = await byMail('mail.user@example.com');
    expect(first.status, first.text).toBe(200);
    expect(first.body.data).toMatchObject({ mfa: 'code', mfaToken: expect.stringMatching(/^mfa_/) });
    expect(first.body.data.token).toBeUndefined();
    expect((await c.call('POST', '/api/comm/mfa-sign-in', { mfaToken: first.body.data.mfaToken, code: '000000' })).status).toBe(400);
    // The step the enrolment used is spent: a recovery code stands in for the app's next one.
    const signed = await c.call('POST', '/api/comm/mfa-sign-in', { mfaToken: first.body.data.mfaToken, code: enabled.body.data.recoveryCodes[0] });
    expect(signed.status, signed.text).toBe(200);
    expect(signed.body.data.token.no).toBeTruthy();
  });

  it('sends a member of a group that requires 2FA who signs in by a code to enrol first', async () => {
    const id = await c.addUser({ account: 'mailmember', password: USER_PASSWORD, email: 'mail.member@example.com' });
    expect((await c.call('POST', '/api/auth-group/create', { name: 'Needs2FA', mfa: 1, uids: `|${id}|` }, c.admin)).status).toBe(201);
    const first = await byMail('mail.member@example.com');
    expect(first.body.data).toMatchObject({ mfa: 'enrol', mfaToken: expect.stringMatching(/^mfa_/) });
    expect(first.body.data.token).toBeUndefined();
  });
});
