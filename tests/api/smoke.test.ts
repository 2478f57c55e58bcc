import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, makeApp, type TestApp } from '../support/app';

describe.each(DIALECTS)('smoke on %s', (dialect) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await makeApp({ dialect });
    token = await t.signIn();
  });
  afterAll(() => t?.close());

  it('lists users', async () => {
    const res = await t.call('GET', '/api/users/rows', undefined, token);
    expect(res.body).toMatchObject({ code: 200, data: { total: 1, page: 1, limit: 10 } });
    expect(res.body.data.rows[0].account).toBe('admin');
    expect(res.body.data.rows[0]).not.toHaveProperty('password');
  });
});
