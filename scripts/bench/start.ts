/**
 * A restart with nothing changed (issue 14): `npm start`'s own command
 * (scripts/start.mjs: stamp check, then the compiled server) from spawn to the
 * first answer of `/api/comm/init`, on an existing data folder. Reports the
 * wall time (what an operator waits for, moved by whatever else the machine
 * runs) and the CPU time the process used to get there (what it costs).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { atMost, median, type Figure } from './figures';
import { freePort } from './processes';
import { serverArgv } from './server-command';

const RESTARTS = 3;

/** User + system CPU seconds of a running process, from /proc (Linux); NaN elsewhere. */
function cpuSeconds(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

async function startOnce(env: Record<string, string>): Promise<{ wall: number; cpu: number }> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['scripts/start.mjs'], { env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG: 'off' }, stdio: 'ignore' });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited ${child.exitCode}`);
      if (await fetch(`http://127.0.0.1:${port}/api/comm/init`).then((r) => r.ok, () => false)) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return { wall: (performance.now() - started) / 1000, cpu: cpuSeconds(child.pid!) };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

export async function run(): Promise<Figure[]> {
  // Whatever is stale is built first (as the first `npm start` after a change would), outside the timing.
  serverArgv();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'paydesk-bench-start-'));
  const env = { DATA_DIR: path.join(root, 'data'), CONFIG_DIR: path.join(root, 'config'), ADMIN_PASSWORD: 'bench-pass-123' };
  try {
    await startOnce(env); // the first start creates the database and the settings: not a restart
    const runs = [];
    for (let i = 0; i < RESTARTS; i++) runs.push(await startOnce(env));
    console.log(`  restarts: ${runs.map((r) => `${r.wall.toFixed(2)} s (CPU ${r.cpu.toFixed(2)} s)`).join(', ')}`);
    return [
      { name: 'start: restart with nothing changed, ready', value: median(runs.map((r) => r.wall)), unit: 's', target: atMost(3), note: `median of ${RESTARTS}; CPU ${median(runs.map((r) => r.cpu)).toFixed(2)} s` },
    ];
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}
