/**
 * One contract of "empty" per field kind (issue 11 item 1), driven through
 * both sides together: the value a cleared dialog input holds goes through
 * the console's own data provider (its real request body, fetch forwarded to
 * the real server) and the server stores the kind's empty value; where a
 * field has no empty, the form's validator and the server say the same
 * "required". On SQLite, and on MariaDB when TEST_MYSQL_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { emptyValue, type Field } from '../../schema/define';
import { getResource } from '../../admin/schema';
import { dateTimeLocalToEpoch, jsonParse } from '../../admin/form/inputValues';
import { idsToPipes, validateValue } from '../../admin/form/validation';
import { DIALECTS, makeApp, type TestApp } from '../support/app';
import { MemoryStorage } from '../support/web-storage';

// The console's browser globals, for this file only: API files share their worker (isolate: false), and the
// next file's fetch must be Node's own.
vi.stubGlobal('localStorage', new MemoryStorage());
vi.stubGlobal('sessionStorage', new MemoryStorage());
vi.stubGlobal('document', { cookie: '' });
afterAll(() => vi.unstubAllGlobals());

let current: TestApp;
const sent: Array<{ path: string; body: unknown }> = [];
// The console's fetch, answered by the real server in process.
vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
  if (init.body) sent.push({ path: new URL(input, 'http://localhost').pathname, body: JSON.parse(String(init.body)) });
  const res = await current.app.inject({
    method: (init.method ?? 'GET') as 'GET', url: input,
    headers: init.headers as Record<string, string>,
    ...(init.body !== undefined && { payload: String(init.body) }),
  });
  return new Response(res.body, { status: res.statusCode, headers: { 'content-type': 'application/json' } });
});

const { dataProvider } = await import('../../admin/api/dataProvider');

/** What each generated input holds once the user has cleared it (react-admin inputs and our parsers). */
const CLEARED = {
  textInput: null, // TextInput's default parse turns '' into null
  numberInput: null,
  dateTimeInput: dateTimeLocalToEpoch(''),
  jsonInput: jsonParse(''),
  idsPicker: idsToPipes([]),
  filesList: [] as string[], // every attachment removed
  selectInput: '', // SelectInput's emptyValue
};

interface Case {
  kind: string;
  resource: string;
  row: Record<string, unknown>;
  field: string;
  cleared: unknown;
  stored: unknown;
}

const CASES: Case[] = [
  { kind: 'text', resource: 'users', row: { account: 'emptyuser1', phone: '13800138000' }, field: 'phone', cleared: CLEARED.textInput, stored: '' },
  { kind: 'image', resource: 'users', row: { account: 'emptyuser2', avatar: '/storage/a.png' }, field: 'avatar', cleared: CLEARED.textInput, stored: '' },
  { kind: 'long text', resource: 'pages', row: { key: 'about', title: 'About', content: 'hello' }, field: 'content', cleared: CLEARED.textInput, stored: '' },
  {
    kind: 'files', resource: 'receive-money', row: { title: 'Tea', amount: 12.5, currency: 'CNY', files: ['/storage/a.png'] },
    field: 'files', cleared: CLEARED.filesList, stored: [],
  },
  { kind: 'json', resource: 'config', row: { key: 'EMPTY_TEST', value: { a: 1 } }, field: 'value', cleared: CLEARED.jsonInput, stored: null },
  { kind: 'ids', resource: 'auth-group', row: { name: 'empties', uids: '|1|' }, field: 'uids', cleared: CLEARED.idsPicker, stored: '' },
  { kind: 'number', resource: 'level', row: { name: 'gold', value: 5 }, field: 'value', cleared: CLEARED.numberInput, stored: 0 },
  { kind: 'date-time', resource: 'invite', row: { code: 'EMPTY1', expireTime: 1_700_000_000 }, field: 'expireTime', cleared: CLEARED.dateTimeInput, stored: 0 },
  {
    kind: 'select with a blank choice', resource: 'receive-money', row: { title: 'Tea', amount: 3, currency: 'HKD', payType: 'wechat' },
    field: 'payType', cleared: CLEARED.selectInput, stored: '',
  },
];

const fieldOf = (resource: string, name: string): Field => getResource(resource).fields[name]!;

describe.each(DIALECTS)('empty values, form to server (%s)', (dialect) => {
  let token: string;
  beforeAll(async () => {
    current = await makeApp({ dialect });
    token = await current.signIn();
    localStorage.setItem('paydesk.token', token);
  });
  afterAll(() => current.close());

  const create = async (resource: string, row: Record<string, unknown>) => {
    const res = await current.call('POST', `/api/${resource}/create`, row, token);
    expect(res.status, res.text).toBe(201);
    return res.body.data as Record<string, unknown>;
  };
  const take = async (resource: string, id: unknown) => (await current.call('GET', `/api/${resource}/take?id=${id}`, undefined, token)).body.data;

  it.each(CASES)('$kind: a cleared input saves as the kind\'s empty value', async ({ resource, row, field, cleared, stored }) => {
    expect(emptyValue(fieldOf(resource, field))).toEqual(stored);
    expect(validateValue(fieldOf(resource, field), cleared)).toBeUndefined();
    const record = await create(resource, row);
    sent.length = 0;
    // The dialog saves the whole record, the cleared field included.
    await dataProvider.update(resource, { id: record.id as number, data: { ...record, [field]: cleared }, previousData: record });
    expect((sent.at(-1)!.body as Record<string, unknown>)[field]).toEqual(stored);
    expect((await take(resource, record.id))[field]).toEqual(stored);
  });

  it('an order whose attachments were never set (null) saves after editing its remark', async () => {
    const order = await create('receive-money', { title: 'Old order', amount: 20, currency: 'CNY' });
    expect(order.files).toBeNull();
    await dataProvider.update('receive-money', { id: order.id as number, data: { ...order, remark: 'checked' }, previousData: order });
    expect(await take('receive-money', order.id)).toMatchObject({ remark: 'checked', files: [] });
  });

  it('an API client clearing with null gets the same empty values', async () => {
    const user = await create('users', { account: 'emptyuser3', phone: '13900139000', avatar: '/storage/b.png' });
    const res = await current.call('PUT', '/api/users/update', { id: user.id, phone: null, avatar: null, describe: null }, token);
    expect(res.status, res.text).toBe(200);
    expect(await take('users', user.id)).toMatchObject({ phone: '', avatar: '', describe: '' });
  });

  it.each([
    { kind: 'required text', resource: 'receive-money', field: 'title', cleared: CLEARED.textInput, message: 'validation.title_required' },
    { kind: 'number whose empty breaks its rule', resource: 'receive-money', field: 'amount', cleared: CLEARED.numberInput, message: 'validation.required' },
    { kind: 'select without a blank choice', resource: 'users', field: 'gender', cleared: CLEARED.selectInput, message: 'validation.required' },
  ])('$kind has no empty: the form and the server both say "required"', async ({ resource, field, cleared, message }) => {
    expect(emptyValue(fieldOf(resource, field))).toBeUndefined();
    expect(validateValue(fieldOf(resource, field), cleared)?.message).toBe(message);
    const record = resource === 'users'
      ? await create('users', { account: `nogender${dialect}` })
      : await create('receive-money', { title: 'Must keep', amount: 5, currency: 'CNY' });
    const error = await dataProvider.update(resource, { id: record.id as number, data: { ...record, [field]: cleared }, previousData: record }).catch((e) => e);
    expect(error.status).toBe(400);
    expect(error.body.data.errors).toEqual([expect.objectContaining({ field, message })]);
    expect((await take(resource, record.id))[field]).toEqual(record[field]);
  });

  it('a blank password or generated trade number keeps the stored one', async () => {
    const order = await create('receive-money', { title: 'Keeps no', amount: 5, currency: 'CNY' });
    await dataProvider.update('receive-money', { id: order.id as number, data: { ...order, tradeNo: null }, previousData: order });
    expect((await take('receive-money', order.id)).tradeNo).toBe(order.tradeNo);
    const user = await create('users', { account: 'keepspass', password: 'secret-123' });
    await dataProvider.update('users', { id: user.id as number, data: { ...user, password: null }, previousData: user });
    expect((await current.call('POST', '/api/comm/sign-in', { account: 'keepspass', password: 'secret-123' })).status).toBe(200);
  });
});
