/**
 * Verified payment notifications per second on SQLite (issue 13): each one a
 * Standard Webhooks notification verified over its raw body, recorded under
 * its unique id and applied to its own order in one transaction (status,
 * event, outbox row), through the real routes with `inject`, 8 in flight.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Webhook } from 'standardwebhooks';
import { buildApp } from '../../server/app';
import { atLeast, median, type Figure } from './figures';

const ORDERS = 2000;
const IN_FLIGHT = 8;
const SECRET = 'whsec_' + Buffer.from('bench-secret-0123456789abcdef').toString('base64');

async function once(): Promise<number> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'paydesk-bench-notify-'));
  const app = await buildApp({ dataDir: path.join(root, 'data'), configDir: path.join(root, 'config'), adminPassword: 'bench-pass-123' });
  try {
    await app.paydesk.settings.update('pay', 'standard', { secrets: SECRET });
    // One client sends everything: the per-address limits would measure themselves, not the route.
    const safety = await app.paydesk.config.get('SYSTEM_SAFETY_API');
    const qps = { block: { ...safety.qps.block, enable: false }, limit: { ...safety.qps.limit, enable: false } };
    await app.paydesk.db.any.updateTable('config').set({ value: JSON.stringify({ ...safety, qps }) }).where('key', '=', 'SYSTEM_SAFETY_API').execute();
    const now = Math.floor(Date.now() / 1000);
    const k = app.paydesk.db.any;
    for (let i = 0; i < ORDERS; i += 500) {
      await k.insertInto('receive_money').values(Array.from({ length: Math.min(500, ORDERS - i) }, (_, j) => ({
        tradeNo: `bench-${i + j}`, title: 'Bench', amount: 10, currency: 'USD', status: 'pending', notifyUrl: 'https://merchant.example.com/hook',
        expireTime: now + 3600, createTime: now, updateTime: now, uid: 1, files: '[]',
      }))).execute();
    }
    const wh = new Webhook(SECRET);
    const requests = Array.from({ length: ORDERS }, (_, i) => {
      const body = JSON.stringify({ tradeNo: `bench-${i}`, status: 'paid', amount: 10, currency: 'USD', channelTradeNo: `gw-${i}` });
      const id = `msg_bench_${i}`;
      const at = new Date();
      return { body, headers: { 'content-type': 'application/json', 'webhook-id': id, 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': wh.sign(id, at, body) } };
    });
    let next = 0;
    let failed = 0;
    const started = performance.now();
    await Promise.all(Array.from({ length: IN_FLIGHT }, async () => {
      while (next < requests.length) {
        const r = requests[next++]!;
        const res = await app.inject({ method: 'POST', url: '/api/receive-money/notify/standard', payload: r.body, headers: r.headers });
        if (res.statusCode !== 200) failed++;
      }
    }));
    const seconds = (performance.now() - started) / 1000;
    if (failed) throw new Error(`${failed} notifications were refused`);
    return ORDERS / seconds;
  } finally {
    await app.close();
    fs.rmSync(root, { recursive: true, force: true });
  }
}

export async function run(): Promise<Figure[]> {
  const rates: number[] = [];
  for (let i = 0; i < 3; i++) {
    rates.push(await once());
    console.log(`notify: run ${i + 1}: ${Math.round(rates.at(-1)!)} verified notifications/s`);
  }
  return [{ name: 'verified payment notifications applied, SQLite', value: median(rates), unit: '/s', target: atLeast(500), note: `median of 3, ${ORDERS} each, ${IN_FLIGHT} in flight` }];
}
