/**
 * Real server processes for the tests that need more than `inject`: graceful
 * shutdown on SIGTERM and several instances sharing MariaDB and Redis. Each
 * is `server/main.ts` under node with tsx, on a free port, with the given
 * environment; its output is kept for the failure message.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createConnection } from 'mysql2/promise';
import { SMTP_CA_FILE } from '../fakes/smtp';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  output(): string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  /** SIGTERM, then the exit code. */
  stop(): Promise<number | null>;
}

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Starts `server/main.ts` and waits until it answers `GET /api/comm/init`. */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    // It trusts the fake mail server's certificate, as a deployment trusts its mail server's CA.
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), LOG: 'off', NODE_EXTRA_CA_CERTS: SMTP_CA_FILE, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => { output += chunk; });
  child.stderr!.on('data', (chunk) => { output += chunk; });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} before answering:\n${output}`);
    const up = await fetch(`${url}/api/comm/init`).then((r) => r.ok, () => false);
    if (up) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not answer within 60 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url, child, exited,
    output: () => output,
    stop: () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

/** A fresh MariaDB database next to TEST_MYSQL_URL's, for processes to share; `drop` removes it. */
export async function freshDatabase(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `pd_multi_${randomBytes(4).toString('hex')}`;
  const run = async (statement: string) => {
    const c = await createConnection(baseUrl);
    await c.query(statement);
    await c.end();
  };
  await run(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS \`${name}\``) };
}

/** A config folder whose cache.toml names the Redis at `redisUrl` under a prefix of its own. */
export function redisConfigDir(redisUrl: string): string {
  const url = new URL(redisUrl);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'paydesk-redis-config-'));
  fs.writeFileSync(path.join(dir, 'cache.toml'), [
    '[default]', 'type = "redis"', '',
    '[redis]', `host = "${url.hostname}"`, `port = ${url.port || 6379}`, `database = ${Number(url.pathname.slice(1) || 0)}`,
    `prefix = "pd${randomBytes(6).toString('hex')}"`, 'expired = 600', `password = "${decodeURIComponent(url.password)}"`, '',
  ].join('\n'));
  return dir;
}
