/**
 * The list endpoint on 100,000 users, through the whole stack (HTTP, token,
 * permission check, operation log, cache), beside two hand-written Fastify +
 * better-sqlite3 routes: one that counts the matching rows on every request
 * and one that only reads the page (the floor of the work). Load comes from
 * autocannon in a child process so it does not share this event loop.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import Fastify from 'fastify';
import { buildApp } from '../../server/app';

const USERS = 100_000;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const CONNECTIONS = 16;
const run$ = promisify(execFile);

async function load(url: string, headers: Record<string, string> = {}): Promise<number> {
  const args = [path.resolve('node_modules/autocannon/autocannon.js'), '-j', '-c', String(CONNECTIONS), '-d', String(SECONDS)];
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}=${v}`);
  const { stdout } = await run$(process.execPath, [...args, url], { maxBuffer: 16 * 1024 * 1024 });
  const result = JSON.parse(stdout);
  if (result.non2xx) throw new Error(`${url}: ${result.non2xx} non-2xx answers`);
  return Math.round(result.requests.average);
}

/** Mean latency of `n` sequential requests, each after `before()`. */
async function sequential(n: number, url: string, headers: Record<string, string>, before: () => Promise<unknown> = async () => {}) {
  let total = 0;
  for (let i = 0; i < n; i++) {
    await before();
    const start = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    total += performance.now() - start;
  }
  return total / n;
}

export async function run() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'paydesk-bench-'));
  const file = path.join(root, 'bench.db');
  const app = await buildApp({ dataDir: root, configDir: path.join(root, 'config'), databaseUrl: `sqlite:${file}`, adminPassword: 'bench-pass-123' });
  const { db, config, settings } = app.paydesk;
  // BENCH_CACHE=file|ram|redis picks the cache under test (redis: TEST_REDIS_URL's server).
  const cacheType = (process.env.BENCH_CACHE ?? 'ram') as 'ram' | 'file' | 'redis';
  await settings.update('cache', 'default', { type: cacheType });
  console.log(`cache: ${cacheType}`);

  // 100k users, inserted straight into SQLite in one transaction (seconds, not minutes).
  const raw = new SQLite(file);
  raw.pragma('busy_timeout = 5000');
  const insert = raw.prepare(`INSERT INTO users (nickname, account, phone, email, password, status, gender, source, avatar, describe, remark, signInIp, signUpIp, signInTime, uid, createTime, updateTime, deleteTime)
    VALUES (?, ?, '', ?, '', 'normal', 'unknown', 'default', '', '', '', '', '', 0, 1, ?, ?, 0)`);
  const now = Math.floor(Date.now() / 1000);
  raw.transaction(() => {
    for (let i = 1; i < USERS; i++) insert.run(`user ${i}`, `user${i}`, `user${i}@example.com`, now - i, now - i);
  })();
  const safety = await config.get('SYSTEM_SAFETY_API');
  await db.kysely.updateTable('config').set({ value: JSON.stringify({ ...safety, qps: { ...safety.qps, limit: { ...safety.qps.limit, enable: false }, block: { ...safety.qps.block, enable: false } } }) as never }).where('key', '=', 'SYSTEM_SAFETY_API').execute();
  config.invalidate();

  const engineUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  const signIn = await fetch(`${engineUrl}/api/comm/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ account: 'admin', password: 'bench-pass-123' }) });
  const token = (await signIn.json()).data.token.no;
  const auth = { authorization: `Bearer ${token}` };

  // The hand-written routes, on the same file.
  const columns = 'id, nickname, account, phone, email, status, gender, source, avatar, describe, remark, signInIp, signUpIp, signInTime, uid, createTime, updateTime, deleteTime';
  const page = raw.prepare(`SELECT ${columns} FROM users WHERE deleteTime = 0 ORDER BY id DESC LIMIT ? OFFSET ?`);
  const count = raw.prepare('SELECT count(*) AS n FROM users WHERE deleteTime = 0');
  const plain = Fastify();
  const paging = (q: { page?: string; limit?: string }) => {
    const limit = Number(q.limit ?? 10), p = Number(q.page ?? 1);
    return { limit, page: p, rows: page.all(limit, (p - 1) * limit) };
  };
  plain.get('/counting', async (request) => {
    const { n } = count.get() as { n: number };
    return { code: 200, msg: 'ok', data: { total: n, ...paging(request.query as never) } };
  });
  plain.get('/page-only', async (request) => ({ code: 200, msg: 'ok', data: paging(request.query as never) }));
  const plainUrl = await plain.listen({ port: 0, host: '127.0.0.1' });

  const figures: Array<[string, number, string]> = [];
  const engineRps = await load(`${engineUrl}/api/users/rows?page=1&limit=10`, auth);
  const pageRps = await load(`${plainUrl}/page-only?page=1&limit=10`);
  const countRps = await load(`${plainUrl}/counting?page=1&limit=10`);
  figures.push(['engine  GET /api/users/rows?page=1&limit=10 (repeated, table unchanged)', engineRps, 'req/s']);
  figures.push(['plain   page only (the floor)', pageRps, 'req/s']);
  figures.push(['plain   count + page', countRps, 'req/s']);

  const deepEngine = await load(`${engineUrl}/api/users/rows?page=5001&limit=10`, auth);
  const deepPlain = await load(`${plainUrl}/page-only?page=5001&limit=10`);
  figures.push(['engine  deep page (offset 50,000), repeated', deepEngine, 'req/s']);
  figures.push(['plain   deep page only (offset 50,000)', deepPlain, 'req/s']);

  // Right after a write the cached total is gone: each read below follows an update of another user through the API.
  let n = 0;
  const write = () => fetch(`${engineUrl}/api/users/update`, {
    method: 'PUT', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ id: 2, remark: `bench ${n++}` }),
  }).then((res) => res.arrayBuffer());
  const afterWrite = await sequential(200, `${engineUrl}/api/users/rows?page=1&limit=10`, auth, write);
  const countingLatency = await sequential(200, `${plainUrl}/counting?page=1&limit=10`, {}, write);
  const deepCold = await sequential(100, `${engineUrl}/api/users/rows?page=5001&limit=10`, auth, write);
  const deepPlainLatency = await sequential(100, `${plainUrl}/page-only?page=5001&limit=10`, {}, write);

  const pad = (s: string) => s.padEnd(74);
  for (const [name, value, unit] of figures) console.log(`${pad(name)} ${String(value).padStart(7)} ${unit}`);
  console.log(`${pad('engine / page-only (target >= 50%)')} ${((engineRps / pageRps) * 100).toFixed(0).padStart(7)} %`);
  console.log(`${pad('engine / counting')} ${(engineRps / countRps).toFixed(1).padStart(7)} x`);
  console.log(`${pad('engine deep / plain deep (repeated)')} ${(deepEngine / deepPlain).toFixed(2).padStart(7)} x`);
  console.log(`${pad('latency right after a write: engine (count + page, sequential)')} ${afterWrite.toFixed(2).padStart(7)} ms`);
  console.log(`${pad('latency right after a write: plain count + page (sequential)')} ${countingLatency.toFixed(2).padStart(7)} ms`);
  console.log(`${pad('latency deep page right after a write: engine')} ${deepCold.toFixed(2).padStart(7)} ms`);
  console.log(`${pad('latency deep page right after a write: plain page only')} ${deepPlainLatency.toFixed(2).padStart(7)} ms`);

  await plain.close();
  await app.close();
  raw.close();
  fs.rmSync(root, { recursive: true, force: true });
}
