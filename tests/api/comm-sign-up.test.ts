/**
 * Sign-up end to end under SIGN_IN_UP: the code comes from the real SMTP
 * server or the fake SMSBao; every refusal leaves no account behind, spends
 * no invitation, and (when the user can fix the form) keeps the code usable.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { commApp, SETUPS, type CommApp } from './comm-harness';

let serial = 0;
const phone = () => `137${String(Date.now() % 1e4).padStart(4, '0')}${String(++serial).padStart(4, '0')}`;
const email = () => `newcomer${++serial}@example.test`;
const account = () => `newcomer${++serial}`;

describe.each(SETUPS)('sign-up on %s with %s cache', (dialect, cache) => {
  let t: CommApp;
  beforeAll(async () => {
    t = await commApp(dialect, cache);
    await t.setConfig('SAFETY_SMS', (v) => { v.brush.enable = false; v.burst.enable = false; });
  });
  afterAll(() => t?.close());
  beforeEach(() => t.setConfig('SIGN_IN_UP', (v) => {
    v.sign_up.allow = true;
    v.sign_up.invite.mode = 'open';
    v.sign_up.auth_group_ids = [];
  }));

  const signUp = (body: Record<string, unknown>) => t.call('POST', '/api/comm/sign-up', body);
  /** Asks for a code and answers the full form a user would send. */
  async function form(social: string, extra: Record<string, unknown> = {}) {
    expect((await signUp({ social })).body).toMatchObject({ code: 201 });
    const name = account();
    return { social, account: name, password: 'long-enough-1', AgainPassword: 'long-enough-1', code: t.lastCode(social), ...extra };
  }
  const accounts = async (name: string) => (await t.call('GET', `/api/users/rows?account=${name}`, undefined, t.admin)).body.data.total;
  const invite = async (fields: Record<string, unknown>) => {
    const res = await t.call('POST', '/api/invite/create', fields, t.admin);
    expect(res.body, res.text).toMatchObject({ code: 201 });
    return res.body.data.id as number;
  };
  const inviteRow = async (id: number) => (await t.call('GET', `/api/invite/take?id=${id}`, undefined, t.admin)).body.data;

  it('creates an account from a phone, signs it in, and puts it in the default groups', async () => {
    const group = await t.call('POST', '/api/auth-group/create', { name: 'Newcomers', uids: '|1|' }, t.admin);
    const groupId = group.body.data.id;
    await t.setConfig('SIGN_IN_UP', (v) => { v.sign_up.auth_group_ids = [groupId, 99999]; });
    const body = await form(phone());
    const res = await signUp(body);
    expect(res.body).toMatchObject({ code: 200, data: { user: { account: body.account, phone: body.social, source: 'phone' } } });
    expect(res.body.data.user).not.toHaveProperty('password');
    const id = res.body.data.user.id;
    expect((await t.call('POST', '/api/comm/check-token', undefined, res.body.data.token.no)).body.code).toBe(200);
    expect((await t.user(id)).signUpIp).toBe('127.0.0.1');
    expect((await t.call('GET', `/api/auth-group/take?id=${groupId}`, undefined, t.admin)).body.data.uids).toBe(`|1|${id}|`);
    expect((await t.signIn(body.account, 'long-enough-1'))).toBeTruthy();
  });

  it('creates an account from an email address', async () => {
    const body = await form(email());
    const res = await signUp(body);
    expect(res.body).toMatchObject({ code: 200, data: { user: { email: body.social, source: 'email' } } });
  });

  it('refuses everything while sign-up is closed', async () => {
    await t.setConfig('SIGN_IN_UP', (v) => { v.sign_up.allow = false; });
    const social = email();
    const ask = await signUp({ social });
    expect(ask.status).toBe(403);
    expect(t.codesFor(social)).toEqual([]);
    const full = await signUp({ social, account: 'closeddoor', password: 'long-enough-1', AgainPassword: 'long-enough-1', code: '123456' });
    expect(full.status).toBe(403);
    expect(await accounts('closeddoor')).toBe(0);
  });

  it('refuses passwords that differ or are short, keeping the code for the corrected form', async () => {
    const body = await form(email());
    const differ = await signUp({ ...body, AgainPassword: 'long-enough-2' });
    expect(differ.status).toBe(400);
    expect(differ.body.data.errors).toContainEqual(expect.objectContaining({ field: 'AgainPassword', message: 'errors.passwords_differ' }));
    const short = await signUp({ ...body, password: 'short1', AgainPassword: 'short1' });
    expect(short.status).toBe(400);
    expect(short.body.data.errors[0]).toMatchObject({ field: 'password', message: 'errors.password_short' });
    expect(short.body.msg).toBe('密码：密码长度不得小于8位');
    expect(await accounts(body.account)).toBe(0);
    expect((await signUp(body)).body.code).toBe(200);
  });

  it('refuses a bad account name, and one already taken', async () => {
    const body = await form(email());
    expect((await signUp({ ...body, account: 'ab' })).body.data.errors[0].field).toBe('account');
    expect((await signUp({ ...body, account: 'has space' })).status).toBe(400);
    const taken = await signUp({ ...body, account: 'admin' });
    expect(taken.status).toBe(400);
    expect(taken.body.data.errors).toEqual([expect.objectContaining({ field: 'account', message: 'errors.account_taken' })]);
    expect((await signUp(body)).body.code).toBe(200);
  });

  it('refuses a wrong code, creating nothing', async () => {
    const body = await form(email());
    const res = await signUp({ ...body, code: String((Number(body.code) + 1) % 1e6).padStart(6, '0') });
    expect(res.status).toBe(400);
    expect(res.body.data.errors).toEqual([expect.objectContaining({ field: 'code', message: 'errors.code_invalid' })]);
    expect(await accounts(body.account)).toBe(0);
  });

  it('refuses a phone or address that another account has', async () => {
    const social = email();
    await t.addUser({ account: account(), email: social, password: 'secret-123' });
    const body = await form(social);
    const res = await signUp(body);
    expect(res.status).toBe(400);
    expect(res.body.data.errors).toEqual([expect.objectContaining({ field: 'social', message: 'errors.social_taken' })]);
    expect(await accounts(body.account)).toBe(0);
  });

  describe('invitations', () => {
    const later = () => Math.floor(Date.now() / 1000) + 3600;

    it('open: signs up without one, spends a valid one, refuses an unknown one', async () => {
      expect((await signUp(await form(email()))).body.code).toBe(200);
      const code = `OPEN${serial}`;
      const id = await invite({ code, expireTime: later() });
      const body = await form(email(), { invite: code });
      const res = await signUp(body);
      expect(res.body.code).toBe(200);
      expect(await inviteRow(id)).toMatchObject({ usedBy: res.body.data.user.id });
      expect(Math.abs((await inviteRow(id)).usedTime - Date.now() / 1000)).toBeLessThan(3600);
      const unknown = await signUp(await form(email(), { invite: 'NOSUCHCODE' }));
      expect(unknown.body.data.errors).toEqual([expect.objectContaining({ field: 'invite', message: 'errors.invite_invalid' })]);
    });

    it('force: requires one, and refuses used, expired or trashed ones, spending nothing', async () => {
      await t.setConfig('SIGN_IN_UP', (v) => { v.sign_up.invite.mode = 'force'; });
      const missing = await form(email());
      expect((await signUp(missing)).body.data.errors).toEqual([expect.objectContaining({ field: 'invite', message: 'errors.invite_required' })]);
      expect(await accounts(missing.account)).toBe(0);

      const used = `USED${serial}`;
      await invite({ code: used, expireTime: later() });
      expect((await signUp(await form(email(), { invite: used }))).body.code).toBe(200);
      expect((await signUp(await form(email(), { invite: used }))).status).toBe(400);

      const expired = `OLD${serial}`;
      const expiredId = await invite({ code: expired, expireTime: Math.floor(Date.now() / 1000) - 60 });
      const late = await form(email(), { invite: expired });
      expect((await signUp(late)).body.data.errors[0].message).toBe('errors.invite_invalid');
      expect((await inviteRow(expiredId)).usedBy).toBe(0);

      const trashed = `GONE${serial}`;
      const trashedId = await invite({ code: trashed, expireTime: later() });
      await t.call('DELETE', '/api/invite/remove', { ids: String(trashedId) }, t.admin);
      expect((await signUp(await form(email(), { invite: trashed }))).status).toBe(400);

      // The code of a refused form still works once the invitation is right.
      const fresh = `FRESH${serial}`;
      await invite({ code: fresh, expireTime: later() });
      expect((await signUp({ ...late, invite: fresh })).body.code).toBe(200);
    });

    it('close: ignores whatever invitation is given', async () => {
      await t.setConfig('SIGN_IN_UP', (v) => { v.sign_up.invite.mode = 'close'; });
      const code = `SHUT${serial}`;
      const id = await invite({ code, expireTime: later() });
      expect((await signUp(await form(email(), { invite: 'NOSUCHCODE' }))).body.code).toBe(200);
      expect((await signUp(await form(email(), { invite: code }))).body.code).toBe(200);
      expect((await inviteRow(id)).usedBy).toBe(0);
    });
  });
});
