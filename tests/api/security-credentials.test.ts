/**
 * An attacker who already has an account (issue 32): a session held back by
 * its group's 2FA rule reaches no credential route (the list the guard reads,
 * walked here); a `login` rule reaches another owner's row only through a
 * group granting that very rule with `manage` (every `login` rule that
 * writes, tried by the auditor and operator-own presets); an enrolment key
 * belongs to the session that asked; a code is good within one 30 s step of
 * drift and once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREDENTIAL_ROUTES } from '../../server/auth/credentials';
import { DIALECTS } from '../support/app';
import { mfaApp, USER_PASSWORD, type MfaApp } from './mfa-support';

const EN = { cookie: 'lang=en-us' };

describe.each(DIALECTS)('credentials against an attacker with an account on %s', (dialect) => {
  let t: MfaApp;
  beforeAll(async () => {
    t = await mfaApp(dialect);
  });
  afterAll(() => t?.close());

  const group = async (fields: Record<string, unknown>) => {
    const res = await t.call('POST', '/api/auth-group/create', { name: `G${Math.random().toString(36).slice(2, 8)}`, ...fields }, t.admin);
    expect(res.status, res.text).toBe(201);
    return res.body.data.id as number;
  };
  const preset = async (no: string) => {
    const presets = (await t.call('GET', '/api/auth-group/preset', undefined, t.admin)).body.data as Array<{ no: string; manage: number; all: number; rules: string }>;
    const { manage, all, rules } = presets.find((p) => p.no === no)!;
    return { manage, all, rules };
  };
  /** A signed-in user with a key and a callback secret of his own: what an attacker goes for. */
  const merchant = async (account: string) => {
    const uid = await t.addUser(account);
    const token = await t.signIn(account, USER_PASSWORD);
    const key = (await t.call('POST', '/api/api-keys/create', { name: 'shop' }, token)).body.data;
    const secret = (await t.call('POST', '/api/callbacks/secret', {}, token)).body.data;
    expect(key.key && secret.secret).toBeTruthy();
    return { uid, token, key: key as { id: number; key: string }, secret: secret.prefix as string };
  };
  /** Whether the merchant's key still works and his callback secret is the one he made. */
  const intact = async (m: Awaited<ReturnType<typeof merchant>>) => {
    const rows = (await t.call('GET', '/api/callback-secrets/rows', undefined, m.token)).body.data.rows as Array<{ prefix: string }>;
    return { key: (await t.call('POST', '/api/comm/check-token', undefined, m.key.key)).status, secret: rows[0]?.prefix };
  };

  it('refuses every credential route to a session that still owes its group\'s second factor, and changes nothing', async () => {
    const m = await merchant('heldback');
    // Everything granted, with manage: only the missing second factor can refuse.
    const groupId = await group({ all: 1, manage: 1, uids: `|${m.uid}|` });
    expect((await t.call('PUT', '/api/auth-group/update', { id: groupId, mfa: 1 }, t.admin)).status).toBe(200);
    const bodies: Record<string, { url: string; body: unknown }> = {
      'POST api/api-keys/create': { url: 'api-keys/create', body: { name: 'side door' } },
      'PUT api/api-keys/rules': { url: 'api-keys/rules', body: { id: m.key.id, rules: null } },
      'PUT api/api-keys/revoke': { url: 'api-keys/revoke', body: { id: m.key.id } },
      'DELETE api/api-keys/delete': { url: 'api-keys/delete', body: { ids: String(m.key.id) } },
      'DELETE api/rest/api-keys/:id': { url: `rest/api-keys/${m.key.id}`, body: undefined },
      'POST api/callbacks/secret': { url: 'callbacks/secret', body: {} },
      'POST api/callbacks/secret/end-overlap': { url: 'callbacks/secret/end-overlap', body: {} },
      'POST api/comm/mfa-setup': { url: 'comm/mfa-setup', body: {} },
      'POST api/comm/mfa-enable': { url: 'comm/mfa-enable', body: { code: '123456', password: USER_PASSWORD } },
      'POST api/users/mfa-reset': { url: 'users/mfa-reset', body: { id: 1 } },
      'POST api/users/create': { url: 'users/create', body: { account: 'planted', password: 'planted-pass-1' } },
      'PUT api/users/update': { url: 'users/update', body: { id: 1, password: 'taken-over-1' } },
      'POST api/rest/users': { url: 'rest/users', body: { account: 'planted2', password: 'planted-pass-1' } },
      'PUT api/rest/users/:id': { url: 'rest/users/1', body: { password: 'taken-over-1' } },
      'PUT api/toml/:file-:section': { url: 'toml/crypt-jwt', body: { key: 'x'.repeat(40) } },
    };
    expect(Object.keys(bodies).sort()).toEqual([...CREDENTIAL_ROUTES].sort());
    const declared = new Set(t.app.ruleBook.all.map((r) => `${r.method} ${r.route}`));
    for (const name of CREDENTIAL_ROUTES) {
      expect(declared.has(name), `${name} is a route`).toBe(true);
      const { url, body } = bodies[name]!;
      const res = await t.call(name.split(' ')[0] as 'POST', `/api/${url}`, body, m.token, EN);
      expect(res.status, `${name}: ${res.text}`).toBe(403);
      // The simple-rest dialect answers without the envelope.
      expect(res.body.msg ?? res.body.message, name).toMatch(/two-factor/);
    }
    expect(await intact(m)).toEqual({ key: 200, secret: m.secret });
    expect((await t.call('GET', '/api/users/take?id=1', undefined, t.admin)).body.data.mfa).toBe(0);
    expect(await t.signIn()).toBeTruthy();
    // The console offers none of them to that session.
    const mine = (await t.call('GET', '/api/auth-rules/mine', undefined, m.token)).body.data as Array<{ method: string; route: string }>;
    expect(mine.filter((r) => CREDENTIAL_ROUTES.has(`${r.method} ${r.route}`))).toEqual([]);
    // Signing in again asks for the enrolment first; the enrolled session reaches its credentials.
    const again = await t.password('heldback');
    expect(again.body.data.mfa).toBe('enrol');
    const setup = await t.call('POST', '/api/comm/mfa-setup', { mfaToken: again.body.data.mfaToken });
    const enabled = await t.call('POST', '/api/comm/mfa-enable', { mfaToken: again.body.data.mfaToken, code: t.codeOf(setup.body.data.secret) });
    expect(enabled.status, enabled.text).toBe(200);
    expect((await t.call('POST', '/api/callbacks/secret', {}, enabled.body.data.token.no)).status).toBe(201);
  });

  it('lets no login rule that writes reach another owner\'s row on a group\'s manage alone', async () => {
    const m = await merchant('victim');
    const attackers: Record<string, string> = {};
    for (const no of ['auditor', 'operator-own']) {
      const uid = await t.addUser(`as${no.replace('-', '')}`);
      await group({ ...(await preset(no)), uids: `|${uid}|` });
      attackers[no] = await t.signIn(`as${no.replace('-', '')}`, USER_PASSWORD);
    }
    // Each writing login rule and what it would do to the victim's rows; those without a target act on the caller's own alone.
    const attacks: Record<string, { url: string; body: unknown }> = {
      'PUT api/api-keys/revoke': { url: 'api-keys/revoke', body: { id: m.key.id } },
      'DELETE api/api-keys/delete': { url: 'api-keys/delete', body: { ids: String(m.key.id) } },
      'DELETE api/rest/api-keys/:id': { url: `rest/api-keys/${m.key.id}`, body: undefined },
      'PUT api/api-keys/rules': { url: 'api-keys/rules', body: { id: m.key.id, preset: 'merchant' } },
      'POST api/api-keys/create': { url: 'api-keys/create', body: { name: 'own' } },
      'POST api/callbacks/secret': { url: 'callbacks/secret', body: {} },
      'POST api/callbacks/secret/end-overlap': { url: 'callbacks/secret/end-overlap', body: {} },
      'POST api/comm/check-token': { url: 'comm/check-token', body: undefined },
      'DELETE api/comm/sign-out': { url: 'comm/sign-out', body: undefined },
    };
    const writing = (await t.app.ruleBook.list()).filter((r) => r.type === 'login' && r.method !== 'GET').map((r) => `${r.method} ${r.route}`);
    expect(Object.keys(attacks).sort()).toEqual(writing.sort());
    const targeted = ['PUT api/api-keys/revoke', 'DELETE api/api-keys/delete', 'DELETE api/rest/api-keys/:id', 'PUT api/api-keys/rules'];
    for (const [no, token] of Object.entries(attackers)) {
      // Signing out last: it ends the attacker's session.
      for (const name of [...writing.filter((n) => !n.includes('sign-out')), 'DELETE api/comm/sign-out']) {
        const { url, body } = attacks[name]!;
        const res = await t.call(name.split(' ')[0] as 'PUT', `/api/${url}`, body, token);
        if (targeted.includes(name)) expect(res.status, `${no} ${name}: ${res.text}`).toBe(403);
        expect(await intact(m), `${no} ${name}`).toEqual({ key: 200, secret: m.secret });
      }
    }
    // The auditor still reads everyone's keys: reading is what his group grants with manage.
    const auditorToken = await t.signIn('asauditor', USER_PASSWORD);
    const seen = (await t.call('GET', '/api/api-keys/rows?limit=100', undefined, auditorToken)).body.data.rows as Array<{ id: number }>;
    expect(seen.map((k) => k.id)).toContain(m.key.id);
    // A group that grants the revoke rule itself with manage may revoke anyone's key.
    const opId = await t.addUser('asoperatorall');
    await group({ ...(await preset('operator-all')), uids: `|${opId}|` });
    const op = await t.signIn('asoperatorall', USER_PASSWORD);
    expect((await t.call('PUT', '/api/api-keys/revoke', { id: m.key.id }, op)).status).toBe(200);
    expect((await intact(m)).key).toBe(401);
  });

  it('offers each session its own enrolment key: a reload shows the same, another session never sees it', async () => {
    await t.addUser('twosessions');
    const [mine, thief] = [await t.signIn('twosessions', USER_PASSWORD), await t.signIn('twosessions', USER_PASSWORD)];
    const first = (await t.call('POST', '/api/comm/mfa-setup', {}, mine)).body.data;
    expect((await t.call('POST', '/api/comm/mfa-setup', {}, mine)).body.data).toMatchObject({ secret: first.secret, qr: first.qr });
    // Still the same key nine minutes on: it waits ten for its confirming code.
    t.advance(9 * 60);
    expect((await t.call('POST', '/api/comm/mfa-setup', {}, mine)).body.data.secret).toBe(first.secret);
    const stolen = (await t.call('POST', '/api/comm/mfa-setup', {}, thief)).body.data;
    expect(stolen.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(stolen.secret).not.toBe(first.secret);
    // The thief's session cannot bind the owner's pending key, nor the owner's session the thief's.
    expect((await t.call('POST', '/api/comm/mfa-enable', { code: t.codeOf(first.secret), password: USER_PASSWORD }, thief)).status).toBe(400);
    expect((await t.call('POST', '/api/comm/mfa-enable', { code: t.codeOf(first.secret), password: USER_PASSWORD }, mine)).status).toBe(200);
    // A key left unconfirmed for more than ten minutes is gone: a reload offers a new one, and the old one binds nothing.
    await t.addUser('slowenrol');
    const slow = await t.signIn('slowenrol', USER_PASSWORD);
    const offered = (await t.call('POST', '/api/comm/mfa-setup', {}, slow)).body.data.secret as string;
    t.advance(10 * 60 + 1);
    const late = await t.call('POST', '/api/comm/mfa-enable', { code: t.codeOf(offered), password: USER_PASSWORD }, slow, EN);
    expect(late.status, late.text).toBe(400);
    expect((await t.call('POST', '/api/comm/mfa-setup', {}, slow)).body.data.secret).not.toBe(offered);
  });

  it('accepts a code within one 30-second step of drift, once, and refuses one from minutes ago', async () => {
    await t.addUser('drifter');
    const { secret } = await t.enrol(await t.signIn('drifter', USER_PASSWORD));
    t.advance(600);
    const codeAt = (offsetSeconds: number) => {
      t.advance(offsetSeconds);
      const code = t.codeOf(secret);
      t.advance(-offsetSeconds);
      return code;
    };
    const attempt = async (code: string) => {
      const challenge = (await t.password('drifter')).body.data.mfaToken;
      return (await t.call('POST', '/api/comm/mfa-sign-in', { mfaToken: challenge, code })).status;
    };
    expect(await attempt(codeAt(-300))).toBe(400);
    expect(await attempt(codeAt(-60))).toBe(400);
    const late = codeAt(-30);
    expect(await attempt(late)).toBe(200);
    expect(await attempt(late)).toBe(400);
    expect(await attempt(codeAt(60))).toBe(400);
    expect(await attempt(codeAt(30))).toBe(200);
    // Nothing at or before a step already used counts again, the current one included.
    expect(await attempt(codeAt(0))).toBe(400);
  });
});
