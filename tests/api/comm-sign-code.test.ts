/**
 * Code sign-in end to end: the code is read from the real SMTP server or the
 * fake SMSBao, and every way a code can be wrong is refused with 400 and no
 * sign-in happening.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commApp, SETUPS, type CommApp } from './comm-harness';

let serial = 0;
const phone = () => `139${String(Date.now() % 1e4).padStart(4, '0')}${String(++serial).padStart(4, '0')}`;
const email = () => `payer${++serial}@example.test`;
const wrong = (code: string) => String((Number(code) + 1) % 1e6).padStart(6, '0');

describe.each(SETUPS)('code sign-in on %s with %s cache', (dialect, cache) => {
  let t: CommApp;
  /** The app's clock (epoch ms), on which codes expire and resend waits end: the tests move it. */
  const clock = { now: Date.now() };
  beforeAll(async () => {
    t = await commApp(dialect, cache, { clock: () => clock.now });
    // These tests send many codes from one address; the SAFETY_SMS limits have their own suite.
    await t.setConfig('SAFETY_SMS', (v) => { v.brush.enable = false; v.burst.enable = false; });
  });
  afterAll(() => t?.close());

  const ask = (social: string) => t.call('POST', '/api/comm/sign-code', { social });
  const answer = (social: string, code: string) => t.call('POST', '/api/comm/sign-code', { social, code });

  it('signs in with a code sent by email, and records where and when', async () => {
    const address = email();
    const id = await t.addUser({ account: `mail${serial}`, email: address, password: 'secret-123' });
    const sent = await ask(address.toUpperCase());
    expect(sent.body).toMatchObject({ code: 201, data: { seconds: 60 } });
    const res = await answer(address, t.lastCode(address));
    expect(res.body).toMatchObject({ code: 200, data: { user: { id, email: address } } });
    expect(res.body.data.user).not.toHaveProperty('password');
    const check = await t.call('POST', '/api/comm/check-token', undefined, res.body.data.token.no);
    expect(check.body).toMatchObject({ code: 200, data: { user: { id } } });
    const row = await t.user(id);
    expect(row.signInIp).toBe('127.0.0.1');
    expect(Math.abs(row.signInTime - clock.now / 1000)).toBeLessThan(5);
  });

  it('signs in with a code sent by SMS', async () => {
    const number = phone();
    const id = await t.addUser({ account: `sms${serial}`, phone: number, password: 'secret-123' });
    expect((await ask(number)).body.code).toBe(201);
    const res = await answer(number, t.lastCode(number));
    expect(res.body).toMatchObject({ code: 200, data: { user: { id, phone: number } } });
  });

  it('answers a code request for an unknown target exactly like one for an account, and its code signs nobody in', async () => {
    const known = email();
    await t.addUser({ account: `known${serial}`, email: known, password: 'secret-123' });
    const unknown = email();
    const a = await ask(known);
    const b = await ask(unknown);
    expect(b.status).toBe(a.status);
    expect(b.body).toEqual(a.body);
    const rightCodeNoAccount = await answer(unknown, t.lastCode(unknown));
    const wrongCode = await answer(known, wrong(t.lastCode(known)));
    expect(rightCodeNoAccount.status).toBe(400);
    expect(rightCodeNoAccount.body).toEqual(wrongCode.body);
    expect(rightCodeNoAccount.body.data.errors).toEqual([expect.objectContaining({ field: 'code', message: 'errors.code_invalid' })]);
  });

  it('refuses a target that is neither a mainland phone nor an address, sending nothing', async () => {
    for (const social of ['12345678901', '1391234567', 'not-an-address', '']) {
      const res = await ask(social);
      expect(res.status, social).toBe(400);
      expect(res.body.data.errors[0].field).toBe('social');
    }
    expect(t.codesFor('12345678901')).toEqual([]);
  });

  it('uses a code once', async () => {
    const address = email();
    await t.addUser({ account: `once${serial}`, email: address, password: 'secret-123' });
    await ask(address);
    const code = t.lastCode(address);
    expect((await answer(address, code)).body.code).toBe(200);
    const again = await answer(address, code);
    expect(again.status).toBe(400);
    expect(again.body.data.errors[0]).toEqual(expect.objectContaining({ field: 'code', message: 'errors.code_invalid' }));
  });

  it('gives a code five tries: the sixth fails even with the right code', async () => {
    const address = email();
    await t.addUser({ account: `guess${serial}`, email: address, password: 'secret-123' });
    await ask(address);
    const code = t.lastCode(address);
    for (let i = 0; i < 5; i++) expect((await answer(address, wrong(code))).status).toBe(400);
    const res = await answer(address, code);
    expect(res.status).toBe(400);
    expect(res.body.data).not.toHaveProperty('token');
  });

  it('still accepts the right code after four wrong tries', async () => {
    const address = email();
    await t.addUser({ account: `four${serial}`, email: address, password: 'secret-123' });
    await ask(address);
    const code = t.lastCode(address);
    for (let i = 0; i < 4; i++) await answer(address, wrong(code));
    expect((await answer(address, code)).body.code).toBe(200);
  });

  it('lets a code expire after ten minutes', async () => {
    const address = email();
    await t.addUser({ account: `late${serial}`, email: address, password: 'secret-123' });
    await ask(address);
    clock.now += 10 * 60 * 1000 + 1000;
    const res = await answer(address, t.lastCode(address));
    expect(res.status).toBe(400);
    expect(res.body.data.errors[0].message).toBe('errors.code_invalid');
  });

  it('waits 60 s before sending another code to the same target, then sends a new one that replaces the old', async () => {
    const address = email();
    await t.addUser({ account: `wait${serial}`, email: address, password: 'secret-123' });
    await ask(address);
    const first = t.lastCode(address);
    const soon = await ask(address);
    expect(soon.status).toBe(429);
    expect(soon.body.data.seconds).toBeGreaterThan(0);
    expect(soon.body.data.seconds).toBeLessThanOrEqual(60);
    expect(soon.body.msg).toContain(String(soon.body.data.seconds));
    expect(t.codesFor(address)).toHaveLength(1);

    clock.now += 61 * 1000;
    expect((await ask(address)).body.code).toBe(201);
    const second = t.lastCode(address);
    expect(t.codesFor(address)).toHaveLength(2);
    if (second !== first) expect((await answer(address, first)).status).toBe(400);
    expect((await answer(address, second)).body.code).toBe(200);
  });

  it('refuses a banned account a code sign-in', async () => {
    const address = email();
    const id = await t.addUser({ account: `ban${serial}`, email: address, password: 'secret-123', status: 'banned' });
    await ask(address);
    const res = await answer(address, t.lastCode(address));
    expect(res.status).toBe(403);
    expect((await t.user(id)).signInTime).toBe(0);
  });

  it('keeps no code when the email cannot be sent, and lets the user ask again at once', async () => {
    const address = email();
    await t.addUser({ account: `down${serial}`, email: address, password: 'secret-123' });
    const put = (password: string) => t.call('PUT', '/api/toml/sms-email', {
      host: '127.0.0.1', port: t.smtpPort, account: 'robot@paydesk.test', password, nickname: 'Paydesk', subject: 'Paydesk code',
    }, t.admin);
    expect((await put('wrong-password')).body.code).toBe(200);
    const failed = await ask(address);
    expect(failed.status).toBe(503);
    expect(failed.body.msg).toBe('邮件发送失败，请稍后再试');
    expect(t.codesFor(address)).toEqual([]);
    expect((await answer(address, '123456')).status).toBe(400);
    expect((await put('smtp-pass-42')).body.code).toBe(200);
    expect((await ask(address)).body.code).toBe(201);
  });
});
