/**
 * Paydesk's own time for a payer's pay click on a Stripe order (issue 19),
 * as installed: the server `npm start` runs, alone on core 0, its Stripe
 * client pointed (STRIPE_API_BASE) at the local fake Stripe in this process,
 * which answers at once. One click at a time, over HTTP:
 *  - a first click makes a Checkout Session: the click's round trip minus the
 *    time the fake spent on its request (arrival to last byte) is what
 *    Paydesk adds to Stripe's answer: reading the order, building and sending
 *    the form, reading the answer, storing the session;
 *  - a second click reuses the stored session and asks Stripe nothing.
 * Target: a median of at most 5 ms for Paydesk's part of a first click.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../server/app';
import { startFakeStripe } from '../../tests/support/fake-stripe';
import { atMost, median, type Figure } from './figures';
import { startPinned } from './processes';
import { serverArgv } from './server-command';

const ORDERS = 600;
const WARM_UP = 50;
const KEY = 'sk_test_benchcheckout0123456789';

const percentile = (values: readonly number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;

/** A data folder with a Stripe key, limits one client fits in, and ORDERS pending Stripe orders. */
async function prepare(root: string) {
  const dataDir = path.join(root, 'data'), configDir = path.join(root, 'config');
  const app = await buildApp({ dataDir, configDir, adminPassword: 'bench-pass-123' });
  try {
    await app.paydesk.settings.update('pay', 'stripe', { secret_key: KEY, secrets: '' });
    // One client clicks everything: the per-address limits would measure themselves, not the route.
    const safety = await app.paydesk.config.get('SYSTEM_SAFETY_API');
    const qps = { block: { ...safety.qps.block, enable: false }, limit: { ...safety.qps.limit, enable: false } };
    await app.paydesk.db.any.updateTable('config').set({ value: JSON.stringify({ ...safety, qps }) }).where('key', '=', 'SYSTEM_SAFETY_API').execute();
    const now = Math.floor(Date.now() / 1000);
    await app.paydesk.db.any.insertInto('receive_money').values(Array.from({ length: ORDERS }, (_, i) => ({
      tradeNo: `bench-${i}`, title: 'Bench order', amount: 12.5, currency: 'HKD', channel: 'stripe', payType: 'wechat', status: 'pending',
      expireTime: now + 3 * 3600, createTime: now, updateTime: now, uid: 1, files: '[]',
    }))).execute();
  } finally {
    await app.close();
  }
  return { DATA_DIR: dataDir, CONFIG_DIR: configDir };
}

export async function run(): Promise<Figure[]> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'paydesk-bench-checkout-'));
  const fake = await startFakeStripe();
  const env = await prepare(root);
  const server = await startPinned(serverArgv(), { ...env, STRIPE_API_BASE: fake.url, PAYDESK_JOBS: 'off' }, path.join(root, 'server.log'),
    (url) => fetch(`${url}/api/comm/init`).then((r) => r.ok, () => false));
  const click = async (i: number) => {
    const started = performance.now();
    const res = await fetch(`${server.url}/api/receive-money/checkout`, {
      method: 'POST', body: JSON.stringify({ tradeNo: `bench-${i}` }), headers: { 'content-type': 'application/json' },
    });
    const body = await res.json() as { code: number; data?: { payUrl?: string } };
    const ms = performance.now() - started;
    if (body.code !== 200 || !body.data?.payUrl) throw new Error(`click ${i} answered ${JSON.stringify(body)}: see ${path.join(root, 'server.log')}`);
    return ms;
  };
  try {
    const own: number[] = [];
    const stripe: number[] = [];
    for (let i = 0; i < ORDERS; i++) {
      const before = fake.timings.length;
      const total = await click(i);
      const asked = fake.timings.slice(before).reduce((sum, t) => sum + t.ms, 0);
      if (fake.timings.length !== before + 1) throw new Error(`click ${i} made ${fake.timings.length - before} calls to Stripe, not 1`);
      if (i >= WARM_UP) {
        own.push(total - asked);
        stripe.push(asked);
      }
    }
    const reused: number[] = [];
    for (let i = 0; i < ORDERS; i++) {
      const before = fake.timings.length;
      const ms = await click(i);
      if (fake.timings.length !== before) throw new Error(`second click ${i} asked Stripe again`);
      if (i >= WARM_UP) reused.push(ms);
    }
    const n = ORDERS - WARM_UP;
    console.log(`checkout: ${n} first clicks: Paydesk's part median ${median(own).toFixed(2)} ms, p99 ${percentile(own, 0.99).toFixed(2)} ms; the fake Stripe's part median ${median(stripe).toFixed(2)} ms`);
    console.log(`checkout: ${n} second clicks (session reused, Stripe not asked): median ${median(reused).toFixed(2)} ms, p99 ${percentile(reused, 0.99).toFixed(2)} ms`);
    const note = `${n} clicks one at a time over HTTP, after ${WARM_UP} to warm up`;
    return [
      { name: 'pay click, new Stripe session: Paydesk\'s time beyond Stripe\'s, median', value: median(own), unit: 'ms', target: atMost(5), note },
      { name: 'pay click, new Stripe session: Paydesk\'s time beyond Stripe\'s, p99', value: percentile(own, 0.99), unit: 'ms', note },
      { name: 'pay click, session reused (Stripe not asked), median', value: median(reused), unit: 'ms', note },
      { name: 'pay click, session reused (Stripe not asked), p99', value: percentile(reused, 0.99), unit: 'ms', note },
    ];
  } finally {
    await server.stop();
    await fake.close();
    fs.rmSync(root, { recursive: true, force: true });
  }
}
