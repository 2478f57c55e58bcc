/**
 * What the API tests of tokens (tests/api/tokens.test.ts) cannot see from the
 * wire: a session's token is verified once and then remembered until it
 * expires, under the key it was verified with, and which writes end sessions.
 */
import fastifyJwt from '@fastify/jwt';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessionsEndedBy, Tokens, type JwtSettings } from '../../server/auth/tokens';
import { cacheOn } from '../../server/services/cache/cache';
import { ramStore } from '../../server/services/cache/ram';

describe('a session token, verified once and remembered', () => {
  const clock = { now: Date.UTC(2026, 10, 28, 12) };
  let settings: JwtSettings = { key: 'a-token-key-of-thirty-two-chars!', issuer: 'paydesk', subject: 'admin', expired: 3600 };
  const app = Fastify();
  const cache = cacheOn(ramStore(undefined, () => clock.now), 600);
  const tokens = new Tokens(app, () => cache, () => settings);
  let verify: ReturnType<typeof vi.spyOn>;
  beforeAll(async () => {
    await app.register(fastifyJwt, { secret: () => settings.key } as never);
    app.decorate('clock', () => clock.now);
    await app.ready();
    verify = vi.spyOn(app.jwt, 'verify');
  });
  afterAll(() => app.close());

  it('checks the signature at the first call only, while the token lives', async () => {
    const { no } = await tokens.issue(7);
    verify.mockClear();
    for (let i = 0; i < 3; i++) expect(await tokens.verify(no)).toMatchObject({ uid: 7 });
    expect(verify).toHaveBeenCalledTimes(1);
  });

  it('checks it again under a new key, and refuses it once expired', async () => {
    const { no, expired } = await tokens.issue(8);
    expect(await tokens.verify(no)).toMatchObject({ uid: 8 });
    verify.mockClear();
    const old = settings;
    settings = { ...old, key: 'another-key-of-thirty-two-chars!' };
    expect(await tokens.verify(no)).toBeNull();
    expect(verify).toHaveBeenCalledTimes(1);
    // Back under the key it was verified with, it is still remembered.
    settings = old;
    expect(await tokens.verify(no)).toMatchObject({ uid: 8 });
    expect(verify).toHaveBeenCalledTimes(1);
    clock.now = expired * 1000 + 1;
    expect(await tokens.verify(no)).toBeNull();
  });
});

describe('the writes that end sessions', () => {
  it('are writes to users only: a row of another table with a user\'s id ends nobody\'s', () => {
    expect(sessionsEndedBy('orders', [{ before: { id: 1, password: 'a' } }, { before: { id: 2 }, after: { id: 2, status: 'banned' } }])).toEqual([]);
    expect(sessionsEndedBy('users', [{ before: { id: 1 } }, { before: { id: 2, status: 'normal' }, after: { status: 'banned' } }])).toEqual([1, 2]);
  });
});
