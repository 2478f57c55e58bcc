/**
 * The list endpoint on 100,000 users through the whole stack (HTTP, token,
 * permission check, rate limits, operation log, request log, cache), started
 * as `npm start` starts it, beside hand-written routes on the same database:
 * one that only reads the page (the floor of the work) and one that also
 * counts, as a list answer must. Server processes on core 0, load on core 1
 * (scripts/bench/processes.ts); rounds are interleaved and the ratio of each
 * round is reported, so a busy machine moves the figures but not the verdict.
 *
 * Configurations: the defaults (file cache, request log on, no environment
 * variables) on SQLite, then the RAM and Redis caches, then MariaDB beside a
 * hand-written mysql2 route. BENCH_ONLY=default|ram|redis|mariadb picks some.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { createConnection } from 'mysql2/promise';
import { buildApp } from '../../server/app';
import { atLeast, atMost, median, type Figure } from './figures';
import { load, sequential, startPinned, type Running } from './processes';
import { serverArgv } from './server-command';

const USERS = 100_000;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const MYSQL_URL = process.env.BENCH_MYSQL_URL ?? process.env.TEST_MYSQL_URL;
const REDIS_URL = process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL;
const LIST = '/api/users/rows?page=1&limit=10';
/** The same question in the simple-rest dialect (engine/rest.ts): the first ten users, newest first. */
const REST_LIST = `/api/rest/users?range=${encodeURIComponent('[0,9]')}`;
/** The same question as Refine's simple-rest asks it: `_start`/`_end`, the total in X-Total-Count. */
const REFINE_LIST = '/api/rest/users?_start=0&_end=10';
const PASSWORD = 'bench-pass-123';

interface Configuration {
  name: string;
  cache: 'file' | 'ram' | 'redis';
  mysql: boolean;
}

const CONFIGURATIONS: Configuration[] = [
  { name: 'default', cache: 'file', mysql: false },
  { name: 'ram', cache: 'ram', mysql: false },
  { name: 'redis', cache: 'redis', mysql: false },
  { name: 'mariadb', cache: 'file', mysql: true },
];

const USER_COLUMNS = ['nickname', 'account', 'phone', 'email', 'password', 'status', 'gender', 'source', 'avatar', 'describe', 'remark', 'signInIp', 'signUpIp', 'signInTime', 'uid', 'createTime', 'updateTime', 'deleteTime'];
const userRow = (i: number, now: number) => [`user ${i}`, `user${i}`, '', `user${i}@example.com`, '', 'normal', 'unknown', 'default', '', '', '', '', '', 0, 1, now - i, now - i, 0];

/** A fresh database with the schema, the admin, 100k users and rate limits a load generator fits in. */
async function prepare(root: string, c: Configuration): Promise<{ env: Record<string, string>; plainDb: string; drop(): Promise<void> }> {
  const dataDir = path.join(root, 'data');
  const configDir = path.join(root, 'config');
  let databaseUrl: string | undefined;
  let drop = async () => {};
  if (c.mysql) {
    const name = `pd_bench_${Date.now().toString(36)}`;
    const admin = await createConnection(MYSQL_URL!);
    await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    await admin.end();
    const url = new URL(MYSQL_URL!);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    drop = async () => {
      const conn = await createConnection(MYSQL_URL!);
      await conn.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await conn.end();
    };
  }
  if (c.cache === 'redis') {
    // As an operator would write it (the two-instance test does the same): the Redis section in cache.toml.
    const url = new URL(REDIS_URL!);
    fs.mkdirSync(configDir, { recursive: true });
    fs.writeFileSync(path.join(configDir, 'cache.toml'), [
      '[default]', 'type = "redis"', '',
      '[redis]', `host = "${url.hostname}"`, `port = ${url.port || 6379}`, `database = ${Number(url.pathname.slice(1) || 0)}`,
      `prefix = "pdbench${Date.now().toString(36)}"`, 'expired = 600', `password = "${decodeURIComponent(url.password)}"`, '',
    ].join('\n'));
  }
  const app = await buildApp({ dataDir, configDir, databaseUrl, adminPassword: PASSWORD });
  const { db, config, settings } = app.paydesk;
  if (c.cache === 'ram') {
    await settings.update('cache', 'default', { type: 'ram' });
  }
  // One client at thousands of requests a second: limits that let it through, still checked on every request.
  const safety = await config.get('SYSTEM_SAFETY_API');
  await db.kysely.updateTable('config').set({
    value: JSON.stringify({ ...safety, qps: { ...safety.qps, limit: { ...safety.qps.limit, global: 1e9, point: 1e9, caller: 1e9 } } }) as never,
  }).where('key', '=', 'SYSTEM_SAFETY_API').execute();
  await app.close();

  const now = Math.floor(Date.now() / 1000);
  const file = path.join(dataDir, 'paydesk.db');
  if (c.mysql) {
    const conn = await createConnection(databaseUrl!);
    for (let start = 1; start < USERS; start += 2000) {
      const rows = Array.from({ length: Math.min(2000, USERS - start) }, (_, k) => userRow(start + k, now));
      await conn.query(`INSERT INTO users (${USER_COLUMNS.map((n) => `\`${n}\``).join(', ')}) VALUES ?`, [rows]);
    }
    await conn.end();
  } else {
    const raw = new SQLite(file);
    const insert = raw.prepare(`INSERT INTO users (${USER_COLUMNS.join(', ')}) VALUES (${USER_COLUMNS.map(() => '?').join(', ')})`);
    raw.transaction(() => { for (let i = 1; i < USERS; i++) insert.run(...userRow(i, now)); })();
    raw.close();
  }
  return { env: { DATA_DIR: dataDir, CONFIG_DIR: configDir, ...(databaseUrl && { DATABASE_URL: databaseUrl }) }, plainDb: databaseUrl ?? file, drop };
}

const answers = (url: string) => fetch(url).then((r) => r.status < 500, () => false);

async function measure(c: Configuration): Promise<Figure[]> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), `paydesk-bench-${c.name}-`));
  const prepared = await prepare(root, c);
  let engine: Running | undefined, plain: Running | undefined;
  try {
    engine = await startPinned(serverArgv(), prepared.env, path.join(root, 'server.log'), (url) => answers(`${url}/api/comm/init`));
    plain = await startPinned([process.execPath, '--import', 'tsx', 'scripts/bench/plain-server.ts'], { PLAIN_DB: prepared.plainDb }, path.join(root, 'plain.log'), (url) => answers(`${url}/page-only`));
    const signIn = await fetch(`${engine.url}/api/comm/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ account: 'admin', password: PASSWORD }) });
    const auth = { authorization: `Bearer ${(await signIn.json()).data.token.no}` };

    const ratios: number[] = [];
    const engineRps: number[] = [], pageRps: number[] = [], countRps: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const e = (await load(`${engine.url}${LIST}`, auth)).rps;
      const p = (await load(`${plain.url}/page-only?page=1&limit=10`)).rps;
      const n = (await load(`${plain.url}/counting?page=1&limit=10`)).rps;
      engineRps.push(e); pageRps.push(p); countRps.push(n); ratios.push(e / p);
      console.log(`  ${c.name} round ${round + 1}: engine ${e} req/s, page-only ${p} req/s, count + page ${n} req/s, engine/page-only ${(e / p).toFixed(2)}`);
    }

    // Right after a write the table's cached answers are gone: each timed read follows an update of another user.
    let n = 0;
    const write = () => fetch(`${engine!.url}/api/users/update`, {
      method: 'PUT', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ id: 2, remark: `bench ${n++}` }),
    }).then((res) => res.arrayBuffer());
    const afterWrite: number[] = [], countingAfterWrite: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      afterWrite.push(await sequential(100, `${engine.url}${LIST}`, auth, write));
      countingAfterWrite.push(await sequential(100, `${plain.url}/counting?page=1&limit=10`, {}, write));
    }
    const after = median(afterWrite), counting = median(countingAfterWrite);
    console.log(`  ${c.name} right after a write: engine ${afterWrite.map((v) => v.toFixed(2)).join(', ')} ms; hand-written count + page ${countingAfterWrite.map((v) => v.toFixed(2)).join(', ')} ms`);

    // A revalidation that finds nothing changed (the console's reload): 304 with no body, against the full read.
    const conditional: Figure[] = [];
    if (c.name === 'default') {
      const etag = (await fetch(`${engine.url}${LIST}`, { headers: auth })).headers.get('etag')!;
      const costs: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const full = (await load(`${engine.url}${LIST}`, auth)).rps;
        const notModified = (await load(`${engine.url}${LIST}`, { ...auth, 'if-none-match': etag }, undefined, true)).rps;
        costs.push(full / notModified);
        console.log(`  ${c.name} round ${round + 1}: full read ${full} req/s, 304 ${notModified} req/s: a 304 costs ${(full / notModified).toFixed(2)} of a full read`);
      }
      const latencies: number[] = [];
      for (let round = 0; round < ROUNDS; round++) latencies.push(await sequential(100, `${engine.url}${LIST}`, { ...auth, 'if-none-match': etag }));
      const notModifiedLatency = median(latencies);
      conditional.push(
        { name: 'api SQLite, defaults: cost of a 304 / a full read (cached), by req/s', value: median(costs), unit: 'x', target: atMost(0.75), note: `rounds ${costs.map((v) => v.toFixed(2)).join(', ')}` },
        { name: 'api SQLite, defaults: 304 latency / full read after a write', value: notModifiedLatency / after, unit: 'x', target: atMost(0.25), note: `${notModifiedLatency.toFixed(2)} ms vs ${after.toFixed(2)} ms, sequential` },
      );
    }

    // The simple-rest dialect's list beside `rows` on the same query, interleaved round by round.
    const dialect: Figure[] = [];
    if (c.name === 'default') {
      const shares: number[] = [];
      const refineShares: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const rows = (await load(`${engine.url}${LIST}`, auth)).rps;
        const rest = (await load(`${engine.url}${REST_LIST}`, auth)).rps;
        const refine = (await load(`${engine.url}${REFINE_LIST}`, auth)).rps;
        shares.push(rest / rows);
        refineShares.push(refine / rows);
        console.log(`  ${c.name} round ${round + 1}: rows ${rows} req/s, simple-rest list ${rest} req/s (${(rest / rows * 100).toFixed(0)}%), Refine-style ${refine} req/s (${(refine / rows * 100).toFixed(0)}%)`);
      }
      const percents = (list: number[]) => list.map((v) => (v * 100).toFixed(0)).join(', ');
      dialect.push(
        { name: 'api SQLite, defaults: simple-rest list / rows, same query', value: median(shares) * 100, unit: '%', target: atLeast(90), note: `rounds ${percents(shares)}` },
        { name: 'api SQLite, defaults: Refine-style list (_start/_end) / rows, same query', value: median(refineShares) * 100, unit: '%', target: atLeast(90), note: `rounds ${percents(refineShares)}` },
      );
    }

    const label = c.mysql ? 'MariaDB, file cache' : c.name === 'default' ? 'SQLite, defaults (file cache, log on)' : `SQLite, ${c.name} cache`;
    const target = c.name === 'default';
    return [
      { name: `api ${label}: engine / page-only`, value: median(ratios) * 100, unit: '%', target: target ? atLeast(60) : undefined, note: `median of ${ratios.map((r) => (r * 100).toFixed(0)).join(', ')}; engine ${median(engineRps)}, page-only ${median(pageRps)}, count+page ${median(countRps)} req/s` },
      { name: `api ${label}: after a write, engine / count + page`, value: after / counting, unit: 'x', target: target ? atMost(1) : undefined, note: `${after.toFixed(2)} ms vs ${counting.toFixed(2)} ms, medians of ${ROUNDS}×100` },
      ...conditional,
      ...dialect,
    ];
  } finally {
    await engine?.stop();
    await plain?.stop();
    await prepared.drop();
    fs.rmSync(root, { recursive: true, force: true });
  }
}

export async function run(): Promise<Figure[]> {
  const only = process.env.BENCH_ONLY?.split(',');
  const figures: Figure[] = [];
  for (const c of CONFIGURATIONS) {
    if (only && !only.includes(c.name)) continue;
    if (c.cache === 'redis' && !REDIS_URL) { console.log('  redis: skipped (set TEST_REDIS_URL)'); continue; }
    if (c.mysql && !MYSQL_URL) { console.log('  mariadb: skipped (set TEST_MYSQL_URL)'); continue; }
    figures.push(...(await measure(c)));
  }
  return figures;
}
