/**
 * Password reset end to end: the code goes only to the account's own phone or
 * address, yet every request is answered the same; a refused reset leaves
 * the old password working. The phone/email or the account name is
 * enough; by name alone the code goes to the contact `sms.drive.default` names.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commApp, SETUPS, type CommApp } from './comm-harness';

let serial = 0;
const phone = () => `135${String(Date.now() % 1e4).padStart(4, '0')}${String(++serial).padStart(4, '0')}`;
const email = () => `forgetful${++serial}@example.test`;

describe.each(SETUPS)('password reset on %s with %s cache', (dialect, cache) => {
  let t: CommApp;
  beforeAll(async () => {
    t = await commApp(dialect, cache);
    await t.setConfig('SAFETY_SMS', (v) => { v.brush.enable = false; v.burst.enable = false; });
  });
  afterAll(() => t?.close());

  const reset = (body: Record<string, unknown>) => t.call('POST', '/api/comm/reset-password', body);
  const signIn = (account: string, password: string) => t.call('POST', '/api/comm/sign-in', { account, password });
  async function person(social = email()) {
    const account = `forgetful${++serial}`;
    const field = social.includes('@') ? 'email' : 'phone';
    const id = await t.addUser({ account, [field]: social, password: 'old-password-1' });
    return { id, account, social };
  }
  const fresh = { password: 'new-password-1', AgainPassword: 'new-password-1' };

  it('resets the password with a code sent to the account\'s address, without signing in', async () => {
    const p = await person();
    const ask = await reset({ social: p.social, account: p.account });
    expect(ask.body).toMatchObject({ code: 201 });
    const res = await reset({ social: p.social, account: p.account, code: await t.waitCode(p.social), ...fresh });
    expect(res.body).toMatchObject({ code: 200 });
    expect(res.body.data).not.toHaveProperty('token');
    expect((await signIn(p.account, 'old-password-1')).status).toBe(400);
    expect((await signIn(p.account, 'new-password-1')).body.code).toBe(200);
  });

  it('resets the password with a code sent by SMS', async () => {
    const p = await person(phone());
    expect((await reset({ social: p.social, account: p.account })).body.code).toBe(201);
    expect((await reset({ social: p.social, account: p.account, code: await t.waitCode(p.social), ...fresh })).body.code).toBe(200);
    expect((await signIn(p.account, 'new-password-1')).body.code).toBe(200);
  });

  it('answers a pair that matches no account exactly like one that does, and sends it nothing', async () => {
    const p = await person();
    const other = await person();
    const real = await reset({ social: p.social, account: p.account });
    const mismatched = await reset({ social: other.social, account: p.account });
    const unknown = await reset({ social: email(), account: 'nobodyhere' });
    for (const res of [mismatched, unknown]) {
      expect(res.status).toBe(real.status);
      expect(res.body).toEqual(real.body);
    }
    expect(t.codesFor(other.social)).toEqual([]);
    // Even the real code cannot reset another account's password.
    const stolen = await reset({ social: p.social, account: other.account, code: await t.waitCode(p.social), ...fresh });
    const wrong = await reset({ social: p.social, account: p.account, code: '000000', ...fresh });
    expect(stolen.status).toBe(400);
    expect(stolen.body).toEqual(wrong.body);
    expect((await signIn(other.account, 'old-password-1')).body.code).toBe(200);
  });

  it('resets by the account name alone: the code goes to the account\'s own address', async () => {
    const p = await person();
    const ask = await reset({ account: p.account });
    expect(ask.body).toMatchObject({ code: 201 });
    await expect.poll(() => t.codesFor(p.social)).toHaveLength(1);
    const res = await reset({ account: p.account, code: await t.waitCode(p.social), ...fresh });
    expect(res.body).toMatchObject({ code: 200 });
    expect((await signIn(p.account, 'new-password-1')).body.code).toBe(200);
  });

  it('resets by the phone or address alone', async () => {
    const p = await person(phone());
    expect((await reset({ social: p.social, account: '' })).body.code).toBe(201);
    expect((await reset({ social: p.social, code: await t.waitCode(p.social), ...fresh })).body.code).toBe(200);
    expect((await signIn(p.account, 'new-password-1')).body.code).toBe(200);
  });

  it('asks for one of the two when neither is given', async () => {
    const res = await t.call('POST', '/api/comm/reset-password', {}, undefined, { cookie: 'lang=zh-cn' });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('账户和账号必须填一个');
    expect(res.body.data.errors[0]).toMatchObject({ field: 'social', message: 'errors.social_or_account' });
  });

  it('answers an unknown account name like a known one, and sends nothing', async () => {
    const p = await person();
    const real = await reset({ account: p.account });
    const unknown = await reset({ account: 'nobodyatall' });
    expect(unknown.status).toBe(real.status);
    expect(unknown.body).toEqual(real.body);
  });

  it('sends the code of a name-only reset by sms.drive.default: SMS to the phone when it names an SMS provider', async () => {
    const drive = (d: string) => t.call('PUT', '/api/toml/sms-drive', { sms: 'smsbao', email: 'email', default: d }, t.admin);
    const both = { account: `forgetful${++serial}`, phone: phone(), email: email() };
    await t.addUser({ ...both, password: 'old-password-1' });
    try {
      expect((await drive('smsbao')).status).toBe(200);
      expect((await reset({ account: both.account })).body.code).toBe(201);
      await expect.poll(() => t.codesFor(both.phone)).toHaveLength(1);
      expect(t.codesFor(both.email)).toEqual([]);
      // An account without a phone still gets its code, at its own address.
      const mailOnly = await person();
      expect((await reset({ account: mailOnly.account })).body.code).toBe(201);
      await expect.poll(() => t.codesFor(mailOnly.social)).toHaveLength(1);
      expect((await reset({ account: both.account, code: await t.waitCode(both.phone), ...fresh })).body.code).toBe(200);
    } finally {
      await drive('email');
    }
  });

  it('refuses short or differing passwords and wrong codes, leaving the old password', async () => {
    const p = await person();
    await reset({ social: p.social, account: p.account });
    const code = await t.waitCode(p.social);
    const short = await reset({ social: p.social, account: p.account, code, password: 'short1', AgainPassword: 'short1' });
    expect(short.body.data.errors[0]).toMatchObject({ field: 'password', message: 'errors.password_short' });
    const differ = await reset({ social: p.social, account: p.account, code, password: 'new-password-1', AgainPassword: 'new-password-2' });
    expect(differ.body.data.errors).toContainEqual(expect.objectContaining({ field: 'AgainPassword', message: 'errors.passwords_differ' }));
    const wrong = await reset({ social: p.social, account: p.account, code: code === '111111' ? '222222' : '111111', ...fresh });
    expect(wrong.status).toBe(400);
    expect(wrong.body.data.errors).toEqual([expect.objectContaining({ field: 'code', message: 'errors.code_invalid' })]);
    expect((await signIn(p.account, 'old-password-1')).body.code).toBe(200);
  });

  it('does not take a sign-in code for a reset', async () => {
    const p = await person();
    await t.call('POST', '/api/comm/sign-code', { social: p.social });
    const res = await reset({ social: p.social, account: p.account, code: await t.waitCode(p.social), ...fresh });
    expect(res.status).toBe(400);
    expect((await signIn(p.account, 'old-password-1')).body.code).toBe(200);
  });

  it('stops the tokens signed in before the reset', async () => {
    const p = await person();
    const before = await t.signIn(p.account, 'old-password-1');
    await reset({ social: p.social, account: p.account });
    await reset({ social: p.social, account: p.account, code: await t.waitCode(p.social), ...fresh });
    expect((await t.call('POST', '/api/comm/check-token', undefined, before)).status).toBe(401);
  });
});
