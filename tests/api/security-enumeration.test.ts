/**
 * Account enumeration (issue 10, item 4): neither sign-up nor a reset-code
 * request tells a stranger whether an account exists, by the answer's
 * content, its status, or by waiting for a mail server that only a real
 * account's code goes to.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commApp, SETUPS, type CommApp } from './comm-harness';

let serial = 0;
const email = () => `prober${++serial}${Date.now() % 1e5}@example.test`;

describe.each(SETUPS)('no account enumeration on %s with %s cache', (dialect, cache) => {
  let t: CommApp;
  /** A mail server that accepts connections and never says a word. */
  let silent: net.Server;
  const sockets = new Set<net.Socket>();
  const owner = { account: 'realowner1', email: '' };
  beforeAll(async () => {
    t = await commApp(dialect, cache);
    await t.setConfig('SAFETY_SMS', (v) => { v.brush.enable = false; v.burst.enable = false; });
    await t.setConfig('SIGN_IN_UP', (v) => { v.sign_up.allow = true; v.sign_up.invite.mode = 'open'; });
    owner.email = email();
    await t.addUser({ account: owner.account, email: owner.email, password: 'owner-pass-1' });
    silent = net.createServer((socket) => { sockets.add(socket); socket.on('error', () => {}); });
    await new Promise<void>((done) => silent.listen(0, '127.0.0.1', done));
  });
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    silent?.close();
    await t?.close();
  });

  const signUp = (body: Record<string, unknown>) => t.call('POST', '/api/comm/sign-up', body);
  const reset = (body: Record<string, unknown>) => t.call('POST', '/api/comm/reset-password', body);
  const mailTo = async (port: number) => {
    const res = await t.call('PUT', '/api/toml/sms-email', { host: '127.0.0.1', port, account: 'robot@paydesk.test', password: 'smtp-pass-42', nickname: 'Paydesk', subject: 'Paydesk code' }, t.admin);
    expect(res.status, res.text).toBe(200);
  };

  it('sign-up says an account name is taken only to the holder of a right code', async () => {
    const social = email();
    expect((await signUp({ social })).body.code).toBe(201);
    const form = { social, password: 'long-enough-1', AgainPassword: 'long-enough-1', code: t.lastCode(social) === '000000' ? '111111' : '000000' };
    const taken = await signUp({ ...form, account: owner.account });
    const free = await signUp({ ...form, account: 'nobodyhas1' });
    expect(taken.status).toBe(400);
    expect(taken.body).toEqual(free.body);
    expect(taken.body.data.errors).toEqual([expect.objectContaining({ field: 'code', message: 'errors.code_invalid' })]);
    // With the right code the user learns it, and the code still serves the corrected form.
    const right = { ...form, code: t.lastCode(social) };
    expect((await signUp({ ...right, account: owner.account })).body.data.errors).toEqual([expect.objectContaining({ field: 'account', message: 'errors.account_taken' })]);
    expect((await signUp({ ...right, account: `fresh${serial}` })).body.code).toBe(200);
  });

  it('answers a reset-code request at once and alike while the mail server hangs', async () => {
    await mailTo((silent.address() as net.AddressInfo).port);
    // Before the fix the real account's answer waited for the silent server (and this test timed out).
    const real = await reset({ social: owner.email, account: owner.account });
    const unknown = await reset({ social: email(), account: 'nobodyhas2' });
    expect(real.body.code).toBe(201);
    expect(unknown.status).toBe(real.status);
    expect(unknown.body).toEqual(real.body);
  });

  it('answers a reset-code request alike while the mail server is down', async () => {
    const closed = net.createServer();
    await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done));
    const port = (closed.address() as net.AddressInfo).port;
    await new Promise((done) => closed.close(done));
    await mailTo(port);
    const ownerTwo = email();
    await t.addUser({ account: 'realowner2', email: ownerTwo, password: 'owner-pass-2' });
    const real = await reset({ social: ownerTwo, account: 'realowner2' });
    const unknown = await reset({ social: email(), account: 'nobodyhas3' });
    expect(real.body.code).toBe(201);
    expect(unknown.body.code).toBe(201);
    expect(unknown.body).toEqual(real.body);
    // The failed send holds nothing back: the owner may ask again at once, and gets a code once mail works.
    await mailTo(t.smtpPort);
    await expect.poll(async () => (await reset({ social: ownerTwo, account: 'realowner2' })).body.code, { timeout: 10_000 }).toBe(201);
    expect(await t.waitCode(ownerTwo)).toMatch(/^\d{6}$/);
  });
});
