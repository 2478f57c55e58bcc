/**
 * Graceful shutdown of a real server process (server/main.ts): on SIGTERM it
 * stops taking connections, finishes the request in flight, writes the
 * queued log rows and exits 0, so a deploy that replaces instances loses
 * neither answers nor the record of them.
 */
import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD } from '../support/app';
import { halfSentSignIn, refusesConnections } from '../multi/in-flight';
import { startServer, type ServerProcess } from '../multi/server-process';

describe('SIGTERM', () => {
  let dir: string;
  let server: ServerProcess;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'paydesk-shutdown-'));
    // The default database: a SQLite file in DATA_DIR, readable after the process is gone.
    server = await startServer({ DATA_DIR: path.join(dir, 'data'), CONFIG_DIR: path.join(dir, 'config'), ADMIN_PASSWORD, DATABASE_URL: '' });
  });
  afterAll(async () => {
    if (server?.child.exitCode === null) server.child.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('finishes the request in flight, writes the queued log rows and exits 0', async () => {
    for (let i = 0; i < 3; i++) expect((await fetch(`${server.url}/api/config/take?key=SITE_INFO`)).status).toBe(200);
    const inFlight = halfSentSignIn(server.url);
    await inFlight.received;
    server.child.kill('SIGTERM');
    const port = Number(new URL(server.url).port);
    await expect.poll(() => refusesConnections(port), { timeout: 10_000, interval: 50 }).toBe(true);

    const reply = await inFlight.finish();
    expect(reply.status).toBe(200);
    expect(reply.body.data.token.no).toEqual(expect.any(String));
    expect(await server.exited, server.output()).toBe(0);

    const db = new Database(path.join(dir, 'data', 'paydesk.db'), { readonly: true });
    const rows = db.prepare(`SELECT api, code, params FROM logs ORDER BY id`).all() as Array<{ api: string; code: number; params: string }>;
    db.close();
    expect(rows.filter((r) => r.api === '/api/config/take')).toHaveLength(3);
    // The sign-in ended after SIGTERM; its row was queued then and written on the way out.
    expect(rows.filter((r) => r.api === '/api/comm/sign-in')).toEqual([{ api: '/api/comm/sign-in', code: 200, params: '{"account":"admin","password":"***"}' }]);
  });
});
