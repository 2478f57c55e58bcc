/**
 * What a deployer reads when a start fails (issue 33 item 1): exit code 1 and
 * one line naming the cause and the fix with the real values, in the
 * install's language (INSTALL_LANG), no stack unless DEBUG=1. Each failure
 * is the real built server (build/server/main.js, what `npm run serve` and
 * `npm start` run), built once into a copy of the sources; the cases run side
 * by side, in en-us and zh-cn.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { t } from '../../server/i18n';
import { processUser } from '../../server/places';
import { freePort } from '../multi/server-process';
import { MYSQL_URL, requireService } from '../support/services';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const COPIED = ['package.json', 'package-lock.json', 'tsconfig.json', 'scripts/start.mjs', 'server', 'schema'];
type Lang = 'en-us' | 'zh-cn';
/** Root can write anywhere: the unwritable-folder cases run the server as `nobody`, as a service runs as its own user. */
const AS_NOBODY = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : undefined;

/** Under load (2 cores, several suites at once) a start of the bundle alone can take 10 s. */
const SLOW = { timeout: 600_000 };

let dir: string;
let busy: net.Server;
let busyPort: number;

interface Run { code: number | null; stdout: string; stderr: string }

/** At most this many starts at once: more only thrash two cores (each start is about 2 s of CPU). */
let slots = 4;
const waiting: Array<() => void> = [];
async function run(command: string[], env: Record<string, string | undefined>, user?: { uid: number; gid: number }): Promise<Run> {
  if (slots === 0) await new Promise<void>((resolve) => waiting.push(resolve));
  else slots--;
  try {
    return await runNow(command, env, user);
  } finally {
    const next = waiting.shift();
    if (next) next();
    else slots++;
  }
}

function runNow(command: string[], env: Record<string, string | undefined>, user?: { uid: number; gid: number }): Promise<Run> {
  const child = spawn(command[0]!, command.slice(1), {
    cwd: dir, stdio: ['ignore', 'pipe', 'pipe'], ...user,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG: 'off', DEBUG: '', ADMIN_PASSWORD: 'admin-pass-123', ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => { stdout += chunk; });
  child.stderr.on('data', (chunk) => { stderr += chunk; });
  const timer = setTimeout(() => child.kill('SIGKILL'), 180_000);
  return new Promise((resolve) => child.once('exit', (code) => { clearTimeout(timer); resolve({ code, stdout, stderr }); }));
}

/** A case's own folders: a data and a settings folder nothing else uses. */
function places(name: string) {
  const base = path.join(dir, 'cases', name);
  fs.mkdirSync(base, { recursive: true });
  return { base, DATA_DIR: path.join(base, 'data'), CONFIG_DIR: path.join(base, 'config') };
}

const built = (env: Record<string, string | undefined>, user?: { uid: number; gid: number }) =>
  run([process.execPath, 'build/server/main.js'], { STATIC_DIR: path.join(dir, 'front'), ...env }, user);

/** Exit 1 and exactly `line` as the whole output: no stack, nothing before or after. */
function expectOneLine(result: Run, line: string) {
  expect(result.code, result.stdout + result.stderr).toBe(1);
  expect(result.stdout).toBe('');
  expect(result.stderr).toBe(`${line}\n`);
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'paydesk-start-failures-'));
  fs.chmodSync(dir, 0o755);
  for (const item of COPIED) fs.cpSync(path.join(ROOT, item), path.join(dir, item), { recursive: true });
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  // A front end that STATIC_DIR names, so the cases below fail for their own reason.
  fs.mkdirSync(path.join(dir, 'front'));
  fs.writeFileSync(path.join(dir, 'front', 'index.html'), '<div id="app"></div>');
  const build = await run([process.execPath, 'scripts/start.mjs', '--build'], { STATIC_DIR: path.join(dir, 'front') });
  if (build.code !== 0) throw new Error(`the server build failed:\n${build.stdout}${build.stderr}`);
  busy = net.createServer();
  busyPort = await new Promise<number>((resolve) => busy.listen(0, '127.0.0.1', () => resolve((busy.address() as net.AddressInfo).port)));
}, 120_000);
afterAll(() => {
  busy?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

// Each case once, in one of the two languages by turns: every process is a whole start (about 2 s of CPU).
describe.concurrent('a start that fails, in en-us and zh-cn', () => {
  const say = (lang: Lang, key: string, params: Record<string, unknown>) => t(lang, `startup.${key}`, params);
  const user = AS_NOBODY ? 'nobody' : processUser();

  it('says the port is in use, and by which address; DEBUG=1 adds the stack', SLOW, async () => {
    const [plain, debug] = await Promise.all([
      built({ ...places('port'), INSTALL_LANG: 'en-us', PORT: String(busyPort) }),
      built({ ...places('port-debug'), INSTALL_LANG: 'zh-cn', PORT: String(busyPort), DEBUG: '1' }),
    ]);
    expectOneLine(plain, say('en-us', 'port_in_use', { address: `127.0.0.1:${busyPort}` }));
    expect(plain.stderr).toMatch(/^Paydesk did not start: 127\.0\.0\.1:\d+ is already in use by another program\. Stop that program, or set PORT/);
    expect(debug.code).toBe(1);
    expect(debug.stderr).toContain('EADDRINUSE');
    expect(debug.stderr).toMatch(/\n\s+at /);
    expect(debug.stderr.trimEnd().split('\n').at(-1)).toBe(say('zh-cn', 'port_in_use', { address: `127.0.0.1:${busyPort}` }));
  });

  it('says nothing accepts database connections, or the host is unknown, naming DATABASE_URL without its password', SLOW, async () => {
    const closed = await freePort();
    const [refused, unknown] = await Promise.all([
      built({ ...places('refused'), INSTALL_LANG: 'zh-cn', DATABASE_URL: `mysql://paydesk:s3cret@127.0.0.1:${closed}/paydesk` }),
      built({ ...places('unknown'), INSTALL_LANG: 'en-us', DATABASE_URL: 'mariadb://paydesk:s3cret@db.invalid/paydesk' }),
    ]);
    expectOneLine(refused, say('zh-cn', 'db_refused', { host: '127.0.0.1', port: closed, url: `mysql://paydesk:***@127.0.0.1:${closed}/paydesk` }));
    expect(refused.stderr).toMatch(/^Paydesk 未能启动：127\.0\.0\.1:\d+ 上没有程序接受数据库连接/);
    expectOneLine(unknown, say('en-us', 'db_unreachable', { host: 'db.invalid', port: 3306, code: 'ENOTFOUND', url: 'mariadb://paydesk:***@db.invalid/paydesk' }));
  });

  it.skipIf(requireService('mysql', 'a wrong MariaDB password and a missing database'))('says the password is wrong, or the database missing', SLOW, async () => {
    const base = new URL(MYSQL_URL!);
    const wrong = new URL(base);
    wrong.password = 'not-the-password';
    const missing = new URL(base);
    missing.pathname = '/pd_no_such_database';
    const [denied, absent] = await Promise.all([
      built({ ...places('denied'), INSTALL_LANG: 'en-us', DATABASE_URL: wrong.toString() }),
      built({ ...places('missing'), INSTALL_LANG: 'zh-cn', DATABASE_URL: missing.toString() }),
    ]);
    const where = { host: base.hostname, port: Number(base.port || 3306), user: base.username };
    expectOneLine(denied, say('en-us', 'db_denied', { ...where, database: base.pathname.slice(1), url: wrong.toString().replace('not-the-password', '***') }));
    expect(denied.stderr).not.toContain('not-the-password');
    expectOneLine(absent, say('zh-cn', 'db_missing', { ...where, database: 'pd_no_such_database', url: missing.toString() }));
  });

  it('names DATA_DIR and the user when the data folder or a restored database cannot be written', SLOW, async () => {
    const locked = places('locked');
    // A folder the server's user may not create anything in.
    fs.mkdirSync(locked.DATA_DIR);
    fs.chmodSync(locked.DATA_DIR, 0o555);
    const restored = places('restored');
    // A database restored by another user: the folder is open, the file is not the server's to write.
    fs.mkdirSync(restored.DATA_DIR);
    fs.chmodSync(restored.DATA_DIR, 0o777);
    fs.writeFileSync(path.join(restored.DATA_DIR, 'paydesk.db'), '');
    fs.chmodSync(path.join(restored.DATA_DIR, 'paydesk.db'), 0o444);
    for (const p of [locked, restored]) {
      fs.mkdirSync(p.CONFIG_DIR);
      fs.chmodSync(p.CONFIG_DIR, 0o777);
    }
    const [a, b] = await Promise.all([
      built({ ...locked, INSTALL_LANG: 'zh-cn' }, AS_NOBODY),
      built({ ...restored, INSTALL_LANG: 'en-us' }, AS_NOBODY),
    ]);
    expectOneLine(a, say('zh-cn', 'dir_unwritable', { what: say('zh-cn', 'data_dir', {}), path: locked.DATA_DIR, dir: locked.DATA_DIR, user, variable: 'DATA_DIR' }));
    expectOneLine(b, say('en-us', 'dir_unwritable', { what: say('en-us', 'data_dir', {}), path: restored.DATA_DIR, dir: restored.DATA_DIR, user, variable: 'DATA_DIR' }));
    expect(b.stderr).toContain(`chown -R ${user} ${restored.DATA_DIR}`);
  });

  it('names the settings file at its real path, the full key and the problem in words, once', SLOW, async () => {
    const cases = [
      ['value', 'en-us', 'cache.toml', '[redis]\nport = 70000\n'],
      ['type', 'zh-cn', 'pay.toml', '[callback]\ntimeout = "soon"\n'],
      ['unknown', 'zh-cn', 'pay.toml', '[stripe]\nsecrt_key = "sk_test"\n'],
      ['syntax', 'en-us', 'pay.toml', '[stripe\nsecret_key = "x"\n'],
    ] as const;
    const results = await Promise.all(cases.map(([name, lang, file, text]) => {
      const p = places(`settings-${name}`);
      fs.mkdirSync(p.CONFIG_DIR);
      fs.writeFileSync(path.join(p.CONFIG_DIR, file), text);
      return built({ ...p, INSTALL_LANG: lang }).then((result) => ({ result, at: path.join(p.CONFIG_DIR, file) }));
    }));
    const [value, type, unknown, syntax] = results;
    expectOneLine(value!.result, say('en-us', 'settings_value', { path: value!.at, key: 'redis.port', message: t('en-us', 'validation.port') }));
    expectOneLine(type!.result, say('zh-cn', 'settings_value', { path: type!.at, key: 'callback.timeout', message: t('zh-cn', 'validation.integer') }));
    expectOneLine(unknown!.result, say('zh-cn', 'settings_unknown', { path: unknown!.at, key: 'stripe.secrt_key' }));
    expectOneLine(syntax!.result, say('en-us', 'settings_syntax', { path: syntax!.at, line: 1, column: 8, text: '[stripe' }));
    for (const { result } of results) expect(result.stderr).not.toContain('validation.');
  });

  it('refuses a second process on one SQLite database, pointing to MySQL/MariaDB', SLOW, async () => {
    const p = places('sqlite-lock');
    fs.mkdirSync(p.DATA_DIR);
    const lock = path.join(p.DATA_DIR, 'paydesk.db.lock');
    // Held by a live process on this host: this test's own.
    fs.writeFileSync(lock, JSON.stringify({ pid: process.pid, host: os.hostname() }));
    const result = await built({ ...p, INSTALL_LANG: 'zh-cn' });
    expectOneLine(result, say('zh-cn', 'sqlite_in_use', { file: path.join(p.DATA_DIR, 'paydesk.db'), pid: process.pid, lock }));
    expect(result.stderr).toContain('MySQL/MariaDB');
    expect(fs.readFileSync(lock, 'utf8')).toContain(String(process.pid));
  });

  it('npm run serve refuses without a built front end; npm start says the port is in use in the same one line', SLOW, async () => {
    const [serve, start] = await Promise.all([
      run(['npm', 'run', 'serve'], { ...places('npm-serve'), INSTALL_LANG: 'en-us', STATIC_DIR: undefined }),
      run(['npm', 'start'], { ...places('npm-start'), INSTALL_LANG: 'zh-cn', PORT: String(busyPort), STATIC_DIR: path.join(dir, 'front') }),
    ]);
    // npm prints the script it runs ("> paydesk@0.1.0 serve"); the server's own words are the one line.
    const npmLines = (out: string) => out.split('\n').filter((line) => line && !line.startsWith('> '));
    expect(serve.code).toBe(1);
    expect(npmLines(serve.stdout)).toEqual([]);
    expect(serve.stderr).toBe(`${say('en-us', 'front_end_missing', { dir: path.join(dir, 'dist') })}\n`);
    expect(start.code).toBe(1);
    expect(npmLines(start.stdout)).toEqual([]);
    expect(start.stderr).toBe(`${say('zh-cn', 'port_in_use', { address: `127.0.0.1:${busyPort}` })}\n`);
  });
});
