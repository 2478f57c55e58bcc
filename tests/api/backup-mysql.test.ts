/**
 * Backup and restore on MySQL/MariaDB: the README's own `mysqldump` and
 * `mysql` commands (read from the README, so what it tells operators is what
 * is tested), run against MariaDB while the app is up, restore a database a
 * new app serves with the orders, the token and the API key of the first.
 * `npm run backup` there says to use mysqldump and keeps the settings, which
 * `npm run restore` puts back beside the restored database.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createConnection } from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBackup } from '../../scripts/backup/make';
import { restoreBackup } from '../../scripts/backup/unpack';
import { makeApp, type TestApp } from '../support/app';
import { MYSQL_URL, requireService } from '../support/services';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The README's commands for MySQL/MariaDB, in its order: dump, create, load. */
function readmeCommands(): string[] {
  const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Backup and restore'), readme.indexOf('\n## ', readme.indexOf('## Backup and restore') + 1));
  return section.split('\n').filter((line) => /^(mysqldump|mysql) /.test(line));
}

function missingClients(): string | null {
  const absent = ['mysqldump', 'mysql'].filter((tool) => spawnSync(tool, ['--version']).error);
  if (!absent.length) return null;
  const reason = `the README's MySQL backup commands not tested: ${absent.join(' and ')} not found (apt-get install mariadb-client)`;
  if (process.env.CI === 'true') throw new Error(`CI=true but ${reason}`);
  console.warn(`skipping: ${reason}`);
  return reason;
}

const skip = requireService('mysql', 'backup and restore on MariaDB') ?? missingClients();

describe.skipIf(skip)('backup and restore on MariaDB', () => {
  const name = `pd_dump_${randomBytes(4).toString('hex')}`;
  const names = [name, `${name}_restored`];
  const server = new URL(MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/');
  const urlOf = (database: string) => Object.assign(new URL(server.href), { pathname: `/${database}` }).toString();
  const admin = async (statement: string) => {
    const c = await createConnection(server.href);
    await c.query(statement);
    await c.end();
  };
  let root: string;
  let first: TestApp;

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'paydesk-mysqldump-'));
    await admin(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    first = await makeApp({ databaseUrl: urlOf(name), dataDir: path.join(root, 'data'), configDir: path.join(root, 'config') });
  });
  afterAll(async () => {
    await first?.close();
    for (const database of names) await admin(`DROP DATABASE IF EXISTS \`${database}\``);
    fs.rmSync(root, { recursive: true, force: true });
  });

  /** One README line with this server and database in place of its examples, run by bash as an operator would. */
  function run(line: string, database: string) {
    const connection = `-h ${server.hostname} -P ${server.port || 3306} -u ${decodeURIComponent(server.username) || 'root'}`;
    const command = line.replace('-h db.internal -u paydesk -p', connection).replace(/\bpaydesk\b(?!\.sql)/g, database);
    const result = spawnSync('bash', ['-c', command], { cwd: root, encoding: 'utf8', env: { ...process.env, MYSQL_PWD: decodeURIComponent(server.password) } });
    expect(result.status, `${command}\n${result.stderr}`).toBe(0);
  }

  it('the README\'s mysqldump and mysql commands bring back the orders, the token and the API key', async () => {
    const commands = readmeCommands();
    expect(commands.map((line) => line.split(' ')[0])).toEqual(['mysqldump', 'mysql', 'mysql']);
    expect(commands[0]).toContain('--single-transaction');
    const token = await first.signIn();
    const key = (await first.call('POST', '/api/api-keys/create', { name: 'shop server' }, token)).body.data.key as string;
    const made: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await first.call('POST', '/api/receive-money/create', { title: `Order ${i}`, amount: 9.5, currency: 'USD', payUrl: 'https://pay.example.com/x' }, key);
      expect(res.status, res.text).toBe(201);
      made.push(res.body.data.tradeNo);
    }

    // Dumped while the first app is still up, as on a live site.
    run(commands[0]!, name);
    expect(fs.statSync(path.join(root, 'paydesk.sql')).size).toBeGreaterThan(0);
    run(commands[1]!, names[1]!);
    run(commands[2]!, names[1]!);

    const second = await makeApp({ databaseUrl: urlOf(names[1]!), configDir: first.configDir });
    try {
      const found = await second.call('GET', '/api/receive-money/find?limit=100', undefined, key);
      expect(found.status, found.text).toBe(200);
      expect((found.body.data as Array<{ tradeNo: string }>).map((o) => o.tradeNo).sort()).toEqual([...made].sort());
      expect((await second.call('GET', '/api/users/rows?limit=1', undefined, token)).status).toBe(200);
    } finally {
      await second.close();
    }
  });

  it('npm run backup on MariaDB says to use mysqldump and keeps the settings, which restore puts beside the restored database', async () => {
    const archive = path.join(root, 'settings.tar.gz');
    const report = await makeBackup({ dataDir: first.dataDir, configDir: first.configDir, databaseUrl: urlOf(name) }, archive);
    expect(report.manifest.database).toEqual({ dialect: 'mysql' });
    expect(report.manifest.files.map((f) => f.name)).toContain('config/crypt.toml');
    expect(report.manifest.files.some((f) => f.name.startsWith('database/'))).toBe(false);

    const fresh = { dataDir: path.join(root, 'new', 'data'), configDir: path.join(root, 'new', 'config') };
    await expect(restoreBackup({ ...fresh, databaseUrl: undefined }, archive)).rejects.toThrow(/made on MySQL\/MariaDB and holds no database/);
    expect(fs.existsSync(fresh.configDir)).toBe(false);
    await restoreBackup({ ...fresh, databaseUrl: urlOf(names[1]!) }, archive);
    expect(fs.readFileSync(path.join(fresh.configDir, 'crypt.toml'), 'utf8')).toBe(fs.readFileSync(path.join(first.configDir, 'crypt.toml'), 'utf8'));
  });
});
