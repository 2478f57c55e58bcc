/**
 * Config rows: validated JSON per key, a blank API key
 * generated, SITE_INFO public, messages in the caller's language.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, makeApp, type TestApp } from '../support/app';

describe.each(DIALECTS)('config rows on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  const row = async (key: string) => (await t.call('GET', `/api/config/find?key=${key}`, undefined, admin)).body.data[0];
  beforeAll(async () => {
    t = await makeApp({ dialect });
    admin = await t.signIn();
  });
  afterAll(() => t?.close());

  it('starts with the default values and a generated 32-character API key', async () => {
    const safety = await row('SYSTEM_SAFETY_API');
    expect(safety.value).toMatchObject({ sign: false, paging: { enable: true, limit: 50 }, qps: { block: { count: 3, second: 3600 } } });
    expect(safety.value.key).toMatch(/^[A-Za-z0-9]{32}$/);
    expect((await row('SAFETY_SMS')).value.brush).toMatchObject({ enable: true, plan: { mode: 'intercept', second: 1800 }, rule: { count: 10, second: 600, strategy: 'moderate' } });
    expect((await row('SIGN_IN_UP')).value.sign_up.invite).toEqual({ mode: 'open', length: 6, format: 'number' });
  });

  it('generates a new key when the key comes blank', async () => {
    const safety = await row('SYSTEM_SAFETY_API');
    const res = await t.call('PUT', '/api/config/update', { id: safety.id, value: { ...safety.value, key: '' } }, admin);
    expect(res.status).toBe(200);
    expect(res.body.data.value.key).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(res.body.data.value.key).not.toBe(safety.value.key);
  });

  it('refuses values against the rules of each key, naming the field in the caller\'s language, and keeps the row', async () => {
    const sms = await row('SAFETY_SMS');
    const bad = structuredClone(sms.value);
    bad.brush.rule.second = 30;
    const res = await t.call('PUT', '/api/config/update', { id: sms.id, value: bad }, admin, { 'accept-language': 'en-US' });
    expect(res.status).toBe(400);
    expect(res.body.data.errors[0]).toMatchObject({ field: 'value.brush.rule.second', message: 'validation.min_value' });
    expect(res.body.msg).toContain('60');

    const site = await row('SITE_INFO');
    const untitled = await t.call('PUT', '/api/config/update', { id: site.id, value: { ...site.value, title: '' } }, admin);
    expect(untitled.status).toBe(400);
    const unknown = await t.call('PUT', '/api/config/update', { id: site.id, value: { ...site.value, colour: 'red' } }, admin, { cookie: 'lang=en-us' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.msg).not.toMatch(/Unrecognized/);
    expect(unknown.body.data.errors[0]).toMatchObject({ field: 'value.colour', message: 'validation.unknown_field' });
    expect((await row('SITE_INFO')).value).toEqual(site.value);
  });

  it('needs paging.limit only while paging is on', async () => {
    const safety = await row('SYSTEM_SAFETY_API');
    const off = { ...safety.value, paging: { enable: false } };
    expect((await t.call('PUT', '/api/config/update', { id: safety.id, value: off }, admin)).status).toBe(200);
    const on = { ...safety.value, paging: { enable: true } };
    expect((await t.call('PUT', '/api/config/update', { id: safety.id, value: on }, admin)).status).toBe(400);
  });

  it('shows SITE_INFO to anyone, and no other row', async () => {
    const site = await t.call('GET', '/api/config/take?key=SITE_INFO');
    expect(site.body.data.value.title).toBe('Paydesk');
    expect(Object.keys(site.body.data).sort()).toEqual(['key', 'value']);
    expect((await t.call('GET', '/api/config/take?key=SYSTEM_SAFETY_API')).status).toBe(401);
  });

  it('takes a row by `no`, as the product names it, as well as by `key`; not by both at once', async () => {
    const site = await t.call('GET', '/api/config/take?no=SITE_INFO');
    expect(site.body).toMatchObject({ code: 200, data: { key: 'SITE_INFO', value: { title: 'Paydesk' } } });
    expect(Object.keys(site.body.data).sort()).toEqual(['key', 'value']);
    expect((await t.call('GET', '/api/config/take?no=SYSTEM_SAFETY_API')).status).toBe(401);
    expect((await t.call('GET', '/api/config/take?no=SYSTEM_SAFETY_API', undefined, admin)).body.data).toMatchObject({ key: 'SYSTEM_SAFETY_API' });
    const both = await t.call('GET', '/api/config/take?no=SITE_INFO&key=SITE_INFO', undefined, undefined, { cookie: 'lang=en-us' });
    expect({ status: both.status, msg: both.body.msg }).toEqual({ status: 400, msg: expect.stringContaining('no') });
  });
});
