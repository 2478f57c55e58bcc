/**
 * Paydesk's own time for a payer's pay click on a Stripe order (issue 19)
 * and on a PayPal order (issue 35), as installed: the server `npm start`
 * runs, alone on core 0, its clients pointed (STRIPE_API_BASE,
 * PAYPAL_API_BASE) at the local fakes in this process, which answer at once.
 * One click at a time, over HTTP, for each provider:
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
import { startFakePayPal, type FakePayPal } from '../../tests/support/fake-paypal';
import { startFakeStripe } from '../../tests/support/fake-stripe';
import { atMost, median, type Figure } from './figures';
import { startPinned } from './processes';
import { serverArgv } from './server-command';

const ORDERS = 600;
const WARM_UP = 50;
const KEY = 'sk_test_benchcheckout0123456789';

const percentile = (values: readonly number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;

/** The providers measured: the order each has (`<prefix>-<i>`), and the fake whose answers it waits on. */
const PROVIDERS = [
  { name: 'Stripe', channel: 'stripe', prefix: 'bench', currency: 'HKD', payType: 'wechat', what: 'Stripe session' },
  { name: 'PayPal', channel: 'paypal', prefix: 'bench-pp', currency: 'USD', payType: '', what: 'PayPal order' },
] as const;

/** A data folder with a Stripe key and PayPal credentials, limits one client fits in, and ORDERS pending orders per provider. */
async function prepare(root: string, cache: 'file' | 'ram', paypal: FakePayPal) {
  const dataDir = path.join(root, 'data'), configDir = path.join(root, 'config');
  const app = await buildApp({ dataDir, configDir, adminPassword: 'bench-pass-123' });
  try {
    await app.paydesk.settings.update('cache', 'default', { type: cache });
    await app.paydesk.settings.update('pay', 'stripe', { secret_key: KEY, secrets: '' });
    await app.paydesk.settings.update('pay', 'paypal', { client_id: paypal.clientId, client_secret: paypal.clientSecret, webhook_id: paypal.webhookId, mode: 'sandbox', country: '' });
    // One client clicks everything: the per-address limits would measure themselves, not the route.
    const safety = await app.paydesk.config.get('SYSTEM_SAFETY_API');
    const qps = { block: { ...safety.qps.block, enable: false }, limit: { ...safety.qps.limit, enable: false } };
    await app.paydesk.db.any.updateTable('config').set({ value: JSON.stringify({ ...safety, qps }) }).where('key', '=', 'SYSTEM_SAFETY_API').execute();
    const now = Math.floor(Date.now() / 1000);
    for (const p of PROVIDERS) {
      await app.paydesk.db.any.insertInto('receive_money').values(Array.from({ length: ORDERS }, (_, i) => ({
        tradeNo: `${p.prefix}-${i}`, title: 'Bench order', amount: 12.5, currency: p.currency, channel: p.channel, payType: p.payType, status: 'pending',
        expireTime: now + 3 * 3600, createTime: now, updateTime: now, uid: 1, files: '[]',
      }))).execute();
    }
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
  const fakes = { stripe: await startFakeStripe(), paypal: await startFakePayPal() };
  const env = await prepare(root, cache, fakes.paypal);
  const server = await startPinned(serverArgv(), { ...env, STRIPE_API_BASE: fakes.stripe.url, PAYPAL_API_BASE: fakes.paypal.url, PAYDESK_JOBS: 'off' },
    path.join(root, 'server.log'), (url) => fetch(`${url}/api/comm/init`).then((r) => r.ok, () => false));
  const click = async (tradeNo: string) => {
    const started = performance.now();
    const res = await fetch(`${server.url}/api/receive-money/checkout`, {
      method: 'POST', body: JSON.stringify({ tradeNo }), headers: { 'content-type': 'application/json' },
    });
    const body = await res.json() as { code: number; data?: { payUrl?: string } };
    const ms = performance.now() - started;
    if (body.code !== 200 || !body.data?.payUrl) throw new Error(`click ${tradeNo} answered ${JSON.stringify(body)}: see ${path.join(root, 'server.log')}`);
    const provider = Number(/provider;dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '')?.[1] ?? 0);
    return { ms, provider };
  };
  const figures: Figure[] = [];
  try {
    for (const p of PROVIDERS) {
      const fake = fakes[p.channel];
      const own: number[] = [];
      const waited: number[] = [];
      const atFake: number[] = [];
      for (let i = 0; i < ORDERS; i++) {
        const before = fake.timings.length;
        const { ms, provider } = await click(`${p.prefix}-${i}`);
        // PayPal's first click also fetches the token (then cached for hours): inside the warm-up.
        const calls = fake.timings.length - before;
        if (calls !== 1 && !(i < WARM_UP && calls === 2)) throw new Error(`click ${i} made ${calls} calls to ${p.name}, not 1`);
        if (i >= WARM_UP) {
          own.push(ms - provider);
          waited.push(provider);
          atFake.push(fake.timings[before]!.ms);
        }
      }
      const reused: number[] = [];
      const floor: number[] = [];
      for (let i = 0; i < ORDERS; i++) {
        const before = fake.timings.length;
        const { ms } = await click(`${p.prefix}-${i}`);
        if (fake.timings.length !== before) throw new Error(`second click ${i} asked ${p.name} again`);
        const started = performance.now();
        await (await fetch(`${server.url}/api/receive-money/take?tradeNo=${p.prefix}-${i}`)).arrayBuffer();
        if (i >= WARM_UP) {
          reused.push(ms);
          floor.push(performance.now() - started);
        }
      }
      const n = ORDERS - WARM_UP;
      const tag = `checkout ${p.name} (${cache} cache)`;
      console.log(`${tag}: ${n} first clicks: Paydesk's part median ${median(own).toFixed(2)} ms, p99 ${percentile(own, 0.99).toFixed(2)} ms; waiting on the ${p.name} call median ${median(waited).toFixed(2)} ms (of which inside the fake ${median(atFake).toFixed(2)} ms)`);
      console.log(`${tag}: ${n} second clicks (${p.what} reused, ${p.name} not asked): median ${median(reused).toFixed(2)} ms, p99 ${percentile(reused, 0.99).toFixed(2)} ms`);
      console.log(`${tag}: ${n} public reads of the order (the floor): median ${median(floor).toFixed(2)} ms, p99 ${percentile(floor, 0.99).toFixed(2)} ms`);
      const note = `${n} clicks one at a time over HTTP, after ${WARM_UP} to warm up`;
      const as = cache === 'file' ? 'as installed' : 'ram cache';
      figures.push(
        { name: `pay click, new ${p.what}, ${as}: Paydesk's time beyond ${p.name}'s, median`, value: median(own), unit: 'ms', ...(cache === 'file' && { target: atMost(5) }), note },
        { name: `pay click, new ${p.what}, ${as}: Paydesk's time beyond ${p.name}'s, p99`, value: percentile(own, 0.99), unit: 'ms', note },
        { name: `pay click, ${p.what} reused (${p.name} not asked), ${as}, median`, value: median(reused), unit: 'ms', note },
        { name: `pay click, ${p.what} reused (${p.name} not asked), ${as}, p99`, value: percentile(reused, 0.99), unit: 'ms', note },
        { name: `public read of the same order (any request's floor here), ${p.name}, ${as}, median`, value: median(floor), unit: 'ms', note },
      );
    }
    return figures;
  } finally {
    await server.stop();
    await fakes.stripe.close();
    await fakes.paypal.close();
    fs.rmSync(root, { recursive: true, force: true });
  }
}
