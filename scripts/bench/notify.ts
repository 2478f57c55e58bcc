/**
 * Verified payment notifications per second on SQLite (issue 13), as
 * installed: the server `npm start` runs (request log on, payment jobs on),
 * alone on core 0, over HTTP, 8 notifications in flight. Each one is a
 * Standard Webhooks notification verified over its raw body, recorded under
 * its unique id and applied to its own order in one transaction (status,
 * event, outbox row); the outbox meanwhile delivers each order's signed
 * callback to a local merchant that answers 200, as a shop's server would
 * (on this machine, so the server is told callbacks may reach it).
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Webhook } from 'standardwebhooks';
import { buildApp } from '../../server/app';
import { atLeast, median, type Figure } from './figures';
import { startPinned } from './processes';
import { serverArgv } from './server-command';

const ORDERS = 3000;
const IN_FLIGHT = 8;
const SECRET = 'whsec_' + Buffer.from('bench-secret-0123456789abcdef').toString('base64');

/** The merchant's endpoint: counts the callbacks it is sent. */
async function startMerchant(): Promise<{ url: string; received(): number; close(): Promise<void> }> {
  let received = 0;
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      received++;
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/hook`, received: () => received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** A data folder with the channel's secret, limits one client fits in, and ORDERS pending orders. */
async function prepare(root: string, notifyUrl: string) {
  const dataDir = path.join(root, 'data'), configDir = path.join(root, 'config');
  const app = await buildApp({ dataDir, configDir, adminPassword: 'bench-pass-123' });
  try {
    await app.paydesk.settings.update('pay', 'standard', { secrets: SECRET });
    // One client sends everything: the per-address limits would measure themselves, not the route.
    const safety = await app.paydesk.config.get('SYSTEM_SAFETY_API');
    const qps = { block: { ...safety.qps.block, enable: false }, limit: { ...safety.qps.limit, enable: false } };
    await app.paydesk.db.any.updateTable('config').set({ value: JSON.stringify({ ...safety, qps }) }).where('key', '=', 'SYSTEM_SAFETY_API').execute();
    const now = Math.floor(Date.now() / 1000);
    for (let i = 0; i < ORDERS; i += 500) {
      await app.paydesk.db.any.insertInto('receive_money').values(Array.from({ length: Math.min(500, ORDERS - i) }, (_, j) => ({
        tradeNo: `bench-${i + j}`, title: 'Bench', amount: 10, currency: 'USD', status: 'pending', notifyUrl,
        expireTime: now + 3600, createTime: now, updateTime: now, uid: 1, files: '[]',
      }))).execute();
    }
  } finally {
    await app.close();
  }
  return { DATA_DIR: dataDir, CONFIG_DIR: configDir };
}

async function once(): Promise<{ rate: number; delivered: number }> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'paydesk-bench-notify-'));
  const merchant = await startMerchant();
  const env = await prepare(root, merchant.url);
  const server = await startPinned(serverArgv(), { ...env, PAYDESK_CALLBACKS_TO_PRIVATE: 'allow' }, path.join(root, 'server.log'), (url) => fetch(`${url}/api/comm/init`).then((r) => r.ok, () => false));
  try {
    const wh = new Webhook(SECRET);
    const requests = Array.from({ length: ORDERS }, (_, i) => {
      const body = JSON.stringify({ tradeNo: `bench-${i}`, status: 'paid', amount: 10, currency: 'USD', channelTradeNo: `gw-${i}` });
      const id = `msg_bench_${i}`;
      const at = new Date();
      return { body, headers: { 'content-type': 'application/json', 'webhook-id': id, 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': wh.sign(id, at, body) } };
    });
    let next = 0;
    let refused = 0;
    const started = performance.now();
    await Promise.all(Array.from({ length: IN_FLIGHT }, async () => {
      while (next < requests.length) {
        const r = requests[next++]!;
        const res = await fetch(`${server.url}/api/receive-money/notify/standard`, { method: 'POST', body: r.body, headers: r.headers });
        await res.arrayBuffer();
        if (res.status !== 200) refused++;
      }
    }));
    const seconds = (performance.now() - started) / 1000;
    if (refused) throw new Error(`${refused} notifications were refused: see ${path.join(root, 'server.log')}`);
    return { rate: ORDERS / seconds, delivered: merchant.received() };
  } finally {
    await server.stop();
    await merchant.close();
    fs.rmSync(root, { recursive: true, force: true });
  }
}

export async function run(): Promise<Figure[]> {
  const rates: number[] = [];
  for (let i = 0; i < 3; i++) {
    const { rate, delivered } = await once();
    rates.push(rate);
    console.log(`notify: run ${i + 1}: ${Math.round(rate)} verified notifications/s; ${delivered} of ${ORDERS} callbacks delivered meanwhile`);
  }
  return [{ name: 'verified payment notifications applied, SQLite, as installed', value: median(rates), unit: '/s', target: atLeast(500), note: `median of 3, ${ORDERS} each, ${IN_FLIGHT} in flight, over HTTP` }];
}
