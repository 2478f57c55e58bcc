/**
 * Paydesk's own time for a payer's pay click on a Stripe order (issue 19),
 * as installed: the server `npm start` runs, alone on core 0, its Stripe
 * client pointed (STRIPE_API_BASE) at the local fake Stripe in this process,
 * which answers at once. One click at a time, over HTTP:
 *  - a first click makes a Checkout Session: the click's round trip minus the
 *    time the server says (Server-Timing `provider`) it waited on Stripe's
 *    client call is what Paydesk adds: reading the order, storing the
 *    session, answering. (On a busy machine the fake's own count, arrival to
 *    last byte, misses the time its process waits for a core, which the
 *    server's wait includes.);
 *  - a second click reuses the stored session and asks Stripe nothing;
 *  - beside each, the public read of the same order (`take?tradeNo=`), the
 *    floor of any request on this server on this machine at that moment, so
 *    the figures can be read on a busy machine.
 * Target: a median of at most 5 ms for Paydesk's part of a first click.
 * Run with the cache as installed (file) and again with the ram cache: the
 * session stored on the order is a write, and the file cache drops and
 * remakes the order table's tag on disk, synchronously, after every write.
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
async function prepare(root: string, cache: 'file' | 'ram') {
  const dataDir = path.join(root, 'data'), configDir = path.join(root, 'config');
  const app = await buildApp({ dataDir, configDir, adminPassword: 'bench-pass-123' });
  try {
    await app.paydesk.settings.update('cache', 'default', { type: cache });
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
  return [...(await once('file')), ...(await once('ram'))];
}

async function once(cache: 'file' | 'ram'): Promise<Figure[]> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'paydesk-bench-checkout-'));
  const fake = await startFakeStripe();
  const env = await prepare(root, cache);
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
    const provider = Number(/provider;dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '')?.[1] ?? 0);
    return { ms, provider };
  };
  try {
    const own: number[] = [];
    const stripe: number[] = [];
    const atFake: number[] = [];
    for (let i = 0; i < ORDERS; i++) {
      const before = fake.timings.length;
      const { ms, provider } = await click(i);
      if (fake.timings.length !== before + 1) throw new Error(`click ${i} made ${fake.timings.length - before} calls to Stripe, not 1`);
      if (i >= WARM_UP) {
        own.push(ms - provider);
        stripe.push(provider);
        atFake.push(fake.timings[before]!.ms);
      }
    }
    const reused: number[] = [];
    const floor: number[] = [];
    for (let i = 0; i < ORDERS; i++) {
      const before = fake.timings.length;
      const { ms } = await click(i);
      if (fake.timings.length !== before) throw new Error(`second click ${i} asked Stripe again`);
      const started = performance.now();
      await (await fetch(`${server.url}/api/receive-money/take?tradeNo=bench-${i}`)).arrayBuffer();
      if (i >= WARM_UP) {
        reused.push(ms);
        floor.push(performance.now() - started);
      }
    }
    const n = ORDERS - WARM_UP;
    console.log(`checkout (${cache} cache): ${n} first clicks: Paydesk's part median ${median(own).toFixed(2)} ms, p99 ${percentile(own, 0.99).toFixed(2)} ms; waiting on the Stripe call median ${median(stripe).toFixed(2)} ms (of which inside the fake ${median(atFake).toFixed(2)} ms)`);
    console.log(`checkout (${cache} cache): ${n} second clicks (session reused, Stripe not asked): median ${median(reused).toFixed(2)} ms, p99 ${percentile(reused, 0.99).toFixed(2)} ms`);
    console.log(`checkout (${cache} cache): ${n} public reads of the order (the floor): median ${median(floor).toFixed(2)} ms, p99 ${percentile(floor, 0.99).toFixed(2)} ms`);
    const note = `${n} clicks one at a time over HTTP, after ${WARM_UP} to warm up`;
    const as = cache === 'file' ? 'as installed' : 'ram cache';
    return [
      { name: `pay click, new Stripe session, ${as}: Paydesk's time beyond Stripe's, median`, value: median(own), unit: 'ms', ...(cache === 'file' && { target: atMost(5) }), note },
      { name: `pay click, new Stripe session, ${as}: Paydesk's time beyond Stripe's, p99`, value: percentile(own, 0.99), unit: 'ms', note },
      { name: `pay click, session reused (Stripe not asked), ${as}, median`, value: median(reused), unit: 'ms', note },
      { name: `pay click, session reused (Stripe not asked), ${as}, p99`, value: percentile(reused, 0.99), unit: 'ms', note },
      { name: `public read of the same order (any request's floor here), ${as}, median`, value: median(floor), unit: 'ms', note },
    ];
  } finally {
    await server.stop();
    await fake.close();
    fs.rmSync(root, { recursive: true, force: true });
  }
}
