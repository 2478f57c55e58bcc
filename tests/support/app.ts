/**
 * Builds a fresh app for API tests: a new SQLite database in memory (or, with
 * `dialect: 'mysql'`, a new MariaDB database created for the test and dropped
 * after), fresh settings and data folders, and helpers to sign in and call it.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { createConnection } from 'mysql2/promise';
import { buildApp, type AppOptions } from '../../server/app';

export const ADMIN_PASSWORD = 'admin-pass-123';
import { MYSQL_URL, requireService } from './services';

export { MYSQL_URL, REDIS_URL } from './services';

/** Dialects to run a suite on: SQLite always, MariaDB when TEST_MYSQL_URL is set. */
export const DIALECTS: Array<'sqlite' | 'mysql'> = requireService('mysql', 'the API suites on MariaDB') ? ['sqlite'] : ['sqlite', 'mysql'];

async function freshMysql(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `pd_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = await createConnection(MYSQL_URL!);
  await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await admin.end();
  const url = new URL(MYSQL_URL!);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = await createConnection(MYSQL_URL!);
      await c.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await c.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  dataDir: string;
  configDir: string;
  databaseUrl?: string;
  /** inject with JSON body and an optional token. */
  call(method: InjectOptions['method'], url: string, body?: unknown, token?: string, headers?: Record<string, string>): Promise<{ status: number; body: any; headers: Record<string, unknown>; text: string }>;
  signIn(account?: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

/** Turns the rate limits off in the config row, so suites about other things are not throttled. */
export async function setRateLimits(app: FastifyInstance, enable: boolean) {
  const { db, config } = app.paydesk;
  const value = await config.get('SYSTEM_SAFETY_API');
  const next = { ...value, qps: { block: { ...value.qps.block, enable }, limit: { ...value.qps.limit, enable } } };
  await db.kysely.updateTable('config').set({ value: JSON.stringify(next) as never }).where('key', '=', 'SYSTEM_SAFETY_API').execute();
}

export async function makeApp(opts: Partial<AppOptions> & { dialect?: 'sqlite' | 'mysql'; rateLimits?: boolean } = {}): Promise<TestApp> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'paydesk-test-'));
  const dataDir = opts.dataDir ?? path.join(root, 'data');
  const configDir = opts.configDir ?? path.join(root, 'config');
  const mysql = opts.dialect === 'mysql' ? await freshMysql() : undefined;
  const databaseUrl = opts.databaseUrl ?? mysql?.url ?? 'sqlite::memory:';
  const app = await buildApp({ dataDir, configDir, databaseUrl, adminPassword: ADMIN_PASSWORD, ...opts });
  if (!opts.rateLimits) await setRateLimits(app, false);
  const call: TestApp['call'] = async (method, url, body, token, headers = {}) => {
    const res = await app.inject({
      method, url,
      headers: { ...(token && { authorization: `Bearer ${token}` }), ...headers },
      ...(body !== undefined && { payload: body as never }),
    });
    let parsed: unknown;
    try { parsed = res.json(); } catch { parsed = undefined; }
    return { status: res.statusCode, body: parsed, headers: res.headers, text: res.body };
  };
  return {
    app, dataDir, configDir, databaseUrl, call,
    async signIn(account = 'admin', password = ADMIN_PASSWORD) {
      const res = await call('POST', '/api/comm/sign-in', { account, password });
      if (res.status !== 200) throw new Error(`sign-in as ${account} failed: ${res.text}`);
      return res.body.data.token.no;
    },
    async close() {
      await app.close();
      await mysql?.drop();
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}
