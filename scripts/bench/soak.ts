/**
 * `npm run bench soak [minutes]`, or `npm run bench -- soak [minutes]
 * --peak=<req/s>` (npm keeps options before `--` for itself) (issue 21): minutes of mixed
 * traffic (10 by default) on the server `npm start` runs, alone on core 0,
 * with the default settings, at about 80% of its peak:
 *  - list reads of the orders with a console token (two queries: the newest
 *    page, and completed orders filtered and ordered);
 *  - orders created with an API key, each with a notifyUrl at a local merchant;
 *  - verified payment notifications (Standard Webhooks) for those orders;
 *  - the merchant callbacks those payments cause, sent by the server's outbox
 *    to a local receiver that verifies each with the merchant's own secret,
 *    timed from the notification's sending to arrival;
 *  - console sign-ins (argon2id at its installed cost), one every 2 s.
 * The peak is the mix's own, measured at the start (16 requests in flight
 * for 10 s), or given in req/s (the api bench's figure, say) by `--peak`.
 * It reports every error (target 0), the p99 latency of each kind per
 * minute, and the server's RSS at the start and as the median of each
 * minute's readings (target: at most 10% growth from the second minute to
 * the last).
 *
 * The per-address request limits are off, as in the other benchmarks: one
 * load generator on 127.0.0.1 would otherwise measure the limiter.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Webhook } from 'standardwebhooks';
import { buildApp } from '../../server/app';
import { atMost, type Figure } from './figures';
import { startPinned, type Running } from './processes';
import { serverArgv } from './server-command';
import { startMerchant, type Merchant } from './soak-merchant';

const PASSWORD = 'bench-pass-123';
const SECRET = 'whsec_' + Buffer.from('soak-secret-0123456789abcdef').toString('base64');
const SIGN_IN_EVERY_MS = 2000;
const MAX_IN_FLIGHT = 256;
/** Shares of the mix; console sign-ins come on their own clock. */
const WEIGHTS = { list: 0.6, create: 0.2, notify: 0.2 } as const;
type Kind = keyof typeof WEIGHTS | 'sign-in';
const KINDS: Kind[] = ['list', 'create', 'notify', 'sign-in'];

interface Sample { kind: Kind | 'callback'; at: number; ms: number }

const percentile = (values: readonly number[], p: number) =>
  values.length ? [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]! : NaN;

/** Minutes from the command line (`soak 1`, `soak 0.5`), 10 without one; `--peak=` from there too. */
function options(): { minutes: number; peak?: number } {
  const args = process.argv.slice(2);
  const minutes = Number(args.find((a) => /^\d+(\.\d+)?$/.test(a)) ?? 10);
  const peak = args.find((a) => a.startsWith('--peak='))?.slice('--peak='.length);
  if (!(minutes > 0)) throw new Error('soak: minutes must be a positive number');
  if (peak !== undefined && !(Number(peak) > 0)) throw new Error('soak: --peak must be a positive number of requests per second');
  return { minutes, peak: peak === undefined ? undefined : Number(peak) };
}

/** A fresh install with the channel's secret and the per-address limits off. */
async function prepare(root: string) {
  const dataDir = path.join(root, 'data'), configDir = path.join(root, 'config');
  const app = await buildApp({ dataDir, configDir, adminPassword: PASSWORD });
  try {
    await app.paydesk.settings.update('pay', 'standard', { secrets: SECRET });
    const safety = await app.paydesk.config.get('SYSTEM_SAFETY_API');
    const qps = { block: { ...safety.qps.block, enable: false }, limit: { ...safety.qps.limit, enable: false } };
    await app.paydesk.db.any.updateTable('config').set({ value: JSON.stringify({ ...safety, qps }) }).where('key', '=', 'SYSTEM_SAFETY_API').execute();
  } finally {
    await app.close();
  }
  return { DATA_DIR: dataDir, CONFIG_DIR: configDir };
}

/** Resident set size of a process in MB, from /proc. */
function rssMb(pid: number): number {
  const kb = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) / 1024;
}

class Traffic {
  readonly samples: Sample[] = [];
  readonly errors: string[] = [];
  /** Orders created and not yet paid: what the notifications pay. */
  private unpaid: string[] = [];
  /** When each paid order's notification was answered, for the callback's delay. */
  readonly paidAt = new Map<string, number>();
  private n = 0;
  private readonly wh = new Webhook(SECRET);
  started = performance.now();

  constructor(private server: Running, private merchant: Merchant, private token: string, private apiKey: string) {}

  async one(kind: Kind): Promise<void> {
    const begin = performance.now();
    try {
      const ok = await this.send(kind);
      if (ok === undefined) return; // nothing to do (no unpaid order yet)
      if (!ok.pass) this.errors.push(`${kind}: ${ok.detail}`);
      this.samples.push({ kind, at: begin - this.started, ms: performance.now() - begin });
    } catch (error) {
      this.errors.push(`${kind}: ${(error as Error).message}`);
    }
  }

  private async send(kind: Kind): Promise<{ pass: boolean; detail: string } | undefined> {
    const url = this.server.url;
    const i = this.n++;
    const check = async (res: Response, status: number) => {
      const text = await res.text();
      return { pass: res.status === status, detail: `${res.status} ${text.slice(0, 200)}` };
    };
    if (kind === 'list') {
      const query = i % 2 ? 'page=1&limit=10' : 'status=completed&amount_gte=5&order=createTime%20desc&page=1&limit=20';
      return check(await fetch(`${url}/api/receive-money/rows?${query}`, { headers: { authorization: `Bearer ${this.token}` } }), 200);
    }
    if (kind === 'create') {
      const body = { title: `Soak ${i}`, amount: 10, currency: 'USD', outTradeNo: `soak-${i}`, payUrl: 'https://pay.example.com/x', notifyUrl: this.merchant.url };
      const res = await fetch(`${url}/api/receive-money/create`, {
        method: 'POST', headers: { authorization: `Bearer ${this.apiKey}`, 'content-type': 'application/json' }, body: JSON.stringify(body),
      });
      const text = await res.text();
      if (res.status === 201) this.unpaid.push((JSON.parse(text) as { data: { tradeNo: string } }).data.tradeNo);
      return { pass: res.status === 201, detail: `${res.status} ${text.slice(0, 200)}` };
    }
    if (kind === 'notify') {
      const tradeNo = this.unpaid.shift();
      if (!tradeNo) return undefined;
      const body = JSON.stringify({ tradeNo, status: 'paid', amount: 10, currency: 'USD', channelTradeNo: `gw-${i}`, paidTime: Math.floor(Date.now() / 1000) });
      const id = `msg_soak_${i}`;
      const at = new Date();
      // Before sending: the callback may reach the merchant before this answer reaches us.
      this.paidAt.set(tradeNo, performance.now());
      const res = await fetch(`${url}/api/receive-money/notify/standard`, {
        method: 'POST', body,
        headers: { 'content-type': 'application/json', 'webhook-id': id, 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': this.wh.sign(id, at, body) },
      });
      const result = await check(res, 200);
      if (!result.pass) this.paidAt.delete(tradeNo);
      return result;
    }
    const res = await fetch(`${url}/api/comm/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ account: 'admin', password: PASSWORD }) });
    return check(res, 200);
  }
}

/** Picks a kind of the mix by its weight. */
function pick(): Kind {
  const r = Math.random();
  return r < WEIGHTS.list ? 'list' : r < WEIGHTS.list + WEIGHTS.create ? 'create' : 'notify';
}

/** The mix as fast as 16 requests in flight allow, beside the sign-ins on their clock, for `seconds`: requests per second. */
async function measurePeak(traffic: Traffic, seconds: number): Promise<number> {
  const until = performance.now() + seconds * 1000;
  let done = 0;
  const signIns = (async () => {
    while (performance.now() < until) {
      await Promise.all([traffic.one('sign-in'), new Promise((resolve) => setTimeout(resolve, SIGN_IN_EVERY_MS))]);
    }
  })();
  await Promise.all(Array.from({ length: 16 }, async () => {
    while (performance.now() < until) {
      await traffic.one(pick());
      done++;
    }
  }));
  await signIns;
  return done / seconds;
}

/** Open loop: `rate` requests a second of the mix, sign-ins on their own clock, for `ms`. */
async function drive(traffic: Traffic, rate: number, ms: number, onMinute: (minute: number) => void): Promise<number> {
  let inFlight = 0, skipped = 0, due = 0, minute = 0, lastSignIn = 0;
  const pending = new Set<Promise<void>>();
  const launch = (kind: Kind) => {
    if (inFlight >= MAX_IN_FLIGHT) { skipped++; return; }
    inFlight++;
    const p = traffic.one(kind).finally(() => { inFlight--; pending.delete(p); });
    pending.add(p);
  };
  const start = performance.now();
  let last = start;
  for (let now = start; now - start < ms; now = performance.now()) {
    due += ((now - last) / 1000) * rate;
    last = now;
    for (; due >= 1; due--) launch(pick());
    if (now - lastSignIn >= SIGN_IN_EVERY_MS) { lastSignIn = now; launch('sign-in'); }
    const m = Math.floor((now - start) / 60_000);
    if (m > minute) { minute = m; onMinute(m); }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  await Promise.all(pending);
  return skipped;
}

export async function run(): Promise<Figure[]> {
  const { minutes, peak: givenPeak } = options();
  // The load comes from this process: on the load core, as autocannon is in the other benchmarks.
  if (fs.existsSync('/usr/bin/taskset')) spawnSync('taskset', ['-pc', process.env.BENCH_LOAD_CORE ?? '1', String(process.pid)], { stdio: 'ignore' });
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'paydesk-bench-soak-'));
  const merchant = await startMerchant();
  const env = await prepare(root);
  const log = path.join(root, 'server.log');
  const server = await startPinned(serverArgv(), { ...env, PAYDESK_CALLBACKS_TO_PRIVATE: 'allow' }, log, (url) => fetch(`${url}/api/health`).then((r) => r.ok, () => false));
  try {
    const signIn = await (await fetch(`${server.url}/api/comm/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ account: 'admin', password: PASSWORD }) })).json() as { data: { token: { no: string } } };
    const token = signIn.data.token.no;
    const key = await (await fetch(`${server.url}/api/api-keys/create`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ name: 'soak shop' }) })).json() as { data: { key: string } };
    // The merchant's own callback secret: every callback must verify with it.
    const secret = await (await fetch(`${server.url}/api/callbacks/secret`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: '{}' })).json() as { data: { secret: string } };
    merchant.trust(secret.data.secret);
    const traffic = new Traffic(server, merchant, token, key.data.key);

    const rss: Array<{ label: string; mb: number }> = [{ label: 'start', mb: rssMb(server.pid) }];
    // Read every second and summed up per minute by the median: a single reading lands anywhere in the
    // garbage collector's swing (about 100 MB at this load), which would measure the moment, not a leak.
    const readings: number[] = [];
    const reader = setInterval(() => readings.push(rssMb(server.pid)), 1000);
    const peak = givenPeak ?? (await measurePeak(traffic, 10));
    const rate = peak * 0.8;
    console.log(`soak: peak ${Math.round(peak)} req/s (${givenPeak ? 'given' : 'the mix, 16 in flight, 10 s'}); running ${minutes} min at ${Math.round(rate)} req/s (list ${WEIGHTS.list * 100}%, create ${WEIGHTS.create * 100}%, notify ${WEIGHTS.notify * 100}%) plus a sign-in every ${SIGN_IN_EVERY_MS / 1000} s`);
    traffic.samples.length = 0;
    traffic.paidAt.clear();
    traffic.started = performance.now();
    merchant.reset(traffic.paidAt, traffic.started);
    const errorsBefore = traffic.errors.length;
    const skipped = await drive(traffic, rate, minutes * 60_000, (m) => {
      rss.push({ label: `minute ${m}`, mb: percentile(readings.splice(0), 0.5) });
      console.log(`soak: minute ${m}: ${traffic.samples.length} requests so far, ${traffic.errors.length - errorsBefore} errors, RSS ${rss.at(-1)!.mb.toFixed(0)} MB`);
    });
    clearInterval(reader);
    if (readings.length >= 30) rss.push({ label: `minute ${Math.ceil(minutes)}`, mb: percentile(readings.splice(0), 0.5) });
    // The callbacks of the last payments are on their way: give the outbox a moment to send them.
    const deadline = Date.now() + 30_000;
    while (merchant.received() < traffic.paidAt.size && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
    const samples = [...traffic.samples, ...merchant.samples()];
    const missing = traffic.paidAt.size - merchant.received();
    const errors = traffic.errors.slice(errorsBefore)
      .concat(missing > 0 ? [`callback: ${missing} of ${traffic.paidAt.size} not delivered within 30 s of the end`] : [])
      .concat(merchant.forged() ? [`callback: ${merchant.forged()} did not verify with the merchant's secret`] : []);
    return report(samples, errors, rss, { minutes, rate, skipped, log });
  } finally {
    await server.stop();
    await merchant.close();
    fs.rmSync(root, { recursive: true, force: true });
  }
}

function report(samples: Sample[], errors: string[], rss: Array<{ label: string; mb: number }>, o: { minutes: number; rate: number; skipped: number; log: string }): Figure[] {
  const minutes = Math.ceil(o.minutes);
  const kinds: Array<Sample['kind']> = [...KINDS, 'callback'];
  console.log(`\nsoak: per minute and kind, median / p99 latency in ms (requests)\n${'minute'.padEnd(8)}${kinds.map((k) => k.padStart(24)).join('')}`);
  for (let m = 0; m < minutes; m++) {
    const cells = kinds.map((kind) => {
      const ms = samples.filter((s) => s.kind === kind && Math.floor(s.at / 60_000) === m).map((s) => s.ms);
      return `${percentile(ms, 0.5).toFixed(1)} / ${percentile(ms, 0.99).toFixed(1)} (${ms.length})`.padStart(24);
    });
    console.log(`${String(m + 1).padEnd(8)}${cells.join('')}`);
  }
  const total = samples.filter((s) => s.kind !== 'callback').length;
  console.log(`soak: ${total} requests (${Math.round(total / (o.minutes * 60))} req/s against ${Math.round(o.rate)} asked; ${o.skipped} not sent because ${MAX_IN_FLIGHT} were in flight)`);
  console.log(`soak: RSS (median of each minute's readings) ${rss.map((r) => `${r.label} ${r.mb.toFixed(0)} MB`).join(', ')}`);
  for (const e of errors.slice(0, 20)) console.log(`soak: error ${e}`);
  if (errors.length > 20) console.log(`soak: … and ${errors.length - 20} more errors (server log: ${o.log})`);

  // Growth after the first minute: from the second minute's median to the last one's. A run of two minutes or
  // less has no such span, and compares its last minute with the start.
  const afterFirst = rss.find((r) => r.label === 'minute 2' && r !== rss.at(-1)) ?? rss[0]!;
  const end = rss.at(-1)!;
  const figures: Figure[] = [
    { name: `soak ${o.minutes} min: errors (every kind, callbacks missing or forged)`, value: errors.length + o.skipped, unit: '', target: atMost(0), note: `${total} requests at ${Math.round(o.rate)} req/s asked` },
    { name: `soak ${o.minutes} min: RSS growth after ${afterFirst === rss[0] ? 'the start' : 'the first minute'}`, value: ((end.mb - afterFirst.mb) / afterFirst.mb) * 100, unit: '%', target: atMost(10), note: `medians: ${afterFirst.label} ${afterFirst.mb.toFixed(0)} MB, ${end.label} ${end.mb.toFixed(0)} MB; start ${rss[0]!.mb.toFixed(0)} MB` },
  ];
  for (const kind of kinds) {
    const ms = samples.filter((s) => s.kind === kind).map((s) => s.ms);
    if (ms.length) figures.push({ name: `soak ${o.minutes} min: ${kind} p99, whole run`, value: percentile(ms, 0.99), unit: 'ms', note: `${ms.length} samples; worst minute ${Math.max(...Array.from({ length: minutes }, (_, m) => percentile(samples.filter((s) => s.kind === kind && Math.floor(s.at / 60_000) === m).map((s) => s.ms), 0.99)).filter((v) => !Number.isNaN(v))).toFixed(1)} ms` });
  }
  return figures;
}
