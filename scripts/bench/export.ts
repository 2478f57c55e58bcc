/**
 * CSV export at scale (issue 14): 1,000,000 users streamed by
 * `GET /api/users/export` from the compiled server on its own core, read by
 * this process as fast as it comes. Reports rows per second and how far the
 * server's resident memory rose above what it used before the export
 * (sampled every 50 ms from /proc). SQLite, and MariaDB when TEST_MYSQL_URL
 * is set. Uncompressed (`accept-encoding: identity`): the streaming, not zlib.
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

  const argv = serverArgv();
  const server = await startPinned(argv, { DATA_DIR: dataDir, CONFIG_DIR: configDir, LOG: 'off', ...(databaseUrl && { DATABASE_URL: databaseUrl }) }, path.join(root, 'server.log'), (url) => fetch(`${url}/api/comm/init`).then((r) => r.ok, () => false));
  try {
    const signIn = await fetch(`${server.url}/api/comm/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ account: 'admin', password: PASSWORD }) });
    const headers = { authorization: `Bearer ${(await signIn.json()).data.token.no}`, 'accept-encoding': 'identity' };
    const warm = await fetch(`${server.url}/api/users/export?limit=10`, { headers });
    await warm.arrayBuffer();
    const before = rssKB(server.pid);
    let peak = before;
    const sampler = setInterval(() => { peak = Math.max(peak, rssKB(server.pid)); }, 50);
    const started = performance.now();
    const res = await fetch(`${server.url}/api/users/export`, { headers });
    if (!res.ok) throw new Error(`export answered ${res.status}`);
    let lines = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) lines++;
    }
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, rssKB(server.pid));
    const rows = lines - 1; // the header line
    const rate = rows / seconds;
    const growthMB = (peak - before) / 1024;
    console.log(`  ${name}: ${rows.toLocaleString('en-US')} rows in ${seconds.toFixed(1)} s, RSS ${(before / 1024).toFixed(0)} MB -> peak ${(peak / 1024).toFixed(0)} MB`);
    const label = mysql ? 'MariaDB' : 'SQLite';
    return [
      { name: `export ${label}: rows streamed per second`, value: rate, unit: 'rows/s', target: mysql ? undefined : atLeast(50_000), note: `${rows.toLocaleString('en-US')} rows in ${seconds.toFixed(1)} s` },
      { name: `export ${label}: server RSS growth during the export`, value: growthMB, unit: 'MB', target: atMost(64), note: `from ${(before / 1024).toFixed(0)} MB` },
    ];
  } finally {
    await server.stop();
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
