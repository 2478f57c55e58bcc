/**
 * The dashboard at scale (issue 20): `GET /api/dashboard/figures` for the
 * last 30 days, from the compiled server `npm start` runs, alone on its core,
 * on the default install (SQLite), over 10,000 orders and over 1,000,000.
 * The orders (four owners, three currencies, 90 days, every status, refunds
 * and exceptions) are written straight into the database file, then the
 * totals are built by the same backfill the migration runs. Beside each, a
 * plain GROUP BY over the orders for the same figures (in this process, on
 * the same file): what the figures would cost without the totals.
 * Targets: a median of at most 50 ms over 1,000,000 orders, and no more than
 * twice the median over 10,000. `BENCH_DASHBOARD_ORDERS=2000,20000` for a
 * quick run at other sizes.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { buildApp } from '../../server/app';
import { rebuildTotals } from '../../server/payments/totals';
import { atMost, median, type Figure } from './figures';
import { startPinned } from './processes';
import { serverArgv } from './server-command';

const SIZES = (process.env.BENCH_DASHBOARD_ORDERS ?? '10000,1000000').split(',').map(Number);
const REQUESTS = 200;
const WARM_UP = 20;
const PASSWORD = 'bench-pass-123';
const DAY = 86400;
const SPAN_DAYS = 90;
const CURRENCIES = ['CNY', 'USD', 'HKD'];

const percentile = (values: readonly number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;
const ymd = (epochSeconds: number) => new Date(epochSeconds * 1000).toISOString().slice(0, 10);

/** A data folder migrated by the app, with `orders` orders and their refunds written straight in, and the totals built from them. */
async function prepare(root: string, orders: number) {
  const dataDir = path.join(root, 'data'), configDir = path.join(root, 'config');
  let app = await buildApp({ dataDir, configDir, adminPassword: PASSWORD });
  // One client asks everything: the per-address limits would measure themselves, not the route.
  const safety = await app.paydesk.config.get('SYSTEM_SAFETY_API');
  const qps = { block: { ...safety.qps.block, enable: false }, limit: { ...safety.qps.limit, enable: false } };
  await app.paydesk.db.any.updateTable('config').set({ value: JSON.stringify({ ...safety, qps }) }).where('key', '=', 'SYSTEM_SAFETY_API').execute();
  await app.close();

  const now = Math.floor(Date.now() / 1000);
  const raw = new SQLite(path.join(dataDir, 'paydesk.db'));
  const order = raw.prepare(`INSERT INTO receive_money (tradeNo, title, amount, currency, status, exception, exceptionAmount, exceptionCurrency, openExceptions, paidAmount, paidTime,
    refundedAmount, expireTime, uid, createTime, updateTime, files) VALUES (?, 'Bench order', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '[]')`);
  // An exception is a row of its own (one per payment that did not fit); the order's columns sum up its open ones.
  const flag = raw.prepare(`INSERT INTO order_exceptions (orderId, tradeNo, kind, amount, currency, state, uid, createTime, updateTime)
    VALUES (?, ?, ?, ?, ?, 'open', ?, ?, ?)`);
  const refund = raw.prepare(`INSERT INTO refunds (orderId, tradeNo, amount, currency, state, reason, idempotencyKey, uid, createTime, updateTime)
    VALUES (?, ?, ?, ?, 'succeeded', 'bench', ?, ?, ?, ?)`);
  const filling = Date.now();
  raw.transaction(() => {
    for (let i = 0; i < orders; i++) {
      // Spread evenly over the span, newest last; a fixed pattern instead of randomness, so two runs hold the same rows.
      const createTime = now - SPAN_DAYS * DAY + Math.floor((i * SPAN_DAYS * DAY) / orders);
      const amount = 10 + (i % 500);
      const currency = CURRENCIES[i % 3]!;
      const roll = (i * 7919) % 100;
      const status = roll < 62 ? 'completed' : roll < 67 ? 'refunded' : roll < 82 ? 'expired' : roll < 88 ? 'failed' : 'pending';
      const paid = status === 'completed' || status === 'refunded';
      const paidTime = paid ? createTime + 30 + ((i * 31) % 1800) : 0;
      // Open exceptions are a queue operators clear: a few in ten thousand wait at any time.
      const exception = i % 5000 === 17 ? 'underpaid' : '';
      const result = order.run(`bench-${i}`, amount, currency, status, exception, exception ? amount / 2 : 0, exception ? currency : '', exception ? 1 : 0,
        paid ? amount : 0, paidTime, status === 'refunded' ? amount : 0, createTime + 3 * 3600, 1 + (i % 4), createTime, paidTime || createTime);
      if (exception) flag.run(Number(result.lastInsertRowid), `bench-${i}`, exception, amount / 2, currency, 1 + (i % 4), createTime, createTime);
      if (status === 'refunded') refund.run(Number(result.lastInsertRowid), `bench-${i}`, amount, currency, `bench-refund-${i}`, 1 + (i % 4), paidTime + 3600, paidTime + 3600);
    }
  })();
  raw.close();
  app = await buildApp({ dataDir, configDir, adminPassword: PASSWORD });
  const totalling = Date.now();
  await rebuildTotals(app.paydesk.db.any);
  await app.close();
  console.log(`  ${orders.toLocaleString('en-US')} orders written in ${((totalling - filling) / 1000).toFixed(1)} s, totals built in ${((Date.now() - totalling) / 1000).toFixed(1)} s`);
  return { DATA_DIR: dataDir, CONFIG_DIR: configDir, PAYDESK_JOBS: 'off', LOG: 'off' };
}

/** The same figures from the orders themselves: per currency and status over the period, money by when it was paid. */
function plainGroupBy(file: string, from: number, to: number): number[] {
  const raw = new SQLite(file, { readonly: true });
  const counts = raw.prepare('SELECT currency, status, count(*) AS n FROM receive_money WHERE createTime >= ? AND createTime < ? GROUP BY currency, status');
  const money = raw.prepare(`SELECT currency, sum(paidAmount) AS paid, count(*) AS n FROM receive_money
    WHERE status IN ('completed', 'refunded') AND paidTime >= ? AND paidTime < ? GROUP BY currency`);
  const times: number[] = [];
  for (let i = 0; i < WARM_UP + 30; i++) {
    const started = performance.now();
    counts.all(from, to);
    money.all(from, to);
    if (i >= WARM_UP) times.push(performance.now() - started);
  }
  raw.close();
  return times;
}

async function measure(orders: number) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'paydesk-bench-dashboard-'));
  const env = await prepare(root, orders);
  const server = await startPinned(serverArgv(), env, path.join(root, 'server.log'), (url) => fetch(`${url}/api/comm/init`).then((r) => r.ok, () => false));
  try {
    const signIn = await fetch(`${server.url}/api/comm/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ account: 'admin', password: PASSWORD }) });
    const headers = { authorization: `Bearer ${(await signIn.json()).data.token.no}` };
    const now = Math.floor(Date.now() / 1000);
    const query = `zone=Asia%2FShanghai&from=${ymd(now - 29 * DAY)}&to=${ymd(now)}`;
    const times: number[] = [];
    let payments = 0;
    for (let i = 0; i < WARM_UP + REQUESTS; i++) {
      const started = performance.now();
      const res = await fetch(`${server.url}/api/dashboard/figures?${query}`, { headers });
      const body = await res.json() as { code: number; data: { currencies: Array<{ payments: number }> } };
      if (body.code !== 200) throw new Error(`the dashboard answered ${JSON.stringify(body)}: see ${path.join(root, 'server.log')}`);
      if (i >= WARM_UP) times.push(performance.now() - started);
      payments = body.data.currencies.reduce((a, c) => a + c.payments, 0);
    }
    const plain = plainGroupBy(path.join(env.DATA_DIR, 'paydesk.db'), now - 30 * DAY, now + DAY);
    console.log(`  ${orders.toLocaleString('en-US')} orders: dashboard p50 ${median(times).toFixed(2)} ms, p95 ${percentile(times, 0.95).toFixed(2)} ms (${payments.toLocaleString('en-US')} payments in the period);`
      + ` plain GROUP BY p50 ${median(plain).toFixed(2)} ms, p95 ${percentile(plain, 0.95).toFixed(2)} ms`);
    return { orders, p50: median(times), p95: percentile(times, 0.95), plainP50: median(plain), plainP95: percentile(plain, 0.95) };
  } finally {
    await server.stop();
    fs.rmSync(root, { recursive: true, force: true });
  }
}

export async function run(): Promise<Figure[]> {
  const results = [];
  for (const size of SIZES) results.push(await measure(size));
  const figures: Figure[] = [];
  const largest = results[results.length - 1]!;
  const note = `last 30 days, Asia/Shanghai, ${REQUESTS} requests one at a time over HTTP after ${WARM_UP}`;
  for (const r of results) {
    const n = r.orders.toLocaleString('en-US');
    const target = r === largest && r.orders >= 1_000_000 ? atMost(50) : undefined;
    figures.push(
      { name: `dashboard over ${n} orders (SQLite, as installed): figures, p50`, value: r.p50, unit: 'ms', target, note },
      { name: `dashboard over ${n} orders (SQLite, as installed): figures, p95`, value: r.p95, unit: 'ms', note },
      { name: `dashboard over ${n} orders: plain GROUP BY over the orders, p50`, value: r.plainP50, unit: 'ms', note: 'in-process better-sqlite3, no HTTP' },
      { name: `dashboard over ${n} orders: plain GROUP BY over the orders, p95`, value: r.plainP95, unit: 'ms', note: 'in-process better-sqlite3, no HTTP' },
    );
  }
  if (results.length > 1) {
    figures.push({
      name: `dashboard p50 over ${largest.orders.toLocaleString('en-US')} ÷ p50 over ${results[0]!.orders.toLocaleString('en-US')} orders`,
      value: largest.p50 / results[0]!.p50, unit: 'x', target: atMost(2), note: 'no slower than twice the small install',
    });
  }
  return figures;
}
