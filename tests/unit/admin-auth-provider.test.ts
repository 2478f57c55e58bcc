/**
 * The auth provider's session rules: sign-in sends encrypted
 * credentials; a token check answered 429 keeps the session, any other failure
 * forgets it; sign-out forgets token, user, cached reads and cookie.
 */
import { constants, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from '../support/web-storage';

/** document.cookie as a browser keeps it: each write sets or (max-age=0) removes one cookie. */
const jar = new Map<string, string>();
const documentStub = {
  get cookie() { return [...jar].map(([k, v]) => `${k}=${v}`).join('; '); },
  set cookie(line: string) {
    const [pair] = line.split(';');
    const [name, value] = pair!.split('=') as [string, string];
    if (/max-age=0(;|$)/.test(line)) jar.delete(name);
    else jar.set(name, value);
  },
};
Object.assign(globalThis, { localStorage: new MemoryStorage(), sessionStorage: new MemoryStorage(), document: documentStub });

const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const decrypt = (b64: string) => privateDecrypt({ key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(b64, 'base64')).toString();

let checkCode = 200;
const calls: Array<{ path: string; body: any }> = [];
vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
  const path = new URL(input, 'http://localhost').pathname;
  const body = init.body ? JSON.parse(String(init.body)) : undefined;
  calls.push({ path, body });
  const answers: Record<string, { code: number; data?: unknown; msg?: string }> = {
    '/api/comm/init': { code: 200, data: { publicKey: publicKey.export({ type: 'spki', format: 'pem' }), sign: false, signKey: null } },
    '/api/comm/sign-in': { code: 200, data: { user: { id: 1, account: 'admin' }, token: { no: 'jwt-1', expired: 0 } } },
    '/api/comm/check-token': { code: checkCode, msg: 'x', data: checkCode === 200 ? { user: { id: 1, account: 'admin' } } : null },
    '/api/comm/sign-out': { code: 200 },
    '/api/users/rows': { code: 200, data: { total: 0, page: 1, limit: 10, rows: [] } },
  };
  const envelope = { msg: 'ok', ...answers[path]! };
  // Reads carry an ETag, as the server's cached reads do, so the console keeps a copy.
  return new Response(JSON.stringify(envelope), { status: envelope.code, headers: path.endsWith('/rows') ? { etag: 'W/"1"' } : {} });
});

const { authProvider, signIn } = await import('../../admin/api/authProvider');
const { getToken, getUser } = await import('../../admin/api/session');
const { call } = await import('../../admin/api/http');

const sessionCacheSize = () => sessionStorage.length;

beforeEach(async () => {
  calls.length = 0;
  checkCode = 200;
  await signIn('admin', 'admin-pass-123');
  await call('GET', 'users/rows', { cache: true });
});

describe('auth provider', () => {
  it('signs in with account and password encrypted by the published RSA-OAEP key', () => {
    const sent = calls.find((c) => c.path === '/api/comm/sign-in')!.body;
    expect(sent.account).not.toBe('admin');
    expect(decrypt(sent.account)).toBe('admin');
    expect(decrypt(sent.password)).toBe('admin-pass-123');
    expect(getToken()).toBe('jwt-1');
    expect(documentStub.cookie).toContain('token=jwt-1');
  });

  it('does not re-check a token checked within ten minutes', async () => {
    await authProvider.checkAuth({});
    expect(calls.filter((c) => c.path === '/api/comm/check-token')).toHaveLength(0);
  });

  it('keeps the session when the token check is rate-limited (429)', async () => {
    vi.useFakeTimers({ now: Date.now() + 11 * 60 * 1000 });
    checkCode = 429;
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
    vi.useRealTimers();
    expect(calls.some((c) => c.path === '/api/comm/check-token')).toBe(true);
    expect(getToken()).toBe('jwt-1');
  });

  it('signs out locally when the token check fails otherwise, and sends the user to sign in', async () => {
    vi.useFakeTimers({ now: Date.now() + 11 * 60 * 1000 });
    checkCode = 401;
    await expect(authProvider.checkAuth({})).rejects.toMatchObject({ redirectTo: '/common/sign-in' });
    vi.useRealTimers();
    expect(getToken()).toBeNull();
    expect(getUser()).toBeNull();
    expect(sessionCacheSize()).toBe(0);
  });

  it('sign-out tells the server, forgets token, user, cache and cookie, and goes home', async () => {
    expect(sessionCacheSize()).toBeGreaterThan(0);
    await expect(authProvider.logout({})).resolves.toBe('/');
    expect(calls.at(-1)!.path).toBe('/api/comm/sign-out');
    expect([getToken(), getUser(), sessionCacheSize(), documentStub.cookie]).toEqual([null, null, 0, '']);
  });

  it('a 401 from any call signs out, a 403 keeps the session', async () => {
    await expect(authProvider.checkError({ status: 403 })).resolves.toBeUndefined();
    expect(getToken()).toBe('jwt-1');
    await expect(authProvider.checkError({ status: 401 })).rejects.toMatchObject({ redirectTo: '/common/sign-in' });
    expect(getToken()).toBeNull();
  });
});
