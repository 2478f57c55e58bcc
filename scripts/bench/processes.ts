/**
 * The processes of the API benchmark: the server under test and the
 * hand-written routes each run alone on core 0 (taskset), the load comes from
 * autocannon on core 1, so neither steals the other's CPU and the figures are
 * those of one server core. On a machine shared with other work the absolute
 * figures move; the ratios between runs taken side by side are what count.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';

const run$ = promisify(execFile);
const SERVER_CORE = process.env.BENCH_SERVER_CORE ?? '0';
const LOAD_CORE = process.env.BENCH_LOAD_CORE ?? '1';
const hasTaskset = fs.existsSync('/usr/bin/taskset');
const pinned = (core: string, argv: string[]) => (hasTaskset ? ['taskset', ['-c', core, ...argv]] as const : [argv[0]!, argv.slice(1)] as const);

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface Running {
  url: string;
  /** The process id of the server itself (taskset execs it in place). */
  pid: number;
  stop(): Promise<void>;
}

/** Starts `argv` on the server core with `env` (+ PORT), output to `logFile`, and waits for `ready(url)`. */
export async function startPinned(argv: string[], env: Record<string, string>, logFile: string, ready: (url: string) => Promise<boolean>): Promise<Running> {
  const port = await freePort();
  const out = fs.openSync(logFile, 'a');
  const [command, args] = pinned(SERVER_CORE, argv);
  const child: ChildProcess = spawn(command, [...args], { env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' }, stdio: ['ignore', out, out] });
  fs.closeSync(out);
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 120_000;
  while (!(await ready(url).catch(() => false))) {
    if (child.exitCode !== null) throw new Error(`${argv.join(' ')} exited ${child.exitCode}: see ${logFile}\n${fs.readFileSync(logFile, 'utf8').slice(-2000)}`);
    if (Date.now() > deadline) throw new Error(`${argv.join(' ')} not ready after 120 s: see ${logFile}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    pid: child.pid!,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

export interface LoadResult {
  rps: number;
  /** Mean latency in ms. */
  latency: number;
}

/** autocannon on the load core: 16 connections for `seconds`; any non-2xx/304 answer is an error. */
export async function load(url: string, headers: Record<string, string> = {}, seconds = Number(process.env.BENCH_SECONDS ?? 5), expect304 = false): Promise<LoadResult> {
  const args = [path.resolve('node_modules/autocannon/autocannon.js'), '-j', '-c', '16', '-d', String(seconds)];
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}=${v}`);
  const [command, rest] = pinned(LOAD_CORE, [process.execPath, ...args, url]);
  const { stdout } = await run$(command, [...rest], { maxBuffer: 16 * 1024 * 1024 });
  const result = JSON.parse(stdout);
  const bad = expect304 ? result['2xx'] + result.non2xx - (result.statusCodeStats?.['304']?.count ?? 0) : result.non2xx;
  if (bad || result.errors) throw new Error(`${url}: ${bad} unexpected answers, ${result.errors} errors`);
  return { rps: Math.round(result.requests.average), latency: result.latency.average };
}

/** Mean latency in ms of `n` sequential requests from this process, each after `before()`. */
export async function sequential(n: number, url: string, headers: Record<string, string>, before: () => Promise<unknown> = async () => {}): Promise<number> {
  let total = 0;
  for (let i = 0; i < n; i++) {
    await before();
    const start = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    if (res.status >= 400) throw new Error(`${url}: ${res.status}`);
    total += performance.now() - start;
  }
  return total / n;
}
