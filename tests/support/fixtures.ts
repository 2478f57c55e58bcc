/**
 * What the engine suites share: an app signed in as admin that answers in
 * English (so a message can be checked for the field it names), helpers that
 * create rows through the API, and the checks every refusal must pass.
 */
import { expect } from 'vitest';
import { resources, type ResourceName } from '../../schema';
import { translate } from '../../schema/i18n';
import common from '../../schema/i18n/common';
import { makeApp, type TestApp } from './app';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type Reply = Awaited<ReturnType<TestApp['call']>>;

export interface Api {
  t: TestApp;
  /** A call as the admin (every rule, everyone's rows). */
  call(method: Method, url: string, body?: unknown, headers?: Record<string, string>): Promise<Reply>;
  /** A call without a token, as a payer or a stranger. */
  anon(method: Method, url: string, body?: unknown): Promise<Reply>;
  close(): Promise<void>;
}

const ENGLISH = { cookie: 'lang=en-us' };

export async function adminApi(dialect: 'sqlite' | 'mysql', options: Parameters<typeof makeApp>[0] = {}): Promise<Api> {
  const t = await makeApp({ dialect, ...options });
  const token = await t.signIn();
  const api: Api = {
    t,
    call: (method, url, body, headers) => t.call(method, url, body, token, { ...ENGLISH, ...headers }),
    anon: (method, url, body) => t.call(method, url, body, undefined, ENGLISH),
    close: () => t.close(),
  };
  await withoutRateLimits(api);
  return api;
}

/** These suites test the engine, not the rate limits: they call faster than a person would. */
async function withoutRateLimits(api: Api) {
  const row = dataOf(await api.call('GET', '/api/config/take?key=SYSTEM_SAFETY_API'));
  const qps = { block: { ...row.value.qps.block, enable: false }, limit: { ...row.value.qps.limit, enable: false } };
  dataOf(await api.call('PUT', '/api/config/update', { id: row.id, value: { ...row.value, qps } }));
}

/** The English label of a field, as the server puts it in messages. */
export const label = (resource: string, field: string) => translate(common['en-us'], `resources.${resource}.fields.${field}`);

/**
 * A 400 that names `culprit` (a parameter or a field) in `msg`, by its name
 * or its label, and lists it in `data.errors`.
 */
export function expectRefused(res: Reply, culprit: string, resource?: string) {
  expect(res.status, res.text).toBe(400);
  expect(res.body.code).toBe(400);
  const names = [culprit, ...(resource ? [label(resource, culprit)] : [])];
  expect(names.some((n) => res.body.msg.includes(n)), `"${res.body.msg}" names ${culprit}`).toBe(true);
  expect(res.body.data?.errors?.map((e: { field: string }) => e.field), res.text).toContain(culprit);
}

/** Asserts a 2xx envelope and returns its data. */
export function dataOf(res: Reply, code = 200) {
  expect(res.status, res.text).toBe(code === 204 ? 200 : code);
  expect(res.body.code, res.text).toBe(code);
  return res.body.data;
}

let serial = 0;
/** A short unique suffix, so rows made by one test never collide with another's. */
export const unique = (prefix = 'u') => `${prefix}${Date.now().toString(36).slice(-4)}${(serial++).toString(36)}`;

export async function createRow(api: Api, resource: string, body: Record<string, unknown>) {
  return dataOf(await api.call('POST', `/api/${resource}/create`, body), 201) as Record<string, any>;
}

/** A user; without a password unless given (hashing is slow, and most tests need none). */
export const createUser = (api: Api, body: Record<string, unknown> = {}) =>
  createRow(api, 'users', { account: unique('acct'), ...body });

export const createOrder = (api: Api, body: Record<string, unknown> = {}) =>
  createRow(api, 'receive-money', { title: 'Coffee', amount: 12.5, currency: 'USD', payUrl: 'https://pay.example.com/x', ...body });

/** Every row of a table, live and trashed, by id: what "nothing changed" is checked against. */
export async function everything(api: Api, resource: ResourceName) {
  const live = dataOf(await api.call('GET', `/api/${resource}/find?limit=1000`)) as Array<Record<string, unknown>>;
  const trashed = resources[resource].softDelete
    ? (dataOf(await api.call('GET', `/api/${resource}/find?limit=1000&onlyTrashed=1`)) as Array<Record<string, unknown>>)
    : [];
  return [...live, ...trashed].sort((a, b) => Number(a.id) - Number(b.id));
}

/** The ids of a `rows` answer, in order. */
export async function rowIds(api: Api, resource: string, query = '') {
  const data = dataOf(await api.call('GET', `/api/${resource}/rows?limit=50&${query}`));
  return (data.rows as Array<{ id: number }>).map((r) => r.id);
}
