/**
 * Issue 11 item 25: what the first start and `npm run seed` write follows the
 * product's own rules: the super-admin group is named in the install's
 * language (from the catalogs), and every demo account passes the users
 * schema (SPEC §5: 4-32 letters and digits).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { users } from '../../schema';
import { seedDemo } from '../../scripts/seed-demo';
import { DIALECTS, makeApp, type TestApp } from '../support/app';

describe.each(DIALECTS)('first start on %s', (dialect) => {
  const apps: TestApp[] = [];
  afterAll(() => Promise.all(apps.map((a) => a.close())));

  async function superGroupName(lang?: 'en-us' | 'ja-jp') {
    const t = await makeApp({ dialect, ...(lang && { lang }) });
    apps.push(t);
    const admin = await t.signIn();
    return (await t.call('GET', '/api/auth-group/find?no=super-admin', undefined, admin)).body.data[0].name;
  }

  it('names the super-admin group in Chinese by default', async () => {
    expect(await superGroupName()).toBe('超级管理员');
  });

  it('names the super-admin group in the install language when given', async () => {
    expect(await superGroupName('ja-jp')).toBe('スーパー管理者');
  });

  it('seeds demo users that each pass the users schema (npm run seed)', async () => {
    const t = await makeApp({ dialect });
    apps.push(t);
    await seedDemo(t.app.paydesk.db);
    const admin = await t.signIn();
    const rows = (await t.call('GET', '/api/users/rows?limit=50', undefined, admin)).body.data.rows;
    expect(rows.length).toBeGreaterThan(1);
    for (const row of rows) {
      for (const field of ['account', 'nickname', 'phone', 'email'] as const) {
        expect(users.fields[field].input.safeParse(row[field]).success, `${row.account}.${field} = ${row[field]}`).toBe(true);
      }
    }
  });
});

