/**
 * `npm run backup` and `npm run restore` on a real install: a server process
 * takes orders through an API key and payment notifications while the backup
 * runs in another process; the archive is refused where it would overwrite,
 * and when it is cut short; restored into fresh folders, a second server
 * there has every order committed before the backup began (paid ones paid),
 * the upload, the sign-in key, and honours the token and the API key issued
 * by the first.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG } from '../fakes/images';
import { startServer, type ServerProcess } from '../multi/server-process';
import { changeSafety, limits, type AdminCall } from '../multi/safety-config';
import { ADMIN_PASSWORD } from '../support/app';
import { restoreBackup } from '../../scripts/backup/unpack';
import { processUser } from '../../server/places';
import { placesFrom } from '../../server/places';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SECRET = 'whsec_' + Buffer.from('backup-test-secret-0123456789').toString('base64');

/** `npm run <script> <file>` as an operator types it; its exit code and everything it printed. */
function npmRun(script: 'backup' | 'restore', file: string, env: Record<string, string>) {
  const child = spawn('npm', ['run', '--silent', script, file], { cwd: ROOT, env: { ...process.env, DATABASE_URL: '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => { output += chunk; });
  child.stderr.on('data', (chunk) => { output += chunk; });
  return new Promise<{ code: number | null; output: string }>((resolve) => child.once('close', (code) => resolve({ code, output })));
}

async function call(server: ServerProcess, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, auth?: string) {
  const res = await fetch(server.url + url, {
    method,
    headers: { cookie: 'lang=en-us', ...(body !== undefined && { 'content-type': 'application/json' }), ...(auth && { authorization: `Bearer ${auth}` }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as { code: number; msg: string; data: any };
}

/** Files (not folders) under `dir`: what "nothing was written" is checked against. */
const filesIn = (dir: string) => (fs.existsSync(dir) ? (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(dir, f)).isFile()) : []);

interface Committed { id: number; tradeNo: string; at: number; paidAt?: number }

describe('backup and restore of a running install', () => {
  let root: string;
  const running: ServerProcess[] = [];
  const places = (name: string) => ({ DATA_DIR: path.join(root, name, 'data'), CONFIG_DIR: path.join(root, name, 'config') });

  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'paydesk-backup-'));
  });
  afterAll(async () => {
    await Promise.all(running.map((server) => server.stop()));
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('restores every order committed before the backup began, with the uploads, tokens and API keys', async () => {
    const first = await startServer({ ...places('first'), ADMIN_PASSWORD, DATABASE_URL: '' });
    running.push(first);
    const token = (await call(first, 'POST', '/api/comm/sign-in', { account: 'admin', password: ADMIN_PASSWORD })).data.token.no as string;
    const admin: AdminCall = (method, url, body) => call(first, method, url, body, token);
    // The writer below runs as fast as the server answers; the default per-client limit would refuse it.
    await changeSafety(admin, limits({ enable: false }));
    expect((await admin('PUT', '/api/toml/pay-standard', { secrets: SECRET })).code).toBe(200);
    const key = (await call(first, 'POST', '/api/api-keys/create', { name: 'shop server' }, token)).data.key as string;
    const form = new FormData();
    form.append('file', new Blob([PNG], { type: 'image/png' }), 'logo.png');
    const upload = (await (await fetch(`${first.url}/api/file/upload`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } })).json()) as { data: { path: string } };
    const publicKey = (await call(first, 'GET', '/api/comm/init')).data;

    // The merchant's server: orders by API key, and every other one paid by a signed notification.
    const committed: Committed[] = [];
    let writing = true;
    const writer = (async () => {
      for (let i = 0; writing; i++) {
        const made = await call(first, 'POST', '/api/receive-money/create', { title: `Order ${i}`, amount: 12.5, currency: 'USD', payUrl: 'https://pay.example.com/x' }, key);
        expect(made.code, made.msg).toBe(201);
        const order: Committed = { id: made.data.id, tradeNo: made.data.tradeNo, at: Date.now() };
        committed.push(order);
        if (i % 2) continue;
        const body = JSON.stringify({ tradeNo: order.tradeNo, status: 'paid', amount: 12.5, currency: 'USD', channelTradeNo: `gw-${i}`, paidTime: Math.floor(Date.now() / 1000) });
        const id = `msg_backup_${i}`;
        const at = new Date();
        const res = await fetch(`${first.url}/api/receive-money/notify/standard`, {
          method: 'POST', body,
          headers: { 'content-type': 'application/json', 'webhook-id': id, 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': new Webhook(SECRET).sign(id, at, body) },
        });
        expect(res.status, await res.clone().text()).toBe(200);
        order.paidAt = Date.now();
      }
    })();
    await expect.poll(() => committed.length, { timeout: 20_000, interval: 50 }).toBeGreaterThanOrEqual(10);

    const archive = path.join(root, 'paydesk.tar.gz');
    const began = Date.now();
    const backup = await npmRun('backup', archive, places('first'));
    const ended = Date.now();
    writing = false;
    await writer;
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toContain(`Backed up to ${archive}`);
    const before = committed.filter((o) => o.at < began);
    // The backup ran while orders were being written, not after they stopped.
    expect(committed.filter((o) => o.at > began && o.at < ended).length).toBeGreaterThan(0);
    const reported = Number(/: SQLite, [^:]+: ([\d,]+) orders/.exec(backup.output)?.[1]?.replace(/,/g, ''));
    expect(reported).toBeGreaterThanOrEqual(before.length);
    expect(backup.output).toMatch(/uploads +\S+: 1 file,/);

    // Never over an install in use, and never from a broken or foreign file; each refusal says why, and nothing is written.
    await expect(restoreBackup(placesFrom(places('first')), archive)).rejects.toThrow(/^CONFIG_DIR \(.*\) is not empty: it holds /);
    await expect(restoreBackup(placesFrom(places('third')), path.join(ROOT, 'package.json'))).rejects.toThrow(/is not a Paydesk backup \(it is not a gzip archive/);
    const foreign = path.join(root, 'foreign.tar.gz');
    fs.writeFileSync(foreign, gzipSync(Buffer.alloc(4096, 'not a tar at all ')));
    await expect(restoreBackup(placesFrom(places('third')), foreign)).rejects.toThrow(/is not a Paydesk backup, or it is damaged/);
    const cut = path.join(root, 'cut.tar.gz');
    fs.writeFileSync(cut, fs.readFileSync(archive).subarray(0, Math.floor(fs.statSync(archive).size * 0.9)));
    // As the operator sees it (exit code, message, no stack trace), beside the real restore.
    const [broken, restored] = await Promise.all([npmRun('restore', cut, places('third')), npmRun('restore', archive, places('second'))]);
    expect(broken.code).toBe(1);
    expect(broken.output).toMatch(/^restore refused: .*cut\.tar\.gz is cut short/);
    expect(broken.output).not.toMatch(/\n\s+at /);
    expect(filesIn(path.join(root, 'third'))).toEqual([]);

    expect(restored.code, restored.output).toBe(0);
    expect(restored.output).toContain(`${reported.toLocaleString('en-US')} orders`);
    // Who owns what was restored, and the chown a server running as its own user needs (issue 33).
    expect(restored.output).toContain(`The restored files belong to ${processUser()}.`);
    expect(restored.output).toContain(`chown -R paydesk: ${places('second').DATA_DIR} ${places('second').CONFIG_DIR}`);
    const second = await startServer({ ...places('second'), DATABASE_URL: '' });
    running.push(second);

    // The first server's token and the merchant's key work on the restored one.
    const rows = await call(second, 'GET', '/api/receive-money/find?limit=1000', undefined, key);
    expect(rows.code, rows.msg).toBe(200);
    const byId = new Map((rows.data as Array<{ id: number; tradeNo: string; status: string }>).map((row) => [row.id, row]));
    expect(byId.size).toBe(reported);
    for (const order of before) {
      expect(byId.get(order.id), `order ${order.id}, committed before the backup began`).toMatchObject({
        tradeNo: order.tradeNo, status: order.paidAt !== undefined && order.paidAt < began ? 'completed' : expect.any(String),
      });
    }
    expect(before.filter((o) => o.paidAt !== undefined && o.paidAt < began).length).toBeGreaterThan(0);
    const total = await call(second, 'GET', '/api/receive-money/rows?limit=1', undefined, token);
    expect(total.code, total.msg).toBe(200);
    expect(total.data.total).toBe(reported);
    const served = await fetch(second.url + upload.data.path);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(Buffer.from(PNG));
    // The sign-in key came back too: a console that cached the old public key still signs in.
    expect((await call(second, 'GET', '/api/comm/init')).data).toEqual(publicKey);
  }, 120_000);
});
