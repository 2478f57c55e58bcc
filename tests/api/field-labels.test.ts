/**
 * A refused setting names the field as the settings screen labels it (issue 11
 * item 25): "键名前缀：…", not the raw key "prefix：…", for settings files and
 * config rows alike, in the caller's language.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, makeApp, type TestApp } from '../support/app';
import { withUnlabelledFaq } from '../support/unlabelled-table';

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

/**
 * A table added without labels (issue 33 item 4) reads by its keys made
 * readable in every language, system columns by their kind, in messages, field
 * errors and export headers: never `resources.faq.fields.question`, and a
 * field error carries its message in words beside the message's key.
 */
describe('a table without labels', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await makeApp({ resources: withUnlabelledFaq, syncSchema: true });
    admin = await t.signIn();
  });
  afterAll(() => t?.close());

  it('names a missing field by its key made readable, with the error in words', async () => {
    const en = await t.call('POST', '/api/faq/create', { answer: 'Yes' }, admin, { cookie: 'lang=en-us' });
    expect(en.body.code).toBe(400);
    expect(en.body.msg).toBe('Question: This field is required');
    expect(en.body.data.errors).toEqual([{ field: 'question', message: 'validation.required', text: 'This field is required' }]);
    const zh = await t.call('POST', '/api/faq/create', { answer: 'Yes' }, admin, { cookie: 'lang=zh-cn' });
    expect(zh.body.msg).toBe('Question：此项为必填项');
    expect(zh.body.data.errors[0].text).toBe('此项为必填项');
  });

  it('exports headers by key or, for system columns, by their kind in the caller\'s language', async () => {
    expect((await t.call('POST', '/api/faq/create', { question: 'Open on Sundays?' }, admin)).body.code).toBe(201);
    const header = async (lang: string) => (await t.call('GET', '/api/faq/export', undefined, admin, { cookie: `lang=${lang}` })).text.replace(/^\uFEFF/, '').split('\r\n')[0];
    expect(await header('en-us')).toBe('ID,Question,Answer,Attachments,Order,Owner,Created,Updated,Deleted');
    expect(await header('zh-cn')).toMatch(/^ID,Question,Answer,Attachments,排序,/);
    expect(await header('ja-jp')).not.toContain('resources.');
  });
});
