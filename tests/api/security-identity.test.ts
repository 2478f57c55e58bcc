/**
 * Identity columns compare exactly (issue 10, item 1). MariaDB's default
 * collation makes `vïctim@example.com` equal to `victim@example.com`, so a
 * code sent to an attacker's look-alike mailbox once signed in as the victim.
 * Now accounts and addresses are normalised (NFC, lower case) at every write
 * and lookup and compared byte for byte, on both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commApp, SETUPS, type CommApp } from './comm-harness';

describe.each(SETUPS)('identities on %s with %s cache', (dialect, cache) => {
  let t: CommApp;
  beforeAll(async () => {
    t = await commApp(dialect, cache);
    await t.setConfig('SAFETY_SMS', (v) => { v.brush.enable = false; v.burst.enable = false; });
    await t.setConfig('SIGN_IN_UP', (v) => { v.sign_up.allow = true; v.sign_up.invite.mode = 'open'; });
  });
  afterAll(() => t?.close());

  it('a code sent to a look-alike address signs nobody in as the victim, and resets nothing', async () => {
    const victim = await t.addUser({ account: 'victim1', email: 'victim@example.com', password: 'victim-pass-1' });
    const lookAlike = 'vïctim@example.com';
    expect((await t.call('POST', '/api/comm/sign-code', { social: lookAlike })).body.code).toBe(201);
    const signedIn = await t.call('POST', '/api/comm/sign-code', { social: lookAlike, code: t.lastCode(lookAlike) });
    expect(signedIn.status).toBe(400);

    // Another look-alike (a code waits 60 s before the same target gets another).
    const other = 'victím@example.com';
    expect((await t.call('POST', '/api/comm/reset-password', { social: other })).body.code).toBe(201);
    // No account has that address, so no code is sent (the answer is the same either way); were one sent, it would be used.
    const code = await t.waitCode(other, 2000).catch(() => '000000');
    const reset = await t.call('POST', '/api/comm/reset-password', { social: other, password: 'taken-over-1', AgainPassword: 'taken-over-1', code });
    expect(reset.status).toBe(400);
    // The victim's password still works, and the attacker's does not.
    expect(await t.signIn('victim1', 'victim-pass-1')).toBeTruthy();
    expect((await t.call('POST', '/api/comm/sign-in', { account: 'victim1', password: 'taken-over-1' })).status).toBe(400);
    expect((await t.user(victim)).email).toBe('victim@example.com');
  });

  it('one mailbox is one address whatever its case or Unicode form: the owner signs in with either', async () => {
    const id = await t.addUser({ account: 'caseful1', email: 'Mixed.Case@Example.com', password: 'caseful-pass-1' });
    expect((await t.user(id)).email).toBe('mixed.case@example.com');
    const decomposed = 'Mixed.Case@Example.com'.normalize('NFD');
    expect((await t.call('POST', '/api/comm/sign-code', { social: decomposed })).body.code).toBe(201);
    const res = await t.call('POST', '/api/comm/sign-code', { social: 'MIXED.CASE@example.com', code: t.lastCode('mixed.case@example.com') });
    expect(res.body).toMatchObject({ code: 200, data: { user: { id } } });
    // An operator's search finds it however it is typed.
    const found = await t.call('GET', '/api/users/rows?email_like=MIXED.case', undefined, t.admin);
    expect(found.body.data.rows.map((u: { id: number }) => u.id)).toEqual([id]);
  });

  it('account names are unique without regard to case, by the console and by sign-up', async () => {
    const made = await t.call('POST', '/api/users/create', { account: 'ADMIN', password: 'shadow-pass-1' }, t.admin);
    expect(made.status).toBe(400);
    expect(made.body.data.errors[0].field).toBe('account');

    expect((await t.call('POST', '/api/comm/sign-up', { social: 'shadow@example.com' })).body.code).toBe(201);
    const signUp = await t.call('POST', '/api/comm/sign-up', {
      social: 'shadow@example.com', account: 'Admin', password: 'shadow-pass-1', AgainPassword: 'shadow-pass-1', code: t.lastCode('shadow@example.com'),
    });
    expect(signUp.status).toBe(400);
    expect(signUp.body.data.errors[0].field).toBe('account');

    // A name given in capitals is the same account, stored and signed in as one.
    const mixed = await t.call('POST', '/api/users/create', { account: 'CamelCase9', password: 'camel-pass-1' }, t.admin);
    expect(mixed.body).toMatchObject({ code: 201, data: { account: 'camelcase9' } });
    expect(await t.signIn('CAMELCASE9', 'camel-pass-1')).toBeTruthy();
  });

  it('invitation codes and trade numbers match only exactly', async () => {
    const order = await t.call('POST', '/api/receive-money/create', { title: 'Exact', amount: 5, currency: 'USD', payUrl: 'https://pay.example/x' }, t.admin);
    const tradeNo: string = order.body.data.tradeNo;
    const flipped = tradeNo.replace(/[a-z]/, (c) => c.toUpperCase());
    if (flipped !== tradeNo) {
      const res = await t.call('GET', `/api/receive-money/take?tradeNo=${encodeURIComponent(flipped)}`);
      expect(res.body.code).toBe(204);
    }
    expect((await t.call('GET', `/api/receive-money/take?tradeNo=${encodeURIComponent(tradeNo)}`)).body.code).toBe(200);

    expect((await t.call('POST', '/api/invite/create', { code: 'Welcome42' }, t.admin)).status).toBe(201);
    expect((await t.call('POST', '/api/comm/sign-up', { social: 'invited@example.com' })).body.code).toBe(201);
    const wrongCase = await t.call('POST', '/api/comm/sign-up', {
      social: 'invited@example.com', account: 'invited1', password: 'invited-pass-1', AgainPassword: 'invited-pass-1',
      code: t.lastCode('invited@example.com'), invite: 'WELCOME42',
    });
    expect(wrongCase.status).toBe(400);
    expect(wrongCase.body.data.errors[0].field).toBe('invite');
  });
});
