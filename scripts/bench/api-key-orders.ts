/**
 * A merchant's server creating orders with its API key (issue 32), as
 * installed: `npm start`'s server alone on core 0, the file cache, and the
 * rate limits on with the installed defaults (50 a second per address for anonymous
 * callers; an API key has its own budget, SYSTEM_SAFETY_API `qps.limit.caller`).
 * From one address, over HTTP:
 *  - paced at 100 orders a second for ORDERS orders: how many were refused (429) or failed;
 *  - as fast as WRITERS parallel writers go: the orders per second the server sustains
 *    on this machine, and the 429s among them (the key's budget, 200 a second, may be the bound).
 * Target: at 100 a second, no refusal.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../server/app';
import { atLeast, atMost, type Figure } from './figures';
import { startPinned } from './processes';
import { serverArgv } from './server-command';

const ORDERS = 1000;
const WRITERS = 4;
const PASSWORD = 'bench-pass-123';

/** A data folder whose admin holds an API key; the limits as installed. */
async function prepare(root: string) {
  const dataDir = path.join(root, 'data'), configDir = path.join(root, 'config');
  const app = await buildApp({ dataDir, configDir, adminPassword: PASSWORD });
  try {
    const safety = await app.paydesk.config.get('SYSTEM_SAFETY_API');
    const qps = { block: { enable: true, count: 3, second: 3600 }, limit: { enable: true, global: 50, point: 15 } };
    await app.paydesk.db.any.updateTable('config').set({ value: JSON.stringify({ ...safety, qps }) }).where('key', '=', 'SYSTEM_SAFETY_API').execute();
    const signIn = await app.inject({ method: 'POST', url: '/api/comm/sign-in', payload: { account: 'admin', password: PASSWORD } });
    const token = signIn.json().data.token.no as string;
    const made = await app.inject({ method: 'POST', url: '/api/api-keys/create', payload: { name: 'bench shop' }, headers: { authorization: `Bearer ${token}` } });
    return { env: { DATA_DIR: dataDir, CONFIG_DIR: configDir }, key: made.json().data.key as string };
  } finally {
    await app.close();
  }
}

export async function run(): Promise<Figure[]> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'paydesk-bench-keys-'));
  const { env, key } = await prepare(root);
  const server = await startPinned(serverArgv(), { ...env, PAYDESK_JOBS: 'off' }, path.join(root, 'server.log'),
    (url) => fetch(`${url}/api/comm/init`).then((r) => r.ok, () => false));
  const statuses = new Map<number, number>();
  const create = async (i: number) => {
    const res = await fetch(`${server.url}/api/receive-money/create`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({ title: `Bench ${i}`, amount: 12.5, currency: 'USD', payUrl: 'https://pay.example.com/x' }),
    });
    await res.arrayBuffer();
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
  };
  try {
    // Paced: one order every 10 ms, as a busy shop sends them, each on its own (late answers overlap the next).
    const started = performance.now();
    const pending: Array<Promise<void>> = [];
    for (let i = 0; i < ORDERS; i++) {
      const due = started + i * 10;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      pending.push(create(i));
    }
    await Promise.all(pending);
    const paced = Object.fromEntries(statuses);
    const pacedSeconds = (performance.now() - started) / 1000;
    const refusedPaced = ORDERS - (paced[201] ?? 0);
    console.log(`api-key orders: ${ORDERS} at 100 a second took ${pacedSeconds.toFixed(1)} s; answers ${JSON.stringify(paced)}`);
    // Flat out: WRITERS writers, one order after another each.
    statuses.clear();
    const began = performance.now();
    let next = 0;
    await Promise.all(Array.from({ length: WRITERS }, async () => {
      while (next < ORDERS) await create(ORDERS + next++);
    }));
    const seconds = (performance.now() - began) / 1000;
    const flat = Object.fromEntries(statuses);
    const rate = (flat[201] ?? 0) / seconds;
    console.log(`api-key orders: ${ORDERS} by ${WRITERS} writers flat out in ${seconds.toFixed(1)} s: ${rate.toFixed(0)} created a second; answers ${JSON.stringify(flat)}`);
    const note = `one API key, one address, limits on (installed defaults), file cache, server on one core`;
    return [
      { name: 'API-key orders paced at 100/s: answers other than 201', value: refusedPaced, unit: 'orders', target: atMost(0), note: `${ORDERS} orders; ${note}` },
      { name: `API-key orders flat out (${WRITERS} writers): created a second`, value: rate, unit: 'orders/s', target: atLeast(100), note },
      { name: `API-key orders flat out (${WRITERS} writers): refused (429, the key's own budget)`, value: flat[429] ?? 0, unit: 'orders', note },
    ];
  } finally {
    await server.stop();
    fs.rmSync(root, { recursive: true, force: true });
  }
}
