/**
 * Browser-test harness shared by every e2e suite: a real server on a fresh
 * database serving the built front end, and the system's real Chromium.
 *
 *   const missing = browserMissing();            // skip reason, or null
 *   describe.skipIf(missing)('…', () => {
 *     const server = await startServer();        // { url, app, close }
 *     const browser = await launchBrowser();
 *     …
 *   });
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { Plugin } from 'vite';
import { buildApp, type AppOptions } from '../../server/app';
import { connect, type Db } from '../../server/db/connect';
import { CHROMIUM_PATH, requireService } from '../support/services';

export { CHROMIUM_PATH };

const TOP = fileURLToPath(new URL('../..', import.meta.url));
export const DIST_DIR = join(TOP, 'dist');
export const VITE_CONFIG = join(TOP, 'scripts/vite.config.ts');
export const ARTIFACTS_DIR = join(TOP, 'tests/artifacts');
export const ADMIN_PASSWORD = 'admin-pass-123';

const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

/**
 * Why browser tests cannot run on this machine, or null when they can. A
 * missing browser skips locally (the reason is printed) but is an error in CI,
 * where skipping would hide that nothing was tested.
 */
export const browserMissing = (): string | null => requireService('chromium', 'the browser tests');

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

export interface TestServer {
  /** Origin the server listens on, e.g. http://127.0.0.1:41234 */
  url: string;
  app: FastifyInstance;
  /**
   * A second connection to the server's database, for arranging what the API
   * refuses on purpose (an order's status, its createTime). Write before the
   * first read of a row: the server caches reads and never sees these writes.
   * (Not for `sqlite::memory:`, which no second connection can reach.)
   */
  database(): Db;
  close(): Promise<void>;
}

const SCHEMA_INDEX = join(TOP, 'schema/index.ts');

/**
 * Builds the front end into `outDir` with `registry` (a module under tests/
 * that re-exports schema/index.ts with tables added) in place of the registry:
 * the console of an install whose developer added those tables. Serve it with
 * `startServer({ staticDir: outDir, resources, syncSchema: true })`. Lean (no
 * minifying, no compressed copies): about as long as the main build, so only a
 * suite that needs a table of its own pays for one.
 */
export async function buildFrontEndWith(registry: string, outDir: string): Promise<void> {
  const swap: Plugin = {
    name: 'test:registry',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || importer.startsWith(join(TOP, 'tests'))) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved?.id === SCHEMA_INDEX ? registry : null;
    },
  };
  // Loaded here: only the suite that builds pays for Vite's modules.
  const [{ build }, { default: react }] = await Promise.all([import('vite'), import('@vitejs/plugin-react')]);
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: false, root: join(TOP, 'pay'), base: './', mode: 'production', logLevel: 'error',
      plugins: [react(), swap],
      build: { outDir, emptyOutDir: true, target: 'es2022', minify: false, reportCompressedSize: false },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
}

/** A real app on a fresh data and config dir, serving `dist/`, on a free loopback port. */
export async function startServer(opts: Partial<AppOptions> = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'paydesk-data-'));
  const configDir = mkdtempSync(join(tmpdir(), 'paydesk-config-'));
  const app = await buildApp({ dataDir, configDir, adminPassword: ADMIN_PASSWORD, staticDir: DIST_DIR, ...opts });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  let db: Db | undefined;
  return {
    url,
    app,
    database: () => (db ??= connect(opts.databaseUrl, dataDir)),
    async close() {
      await db?.close();
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(configDir, { recursive: true, force: true });
    },
  };
}

/** Calls the API in-process and returns the envelope; throws on a transport failure only. */
export async function callApi<T = any>(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: Record<string, unknown>,
  token?: string,
): Promise<{ code: number; msg: string; data: T }> {
  const res = await app.inject({
    method,
    url,
    payload: body,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return res.json();
}

/** The admin account's token, for arranging data through the API as an operator would. */
export async function adminToken(app: FastifyInstance): Promise<string> {
  const res = await callApi<{ token: { no: string } }>(app, 'POST', '/api/comm/sign-in', {
    account: 'admin',
    password: ADMIN_PASSWORD,
  });
  if (res.code !== 200) throw new Error(`admin sign-in failed: ${res.code} ${res.msg}`);
  return res.data.token.no;
}

/**
 * Saves a full-page PNG to tests/artifacts/<name>.png (git-ignored) for a human to look at. Nobody looks at CI's,
 * and a full page encoded under load costs up to a second each (a few minutes a run), so under CI only
 * E2E_SCREENSHOTS=1 takes them; the path is returned either way.
 */
export async function screenshot(page: Page, name: string): Promise<string> {
  const path = join(ARTIFACTS_DIR, `${name.replace(/[^\w.-]+/g, '-')}.png`);
  if (process.env.CI && process.env.E2E_SCREENSHOTS !== '1') return path;
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  await page.screenshot({ path, fullPage: true });
  return path;
}
