/**
 * ReDoS (issue 10, item 3): one anonymous request used to stall the server
 * for seconds, because the email pattern backtracked quadratically on a long
 * run of dots and the `max` check did not stop the pattern from running.
 * Without timing anything, these tests count the work: a field's pattern must
 * never be run on a value longer than the field allows. (How long the
 * patterns take on their worst inputs is a figure of `npm run bench regex`.)
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { users } from '../../schema';
import { DIALECTS, makeApp, type TestApp } from '../support/app';

/** The field patterns of accounts (today's and the email pattern before the fix). */
const FIELD_PATTERNS = new Set([/^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/.source, /^[^\s@]+@[^\s@]+\.[^\s@]+$/.source, /^1[3-9]\d{9}$/.source, /^[a-zA-Z0-9]+$/.source]);
const DOTS = 'a@' + '.'.repeat(25_000) + ' ';

describe.each(DIALECTS)('patterns never see over-long input on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  /** Sources of field patterns that were run on a value over 1 KB. */
  let longRuns: string[];
  beforeAll(async () => {
    t = await makeApp({ dialect });
    admin = await t.signIn();
  });
  afterAll(() => t?.close());
  beforeEach(() => {
    longRuns = [];
    const test = RegExp.prototype.test;
    vi.spyOn(RegExp.prototype, 'test').mockImplementation(function (this: RegExp, input: string) {
      if (typeof input === 'string' && input.length > 1024 && FIELD_PATTERNS.has(this.source)) longRuns.push(this.source);
      return test.call(this, input);
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it('refuses 25 KB of dots as the target of a code without running a pattern on it', async () => {
    for (const url of ['/api/comm/sign-code', '/api/comm/sign-up', '/api/comm/reset-password']) {
      const body = url.endsWith('reset-password') ? { social: DOTS, account: 'admin' } : { social: DOTS };
      const res = await t.call('POST', url, body);
      expect(res.status, `${url}: ${res.text.slice(0, 200)}`).toBe(400);
      expect(res.body.data.errors[0].field).toBe('social');
    }
    expect(longRuns).toEqual([]);
  });

  it('checks a field\'s length before its pattern, on every write', async () => {
    const create = await t.call('POST', '/api/users/create', { account: 'a'.repeat(5000), email: DOTS, phone: '1'.repeat(5000) }, admin);
    expect(create.status).toBe(400);
    expect(create.body.data.errors.map((e: { field: string }) => e.field).sort()).toEqual(['account', 'email', 'phone']);
    const comment = await t.call('POST', '/api/comment/create', { email: DOTS }, admin);
    expect(comment.status).toBe(400);
    expect(longRuns).toEqual([]);
  });

  it('still accepts and refuses ordinary addresses as before', () => {
    const email = users.fields.email.input;
    for (const ok of ['a@b.co', 'first.last@mail.example.com', 'x+tag@sub.domain.org']) expect(email.safeParse(ok).success, ok).toBe(true);
    for (const bad of ['a@b', 'a@@b.com', 'a b@c.com', 'a@b.', 'a@.b', '@b.com']) expect(email.safeParse(bad).success, bad).toBe(false);
  });

  it('refuses an over-long order list before parsing it', async () => {
    const res = await t.call('GET', `/api/users/rows?order=${encodeURIComponent('id' + ' '.repeat(3000) + 'x')}`, undefined, admin);
    expect(res.status).toBe(400);
    expect(res.body.data.errors[0].field).toBe('order');
  });
});
