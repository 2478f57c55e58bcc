// Quick in-process comparison (not the bench): N notifications through inject on a SQLite file, jobs off.
import fs from 'node:fs'; import os from 'node:os'; import path from 'node:path';
const tree = process.argv[2]!;
const { buildApp } = await import(path.join(tree, 'server/app.ts'));
const { Webhook } = await import('standardwebhooks');
const SECRET = 'whsec_' + Buffer.from('bench-secret-0123456789abcdef').toString('base64');
const N = 1500;
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'nq-'));
const app = await buildApp({ dataDir: path.join(root, 'd'), configDir: path.join(root, 'c'), adminPassword: 'bench-pass-123' });
await app.paydesk.settings.update('pay', 'standard', { secrets: SECRET });
const safety = await app.paydesk.config.get('SYSTEM_SAFETY_API');
await app.paydesk.db.any.updateTable('config').set({ value: JSON.stringify({ ...safety, qps: { block: { ...safety.qps.block, enable: false }, limit: { ...safety.qps.limit, enable: false } } }) }).where('key', '=', 'SYSTEM_SAFETY_API').execute();
const now = Math.floor(Date.now() / 1000);
for (let i = 0; i < N; i += 500) await app.paydesk.db.any.insertInto('receive_money').values(Array.from({ length: 500 }, (_, j) => ({ tradeNo: `b-${i + j}`, title: 'B', amount: 10, currency: 'USD', status: 'pending', notifyUrl: 'https://m.example.com/h', expireTime: now + 3600, createTime: now, updateTime: now, uid: 1, files: '[]' }))).execute();
const wh = new Webhook(SECRET);
let next = 0;
const t0 = performance.now();
await Promise.all(Array.from({ length: 8 }, async () => {
  while (next < N) {
    const i = next++;
    const body = JSON.stringify({ tradeNo: `b-${i}`, status: 'paid', amount: 10, currency: 'USD', channelTradeNo: `gw-${i}` });
    const id = `msg_${i}`; const at = new Date();
    const res = await app.inject({ method: 'POST', url: '/api/receive-money/notify/standard', payload: body, headers: { 'content-type': 'application/json', 'webhook-id': id, 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': wh.sign(id, at, body) } });
    if (res.statusCode !== 200) throw new Error(res.body);
  }
}));
const s = (performance.now() - t0) / 1000;
console.log(`${path.basename(tree)}: ${Math.round(N / s)}/s`);
await app.close(); fs.rmSync(root, { recursive: true, force: true });
