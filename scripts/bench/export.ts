/**
 * Exports at scale (issues 14 and 20): 1,000,000 users streamed by
 * `GET /api/users/export` as CSV and as XLSX (`format=xlsx`), each from a
 * freshly started compiled server on its own core, read by this process as
 * fast as it comes. Reports rows per second and how far the server's
 * resident memory rose above what it used before the export (sampled every
 * 50 ms from /proc). SQLite, and MariaDB when TEST_MYSQL_URL is set.
 * Uncompressed (`accept-encoding: identity`): the streaming, not zlib.
 * `BENCH_EXPORT_ROWS` sets a smaller table for a smoke run.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { createConnection } from 'mysql2/promise';
import { buildApp } from '../../server/app';
import { atLeast, atMost, type Figure } from './figures';
import { startPinned } from './processes';
import { serverArgv } from './server-command';

const ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 1_000_000);
const MYSQL_URL = process.env.BENCH_MYSQL_URL ?? process.env.TEST_MYSQL_URL;
const PASSWORD = 'bench-pass-123';
const COLUMNS = ['nickname', 'account', 'phone', 'email', 'password', 'status', 'gender', 'source', 'avatar', 'describe', 'remark', 'signInIp', 'signUpIp', 'signInTime', 'uid', 'createTime', 'updateTime', 'deleteTime'];
const row = (i: number, now: number) => [`user ${i}`, `user${i}`, '', `user${i}@example.com`, '', 'normal', 'unknown', 'default', '', '', '', '', '', now - i, 1, now - i, now - i, 0];

function rssKB(pid: number): number {
  const match = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) : 0;
}

/** CPU seconds the process has used (user + system), from /proc: a figure a loaded machine does not distort as much as time. */
function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function fill(dataDir: string, databaseUrl?: string) {
  const now = Math.floor(Date.now() / 1000);
  if (databaseUrl) {
    const conn = await createConnection(databaseUrl);
    for (let start = 1; start < ROWS; start += 5000) {
      const rows = Array.from({ length: Math.min(5000, ROWS - start) }, (_, k) => row(start + k, now));
      await conn.query(`INSERT INTO users (${COLUMNS.map((n) => `\`${n}\``).join(', ')}) VALUES ?`, [rows]);
    }
    await conn.end();
    return;
  }
  const raw = new SQLite(path.join(dataDir, 'paydesk.db'));
  const insert = raw.prepare(`INSERT INTO users (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map(() => '?').join(', ')})`);
  raw.transaction(() => { for (let i = 1; i < ROWS; i++) insert.run(...row(i, now)); })();
  raw.close();
}

/** The zip's end-of-central-directory record: an XLSX that ends with it was written whole. */
const ZIP_END = Buffer.from([0x50, 0x4b, 0x05, 0x06]);

/** One export from a fresh server: its rows, bytes, time and the server's RSS before and at its peak. */
async function exportOnce(root: string, format: 'csv' | 'xlsx', env: Record<string, string>) {
  const server = await startPinned(serverArgv(), env, path.join(root, `server-${format}.log`), (url) => fetch(`${url}/api/comm/init`).then((r) => r.ok, () => false));
  try {
    const signIn = await fetch(`${server.url}/api/comm/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ account: 'admin', password: PASSWORD }) });
    const headers = { authorization: `Bearer ${(await signIn.json()).data.token.no}`, 'accept-encoding': 'identity' };
    const warm = await fetch(`${server.url}/api/users/export?limit=10&format=${format}`, { headers });
    await warm.arrayBuffer();
    const before = rssKB(server.pid);
    const cpuBefore = cpuSeconds(server.pid);
    let peak = before;
    const sampler = setInterval(() => { peak = Math.max(peak, rssKB(server.pid)); }, 50);
    const started = performance.now();
    const res = await fetch(`${server.url}/api/users/export?format=${format}`, { headers });
    if (!res.ok) throw new Error(`export answered ${res.status}`);
    let lines = 0;
    let bytes = 0;
    let tail = Buffer.alloc(0);
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      if (format === 'csv') for (let i = 0; i < chunk.length; i++) { if (chunk[i] === 10) lines++; }
      else tail = Buffer.concat([tail, chunk]).subarray(-256);
    }
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, rssKB(server.pid));
    const cpu = cpuSeconds(server.pid) - cpuBefore;
    // An XLSX's rows are inside the zip: a file that ends whole holds the table's rows (every user, the admin too).
    if (format === 'xlsx' && !tail.includes(ZIP_END)) throw new Error('the XLSX download ended before the zip did');
    const rows = format === 'csv' ? lines - 1 : ROWS;
    return { rows, bytes, seconds, cpu, before, peak };
  } finally {
    await server.stop();
  }
}

async function measure(name: string, mysql: boolean): Promise<Figure[]> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), `paydesk-bench-export-${name}-`));
  const dataDir = path.join(root, 'data'), configDir = path.join(root, 'config');
  let databaseUrl: string | undefined;
  let dbName = '';
  if (mysql) {
    dbName = `pd_export_${Date.now().toString(36)}`;
    const admin = await createConnection(MYSQL_URL!);
    await admin.query(`CREATE DATABASE \`${dbName}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    await admin.end();
    const url = new URL(MYSQL_URL!);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
  }
  const app = await buildApp({ dataDir, configDir, databaseUrl, adminPassword: PASSWORD });
  await app.close();
  const filling = Date.now();
  await fill(dataDir, databaseUrl);
  console.log(`  ${name}: ${ROWS.toLocaleString('en-US')} users written in ${((Date.now() - filling) / 1000).toFixed(0)} s`);

  const figures: Figure[] = [];
  const label = mysql ? 'MariaDB' : 'SQLite';
  try {
    for (const format of ['csv', 'xlsx'] as const) {
      const run = await exportOnce(root, format, { DATA_DIR: dataDir, CONFIG_DIR: configDir, LOG: 'off', ...(databaseUrl && { DATABASE_URL: databaseUrl }) });
      console.log(`  ${name} ${format}: ${run.rows.toLocaleString('en-US')} rows (${(run.bytes / 1048576).toFixed(0)} MB) in ${run.seconds.toFixed(1)} s, RSS ${(run.before / 1024).toFixed(0)} MB -> peak ${(run.peak / 1024).toFixed(0)} MB`);
      const rate = run.rows / run.seconds;
      const floor = format === 'csv' ? 100_000 : 50_000;
      figures.push(
        { name: `export ${format.toUpperCase()} ${label}: rows streamed per second`, value: rate, unit: 'rows/s', target: mysql ? undefined : atLeast(floor), note: `${run.rows.toLocaleString('en-US')} rows in ${run.seconds.toFixed(1)} s, server CPU ${run.cpu.toFixed(1)} s` },
        { name: `export ${format.toUpperCase()} ${label}: server RSS growth during the export`, value: (run.peak - run.before) / 1024, unit: 'MB', target: atMost(64), note: `from ${(run.before / 1024).toFixed(0)} MB` },
      );
    }
    return figures;
  } finally {
    if (mysql) {
      const conn = await createConnection(MYSQL_URL!);
      await conn.query(`DROP DATABASE IF EXISTS \`${dbName}\``);
      await conn.end();
    }
    fs.rmSync(root, { recursive: true, force: true });
  }
}

export async function run(): Promise<Figure[]> {
  const figures = await measure('sqlite', false);
  if (MYSQL_URL) figures.push(...(await measure('mariadb', true)));
  else console.log('  mariadb: skipped (set TEST_MYSQL_URL)');
  return figures;
}
