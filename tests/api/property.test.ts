/**
 * Property-based tests: whatever a client sends to `rows` or `create`, the
 * answer is a success or a 400 that names what it refused, never a 500.
 * Keys come from the real field names with every operator suffix, the
 * reserved parameters, junk, and names that exist on every JS object.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources, type ResourceName } from '../../schema';
import { DIALECTS } from '../support/app';
import { adminApi, label, type Api, type Reply } from '../support/fixtures';

const TABLES: ResourceName[] = ['users', 'receive-money', 'tags'];
/** Names every object has: a lookup by a client's key must not find them. */
const OBJECT_KEYS = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'prototype'];

const fieldNames = (r: ResourceName) => Object.keys(resources[r].fields);

const text = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom('', ' ', ',', ',,', '%', '_', '!', "'", '"', '\\', '1,2', '0', '-1', '1.5', '1e3', 'NaN', 'null', 'true', "' OR 1=1 --", 'x'.repeat(300)),
  fc.integer().map(String),
  fc.double({ noNaN: false }).map(String),
);

function orderText(r: ResourceName) {
  const part = fc.tuple(fc.oneof(fc.constantFrom(...fieldNames(r), ...OBJECT_KEYS), fc.string({ maxLength: 10 })), fc.constantFrom('', ' asc', ' desc', ' DESC', ' up', '; drop table users'))
    .map(([c, d]) => c + d);
  return fc.tuple(fc.array(part, { minLength: 1, maxLength: 3 }), fc.constantFrom(',', ', ', ' , ', ',,')).map(([parts, sep]) => parts.join(sep));
}

function queryKey(r: ResourceName) {
  return fc.oneof(
    fc.tuple(fc.constantFrom(...fieldNames(r), ...OBJECT_KEYS), fc.constantFrom('', '_like', '_gte', '_lte', '_in', '_eq', '__like')).map(([k, s]) => k + s),
    fc.constantFrom('page', 'limit', 'q', 'onlyTrashed', 'ids', '_'),
    fc.string({ minLength: 1, maxLength: 12 }),
  );
}

function query(r: ResourceName) {
  return fc.tuple(
    fc.array(fc.tuple(queryKey(r), text), { maxLength: 5 }),
    fc.option(orderText(r), { nil: undefined }),
  ).map(([pairs, order]) => {
    const params = new URLSearchParams(pairs);
    if (order !== undefined) params.append('order', order);
    return params;
  });
}

function body(r: ResourceName) {
  const key = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...fieldNames(r)) },
    { weight: 1, arbitrary: fc.constantFrom(...OBJECT_KEYS) },
    { weight: 1, arbitrary: fc.string({ maxLength: 10 }) },
  );
  const value = fc.oneof(
    text,
    fc.integer(),
    fc.double(),
    fc.constantFrom(0, 1, -1, 1.005, 2 ** 31, 2 ** 53, 1e12, 1e15, -1e15, null, true, false, [], {}),
    fc.jsonValue({ maxDepth: 2 }),
  );
  return fc.dictionary(key, value, { maxKeys: 6 });
}

/** The culprit of a 400, named in `msg` by its key or its label (order: by the text refused). */
function expectNamed(res: Reply, r: ResourceName, sent: string) {
  const first = res.body.data?.errors?.[0]?.field as string | undefined;
  expect(typeof first, res.text).toBe('string');
  const names = [JSON.stringify(first), label(r, first!.split('.')[0]!), ...[first!, ...sent.split(/[\s,;]+/)].filter(Boolean)];
  expect(names.some((n) => res.body.msg.includes(n)), `${res.body.msg} names ${first}`).toBe(true);
}

describe.each(DIALECTS)('random input on %s', (dialect) => {
  let api: Api;
  beforeAll(async () => {
    api = await adminApi(dialect);
  }, 60_000);
  afterAll(() => api?.close());

  it('rows answers 200 or a 400 naming the culprit, never a 500', async () => {
    const arb = fc.tuple(fc.constantFrom(...TABLES), fc.constant(null)).chain(([r]) => fc.tuple(fc.constant(r), query(r)));
    await fc.assert(fc.asyncProperty(arb, async ([r, params]) => {
      const res = await api.call('GET', `/api/${r}/rows?${params}`);
      expect([200, 400], `${r}?${params}: ${res.text.slice(0, 300)}`).toContain(res.status);
      if (res.status === 200) expect(res.body.data).toMatchObject({ total: expect.any(Number), rows: expect.any(Array) });
      else expectNamed(res, r, params.get('order') ?? '');
    }), { numRuns: 250 });
  }, 120_000);

  it('create answers 201 or a 400 naming the culprit, never a 500', async () => {
    const arb = fc.constantFrom(...TABLES).chain((r) => fc.tuple(fc.constant(r), body(r)));
    await fc.assert(fc.asyncProperty(arb, async ([r, sent]) => {
      // Hashing is slow, and a password's handling is tested on its own.
      if (r === 'users') delete sent.password;
      const res = await api.call('POST', `/api/${r}/create`, sent);
      expect([201, 400], `${r} ${JSON.stringify(sent)}: ${res.text.slice(0, 300)}`).toContain(res.status);
      if (res.status === 201) expect(res.body.data.id).toBeGreaterThan(0);
      // The JSON parser refuses a body that could poison prototypes whole, before any field is read.
      else if (res.body.data === null) {
        expect(JSON.stringify(sent)).toMatch(/"__proto__"|"constructor":\{.*"prototype"/);
        expect(res.body.msg).toBe('The request body is not valid JSON');
      } else expectNamed(res, r, '');
    }), { numRuns: 200 });
  }, 120_000);
});
