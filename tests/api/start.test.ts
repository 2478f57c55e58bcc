/**
 * What a start says and refuses, as an operator reads it in a terminal or a
 * process manager's log: a DATABASE_URL that names no database Paydesk
 * speaks stops the start before anything is created; otherwise the first
 * lines say which database and cache it runs on (no password), where the
 * console is and what a pay link looks like, plus the admin's password on
 * the first start only.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freshDatabase, startServer } from '../multi/server-process';
import { MYSQL_URL, requireService } from '../support/services';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'paydesk-start-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

/** Runs server/main.ts to its end; resolves with the exit code and everything it printed. */
function runToExit(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT, env: { ...process.env, HOST: '127.0.0.1', PORT: '0', ...env }, stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => { output += chunk; });
  child.stderr.on('data', (chunk) => { output += chunk; });
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  return new Promise((resolve) => child.once('exit', (code) => { clearTimeout(timer); resolve({ code, output }); }));
}

/** The opening block: the lines before the first line of the request log (JSON). */
const openingBlock = (output: string) => output.split('\n').filter((line) => line && !line.startsWith('{'));

describe('DATABASE_URL', () => {
  // One process here; the other refused forms are in tests/unit/database-url.test.ts.
  it.each(['postgres://pay:s3cret@db/paydesk'])(
    'stops the start on %s, naming the accepted forms, and creates nothing', async (url) => {
      const dir = tempDir();
      const { code, output } = await runToExit({ DATABASE_URL: url, DATA_DIR: path.join(dir, 'data'), CONFIG_DIR: path.join(dir, 'config') });
      expect(code).toBe(1);
      expect(output).toContain('Paydesk did not start: DATABASE_URL');
      for (const form of ['mysql://', 'mariadb://', 'sqlite:<path>']) expect(output).toContain(form);
      expect(output).not.toContain('s3cret');
      expect(fs.readdirSync(dir)).toEqual([]);
    },
  );
});

describe('the opening block on SQLite', () => {
  it('says database, cache, console and pay link, and the admin password on the first start only', async () => {
    const dir = tempDir();
    const env = { DATA_DIR: path.join(dir, 'data'), CONFIG_DIR: path.join(dir, 'config'), DATABASE_URL: `sqlite:${path.join(dir, 'site.db')}`, ADMIN_PASSWORD: '', LOG: 'on' };
    const first = await startServer(env);
    expect(await first.stop()).toBe(0);
    const port = new URL(first.url).port;
    const block = openingBlock(first.output());
    expect(block.slice(0, 6)).toEqual([
      `Paydesk is listening on 127.0.0.1:${port}`,
      `  database  SQLite, ${path.join(dir, 'site.db')}`,
      `  cache     files in ${path.join(dir, 'data', 'runtime', 'cache', 'INIS')}`,
      `  console   http://127.0.0.1:${port}/#/admin`,
      `  pay link  http://127.0.0.1:${port}/#/pay/emit?tradeNo=<tradeNo>`,
      expect.stringMatching(/^ {2}admin {5}created: sign in as "admin" with password "[\w-]{12}" \(shown once\)$/),
    ]);
    // First, however slow the start: the request log (here a warning that data/storage is missing) waits for it.
    expect(first.output().indexOf('Paydesk is listening')).toBe(0);

    const second = await startServer(env);
    expect(await second.stop()).toBe(0);
    expect(second.output()).toContain('  database  SQLite');
    expect(second.output()).not.toContain('admin     ');
    expect(second.output()).not.toContain('password');
  }, 120_000);
});

describe.skipIf(requireService('mysql', 'a start on mariadb://'))('the opening block on MariaDB', () => {
  it('starts on a mariadb:// URL and names the database and host, not the password', async () => {
    const database = await freshDatabase(MYSQL_URL!);
    try {
      const url = new URL(database.url);
      const dir = tempDir();
      const server = await startServer({
        DATABASE_URL: `mariadb:${database.url.slice('mysql:'.length)}`, DATA_DIR: path.join(dir, 'data'), CONFIG_DIR: path.join(dir, 'config'), ADMIN_PASSWORD: 'given-pass-123',
      });
      expect(await server.stop()).toBe(0);
      const block = openingBlock(server.output());
      expect(block[1]).toBe(`  database  MySQL/MariaDB, database "${url.pathname.slice(1)}" on ${url.hostname}:${url.port || 3306} as ${url.username}`);
      expect(block[5]).toBe('  admin     created: sign in as "admin" with the password ADMIN_PASSWORD gave');
      expect(server.output()).not.toContain('given-pass-123');
    } finally {
      await database.drop();
    }
  }, 120_000);
});
