/**
 * A refused setting names the field as the settings screen labels it (issue 11
 * item 25): "键名前缀：…", not the raw key "prefix：…", for settings files and
 * config rows alike, in the caller's language.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, makeApp, type TestApp } from '../support/app';

describe.each(DIALECTS)('field labels in refusals on %s', (dialect) => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await makeApp({ dialect });
    admin = await t.signIn();
  });
  afterAll(() => t?.close());

  it('a settings file field reads as its label', async () => {
    const zh = await t.call('PUT', '/api/toml/cache-file', { prefix: '!', path: 'runtime/cache', expired: 7200 }, admin);
    expect(zh.body.code).toBe(400);
    expect(zh.body.msg).toBe('键名前缀：长度不能少于 2 个字符');
    const en = await t.call('PUT', '/api/toml/crypt-jwt', { issuer: 'paydesk', subject: 'paydesk', expired: 3600, key: 'short' }, admin, { cookie: 'lang=en-us' });
    expect(en.body.code).toBe(400);
    expect(en.body.msg).not.toMatch(/^key:/);
    expect(en.body.msg).toMatch(/^Signing key: /);
  });

  it("a config row's value field reads as its label", async () => {
    const row = (await t.call('GET', '/api/config/find?key=SYSTEM_SAFETY_API', undefined, admin)).body.data[0];
    const zh = await t.call('PUT', '/api/config/update', { id: row.id, value: { ...row.value, key: 'x!' } }, admin);
    expect(zh.body.code).toBe(400);
    expect(zh.body.msg).toBe('签名密钥（留空自动生成）：格式不正确');
    expect(zh.body.data.errors[0].field).toBe('value.key');
  });
});
