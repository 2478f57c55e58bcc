/**
 * `npm start` under a process manager: the manager signals the process it
 * started, which is npm. The signal must reach the server so that its
 * graceful shutdown runs (the request in flight is answered, the process
 * exits 0) instead of npm dying and leaving the server running without it.
 *
 * The command runs in a copy of the project's server sources (node_modules
 * linked, STATIC_DIR set so the front end is not built), so this test builds
 * the server bundle into its own folder and never into the project's build/.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { halfSentSignIn, refusesConnections } from '../multi/in-flight';
import { freePort } from '../multi/server-process';
import { ADMIN_PASSWORD } from '../support/app';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const COPIED = ['package.json', 'package-lock.json', 'tsconfig.json', 'scripts/start.mjs', 'server', 'schema'];

describe('SIGTERM to npm start', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'paydesk-npm-start-'));
    for (const item of COPIED) fs.cpSync(path.join(ROOT, item), path.join(dir, item), { recursive: true });
    fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('reaches the server: the request in flight is answered and npm exits 0', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const npm = spawn('npm', ['start'], {
      cwd: dir,
      env: {
        ...process.env, HOST: '127.0.0.1', PORT: String(port), LOG: 'on', ADMIN_PASSWORD,
        DATA_DIR: path.join(dir, 'data'), CONFIG_DIR: path.join(dir, 'config'), STATIC_DIR: path.join(dir, 'no-front-end'), DATABASE_URL: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      // A process group of its own, so that cleaning up after a failure also ends a server npm left behind.
      detached: true,
    });
    let output = '';
    npm.stdout!.on('data', (chunk) => { output += chunk; });
    npm.stderr!.on('data', (chunk) => { output += chunk; });
    const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
    try {
      // The probe a process manager or load balancer would poll.
      await expect.poll(() => fetch(`${url}/api/health`).then((r) => r.status, () => 0), { timeout: 60_000, interval: 200 }).toBe(200);

      const inFlight = halfSentSignIn(url);
      await inFlight.received;
      npm.kill('SIGTERM');
      await expect.poll(() => refusesConnections(port), { timeout: 10_000, interval: 50 }).toBe(true);
      const reply = await inFlight.finish();
      expect(reply.status).toBe(200);
      expect(reply.body.data.token.no).toEqual(expect.any(String));
      expect(await exited, output).toBe(0);
    } finally {
      try {
        process.kill(-npm.pid!, 'SIGKILL');
      } catch {
        // The group is gone already: everything in it exited.
      }
    }
    expect(output).toContain('SIGTERM: finishing requests in flight, then closing');
    // The request log has the sign-in's line and none of the probes'.
    expect(output).toContain('/api/comm/sign-in');
    expect(output).not.toContain('/api/health');
  });
});

/**
 * What a newcomer sees on the first `npm start` of a fresh clone: the front
 * end and the server are built, the data folder is made, and the output is a
 * few plain lines. Known-harmless warnings from libraries are silenced in
 * the Vite config by code and module; any other warning would print here.
 */
describe('the first npm start of a fresh clone', () => {
  const FRESH = [...COPIED, 'pay', 'admin', 'scripts'];
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'paydesk-fresh-start-'));
    for (const item of FRESH) fs.cpSync(path.join(ROOT, item), path.join(dir, item), { recursive: true });
    fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('builds and starts with a short, clean output: no build warnings, no missing storage folder', { timeout: 300_000 }, async () => {
    const port = await freePort();
    // As a newcomer's shell: no STATIC_DIR (the front end is built and served from dist/), no test-run NODE_ENV.
    const { STATIC_DIR: _static, NODE_ENV: _mode, ...shell } = process.env;
    const npm = spawn('npm', ['start'], {
      cwd: dir,
      env: { ...shell, HOST: '127.0.0.1', PORT: String(port), ADMIN_PASSWORD, DATA_DIR: path.join(dir, 'data'), CONFIG_DIR: path.join(dir, 'config'), DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    npm.stdout!.on('data', (chunk) => { output += chunk; });
    npm.stderr!.on('data', (chunk) => { output += chunk; });
    const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
    try {
      await expect.poll(() => fetch(`http://127.0.0.1:${port}/`).then((r) => r.status, () => 0), { timeout: 240_000, interval: 500 }).toBe(200);
      npm.kill('SIGTERM');
      expect(await exited, output).toBe(0);
    } finally {
      try {
        process.kill(-npm.pid!, 'SIGKILL');
      } catch {
        // The group is gone already: everything in it exited.
      }
    }
    expect(output).toContain('built the front end');
    const lines = output.split('\n').filter((line) => line.trim() !== '');
    expect(lines.filter((line) => /warn|\(!\)|rollup|annotation|chunk|must exist/i.test(line)), output).toEqual([]);
    // The build lines, the start banner and the shutdown: a screenful, not forty lines of warnings.
    expect(lines.length, output).toBeLessThanOrEqual(25);
    expect(fs.existsSync(path.join(dir, 'data', 'storage'))).toBe(true);
  });
});
