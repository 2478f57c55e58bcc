/**
 * Issue 11 item 25: what the first start and `npm run seed` write follows the
 * product's own rules: the super-admin group is named in the install's
 * language (from the catalogs), and every demo account passes the users
 * schema (an account is 4-32 letters and digits), and a second run adds nothing.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { users } from '../../schema';
import { decimalsOf, minorDigits } from '../../schema/money';
import { DEMO_COUNTS, seedDemo } from '../../scripts/seed-demo';
import { DIALECTS, makeApp, type TestApp } from '../support/app';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const execFileAsync = promisify(execFile);

// Each test builds its own app, inside the test: on MariaDB that is a migration, which a busy machine can stretch past 30 s.
describe.each(DIALECTS)('first start on %s', { timeout: 90_000 }, (dialect) => {
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

  it('seeds demo users that each pass the users schema, once: a second run adds nothing (npm run seed)', async () => {
    const t = await makeApp({ dialect });
    apps.push(t);
    const admin = await t.signIn();
    // Counted in the database: the API's own calls would add log rows of their own.
    const totals = () => Promise.all(['users', 'receive_money', 'logs', 'auth_group'].map(async (table) =>
      Number((await t.app.db.any.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)));
    expect(await seedDemo(t.app.paydesk.db)).toEqual(DEMO_COUNTS);
    const once = await totals();
    expect(await seedDemo(t.app.paydesk.db)).toEqual({ users: 0, orders: 0, logs: 0 });
    expect(await totals()).toEqual(once);

    const rows = (await t.call('GET', '/api/users/rows?limit=50', undefined, admin)).body.data.rows;
    expect(rows.length).toBeGreaterThan(1);
    for (const row of rows) {
      for (const field of ['account', 'nickname', 'phone', 'email'] as const) {
        expect(users.fields[field].input.safeParse(row[field]).success, `${row.account}.${field} = ${row[field]}`).toBe(true);
      }
    }
    // Every demo amount is one the API itself would take: no yen with decimals (issue 31 item 4).
    const orders = await t.app.db.any.selectFrom('receive_money').select(['amount', 'currency', 'paidAmount']).execute();
    const finer = orders.filter((o) => decimalsOf(Number(o.amount)) > minorDigits(o.currency) || decimalsOf(Number(o.paidAmount)) > minorDigits(o.currency));
    expect(orders.some((o) => o.currency === 'JPY')).toBe(true);
    expect(finer).toEqual([]);
  });
});

describe('npm run seed, run twice', () => {
  it('seeds on the first run and says the second added nothing', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'paydesk-seed-'));
    const run = () => execFileAsync(process.execPath, ['--import', 'tsx', 'scripts/seed.ts'], {
      cwd: ROOT, env: { ...process.env, DATA_DIR: path.join(dir, 'data'), CONFIG_DIR: path.join(dir, 'config'), DATABASE_URL: '', ADMIN_PASSWORD: 'admin-pass-123' },
    });
    try {
      expect((await run()).stdout).toContain(`Seeded ${DEMO_COUNTS.users} users`);
      expect((await run()).stdout).toContain('The demo data is already there: nothing added.');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
