/**
 * Issue 11 item 17: the SIGN_IN_UP settings do what the settings screen says.
 * `sign_in.strategy` strict refuses password sign-in (phone or email with a
 * code only); invite `length` and `format` shape the codes that
 * `POST /api/invite/generate` makes, and those codes open a forced-invite
 * sign-up; the account pages learn the policy from `comm/init`.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { commApp, SETUPS, type CommApp } from './comm-harness';

let serial = 0;
const email = () => `policy${++serial}@example.test`;

describe.each(SETUPS)('SIGN_IN_UP on %s with %s cache', (dialect, cache) => {
  let t: CommApp;
  let adminId: number;
  beforeAll(async () => {
    t = await commApp(dialect, cache);
    await t.setConfig('SAFETY_SMS', (v) => { v.brush.enable = false; v.burst.enable = false; });
    // Whoever turns strict on needs a contact to receive codes.
    adminId = (await t.call('POST', '/api/comm/check-token', undefined, t.admin)).body.data.user.id;
    expect((await t.call('PUT', '/api/users/update', { id: adminId, email: 'admin@example.test' }, t.admin)).status).toBe(200);
  });
  afterAll(() => t?.close());
  beforeEach(() => t.setConfig('SIGN_IN_UP', (v) => {
    v.sign_in.strategy = 'loose';
    v.sign_up.allow = true;
    v.sign_up.invite = { mode: 'open', length: 6, format: 'number' };
  }));

  const generate = (body: Record<string, unknown>, token = t.admin) => t.call('POST', '/api/invite/generate', body, token, { cookie: 'lang=en-us' });

  it('strict: password sign-in is refused with a clear message, code sign-in still works', async () => {
    const address = email();
    await t.addUser({ account: `policy${++serial}`, email: address, password: 'policy-pass-1' });
    await t.setConfig('SIGN_IN_UP', (v) => { v.sign_in.strategy = 'strict'; });
    const refused = await t.call('POST', '/api/comm/sign-in', { account: 'admin', password: 'admin-pass-123' }, undefined, { cookie: 'lang=en-us' });
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('This site signs in only with a code sent to your phone or email');
    expect((await t.call('POST', '/api/comm/sign-code', { social: address })).body.code).toBe(201);
    const signed = await t.call('POST', '/api/comm/sign-code', { social: address, code: t.lastCode(address) });
    expect(signed.body.code).toBe(200);
    expect((await t.call('GET', '/api/comm/init')).body.data.account).toEqual({ signIn: 'strict', signUp: true, invite: 'open' });
    await t.setConfig('SIGN_IN_UP', (v) => { v.sign_in.strategy = 'loose'; });
    expect((await t.call('POST', '/api/comm/sign-in', { account: 'admin', password: 'admin-pass-123' })).body.code).toBe(200);
  });

  it('strict cannot be turned on by someone without a phone or email: he would lock himself out', async () => {
    expect((await t.call('PUT', '/api/users/update', { id: adminId, email: '' }, t.admin)).status).toBe(200);
    try {
      const row = (await t.call('GET', '/api/config/rows?key=SIGN_IN_UP', undefined, t.admin)).body.data.rows[0];
      const value = { ...row.value, sign_in: { ...row.value.sign_in, strategy: 'strict' } };
      const res = await t.call('PUT', '/api/config/update', { id: row.id, value }, t.admin, { cookie: 'lang=en-us' });
      expect(res.status).toBe(403);
      expect(res.body.msg).toMatch(/^Add a phone number or email to your own account/);
      expect((await t.call('GET', '/api/comm/init')).body.data.account.signIn).toBe('loose');
    } finally {
      await t.call('PUT', '/api/users/update', { id: adminId, email: 'admin@example.test' }, t.admin);
    }
  });

  it('generates codes of the configured length and format, stored as invitations', async () => {
    await t.setConfig('SIGN_IN_UP', (v) => { v.sign_up.invite.length = 8; v.sign_up.invite.format = 'letter'; });
    const res = await generate({ count: 5, remark: 'batch' });
    expect(res.status, res.text).toBe(201);
    const codes: string[] = res.body.data.codes;
    expect(codes).toHaveLength(5);
    for (const code of codes) expect(code).toMatch(/^[A-Z]{8}$/);
    const stored = (await t.call('GET', `/api/invite/find?code=${codes.join(',')}`, undefined, t.admin)).body.data;
    expect(stored.map((r: { code: string }) => r.code).sort()).toEqual([...codes].sort());

    await t.setConfig('SIGN_IN_UP', (v) => { v.sign_up.invite.length = 12; v.sign_up.invite.format = 'number'; });
    for (const code of (await generate({ count: 2 })).body.data.codes) expect(code).toMatch(/^\d{12}$/);
    await t.setConfig('SIGN_IN_UP', (v) => { v.sign_up.invite.format = 'mix'; });
    for (const code of (await generate({ count: 2 })).body.data.codes) expect(code).toMatch(/^[A-Z0-9]{12}$/);
  });

  it('refuses a count outside 1 to 100, naming it', async () => {
    for (const count of [0, 101, 2.5, '3']) {
      const res = await generate({ count });
      expect(res.status).toBe(400);
      expect(res.body.data.errors[0].field).toBe('count');
    }
    expect((await generate({ count: 0 })).body.msg).toContain('between 1 and 100');
  });

  it('is granted like any other rule: a user without it gets 403', async () => {
    await t.addUser({ account: `nogrant${++serial}`, password: 'nogrant-pass-1' });
    const token = await t.signIn(`nogrant${serial}`, 'nogrant-pass-1');
    expect((await generate({ count: 1 }, token)).status).toBe(403);
  });

  it('a generated code opens a sign-up in force mode, once', async () => {
    await t.setConfig('SIGN_IN_UP', (v) => { v.sign_up.invite.mode = 'force'; });
    const [code] = (await generate({ count: 1 })).body.data.codes;
    const social = email();
    expect((await t.call('POST', '/api/comm/sign-up', { social })).body.code).toBe(201);
    const form = { social, account: `policy${++serial}`, password: 'long-enough-1', AgainPassword: 'long-enough-1', code: t.lastCode(social) };
    expect((await t.call('POST', '/api/comm/sign-up', form)).status).toBe(400);
    expect((await t.call('POST', '/api/comm/sign-up', { ...form, invite: code })).body.code).toBe(200);
  });
});
