/**
 * `npx tsx scripts/readme-blocks.ts` (a step of CI, .ci/run): every block of
 * README.md fenced ```sh runnable or ```ts runnable runs, in order, as a
 * reader would run it on a fresh checkout, against a server started as
 * `npm start` starts it. A block that fails stops the run, named by its line.
 *
 * - The checkout is a copy of the sources (node_modules linked) in a
 *   temporary folder, so blocks that write (a backup, a new schema file, a
 *   seed) leave the working tree alone; DATA_DIR and CONFIG_DIR are that
 *   copy's `data` and `config`, empty at the start.
 * - The server is `node scripts/start.mjs` (what `npm start` execs) with
 *   INSTALL_LANG=en-us; its front end is not built (STATIC_DIR), since no block
 *   loads a page. The admin's password is read from the first start's banner,
 *   as the quick start tells a new user to do.
 * - sh blocks run in bash with `set -eo pipefail` in the copy, with `$BASE`
 *   (the server's address), `$ADMIN_TOKEN` (the admin's token) and
 *   `$ADMIN_PASSWORD` (the printed password) set.
 * - ts blocks are type-checked together first, then each runs under tsx with
 *   the same environment; one that starts with `// <path>` is written to that
 *   path of the copy (the table recipe's schema file) and loaded from there.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runnableBlocks, type Block } from './readme/blocks';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const COPIED = ['package.json', 'package-lock.json', 'tsconfig.json', 'schema', 'server', 'scripts'];
const BLOCK_TIMEOUT_MS = 180_000;

/** Stops the run: the server is stopped and the message printed on the way out. */
const fail = (message: string): never => {
  throw new Error(message);
};

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Runs a command to its end; its output is kept for the failure message. */
function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => { output += chunk; });
    child.stderr.on('data', (chunk) => { output += chunk; });
    const timer = setTimeout(() => { output += `\n(stopped after ${BLOCK_TIMEOUT_MS / 1000} s)`; child.kill('SIGKILL'); }, BLOCK_TIMEOUT_MS);
    child.on('close', (code) => { clearTimeout(timer); resolve({ code, output }); });
  });
}

/** Where a ts block is written in the copy: its own path, or a file named after its line. */
const fileOf = (block: Block) => block.path ?? `readme-blocks/line-${block.line}.ts`;

const blocks = runnableBlocks(fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8'));
if (!blocks.length) throw new Error('README.md has no runnable block: nothing was checked');

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'paydesk-readme-'));
for (const item of COPIED) fs.cpSync(path.join(ROOT, item), path.join(dir, item), { recursive: true });
fs.rmSync(path.join(dir, 'build'), { recursive: true, force: true });
fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
const noFrontEnd = path.join(dir, 'no-front-end');
fs.mkdirSync(noFrontEnd);

const port = await freePort();
const BASE = `http://127.0.0.1:${port}`;
const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: path.join(dir, 'data'), CONFIG_DIR: path.join(dir, 'config'), LOG: 'off' };
delete env.DATABASE_URL;
delete env.ADMIN_PASSWORD;
const server = spawn(process.execPath, ['scripts/start.mjs'], {
  cwd: dir, env: { ...env, HOST: '127.0.0.1', PORT: String(port), INSTALL_LANG: 'en-us', STATIC_DIR: noFrontEnd }, stdio: ['ignore', 'pipe', 'pipe'],
});
let serverOutput = '';
server.stdout.on('data', (chunk) => { serverOutput += chunk; });
server.stderr.on('data', (chunk) => { serverOutput += chunk; });
/** SIGTERM (a graceful shutdown), and SIGKILL if it has not ended 15 s later. */
const stopServer = async () => {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  const late = setTimeout(() => server.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(late);
};

try {
  const deadline = Date.now() + 120_000;
  while (!(await fetch(`${BASE}/api/ready`).then((r) => r.ok, () => false))) {
    if (server.exitCode !== null || Date.now() > deadline) fail(`The server did not start:\n${serverOutput}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const password = /sign in as "admin" with password "([^"]+)"/.exec(serverOutput)?.[1] ?? fail(`The first start printed no admin password:\n${serverOutput}`);
  const signIn = await fetch(`${BASE}/api/comm/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ account: 'admin', password }) });
  const ADMIN_TOKEN = ((await signIn.json()) as { data?: { token?: { no?: string } } }).data?.token?.no ?? fail(`The printed password did not sign in (${signIn.status})`);
  const blockEnv = { ...env, BASE, ADMIN_TOKEN, ADMIN_PASSWORD: password };

  const tsBlocks = blocks.filter((b) => b.lang === 'ts');
  for (const block of tsBlocks) {
    fs.mkdirSync(path.dirname(path.join(dir, fileOf(block))), { recursive: true });
    fs.writeFileSync(path.join(dir, fileOf(block)), block.code);
  }
  if (tsBlocks.length) {
    fs.writeFileSync(path.join(dir, 'tsconfig.readme.json'), JSON.stringify({ extends: './tsconfig.json', include: [], files: tsBlocks.map(fileOf) }));
    const checked = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.readme.json'], { cwd: dir, encoding: 'utf8' });
    if (checked.status !== 0) {
      const lines = checked.stdout.split('\n').filter(Boolean).map((l) => {
        const block = tsBlocks.find((b) => l.startsWith(fileOf(b)));
        return block ? `README.md:${block.line} (ts block, as ${fileOf(block)}): ${l}` : l;
      });
      fail(`A TypeScript block of the README does not type-check:\n${lines.join('\n')}`);
    }
    console.log(`ok   ${tsBlocks.length} ts blocks type-check`);
  }

  for (const block of blocks) {
    const started = Date.now();
    const result = block.lang === 'sh'
      ? await run('bash', ['-c', `set -eo pipefail\n${block.code}`], dir, blockEnv)
      : await run(process.execPath, ['--import', 'tsx', fileOf(block)], dir, blockEnv);
    if (result.code !== 0) fail(`README.md:${block.line}: the ${block.lang} block failed (exit ${result.code}):\n${block.code}\n--- its output ---\n${result.output}`);
    console.log(`ok   README.md:${block.line} (${block.lang}, ${((Date.now() - started) / 1000).toFixed(1)} s)`);
  }
  console.log(`\nEvery runnable block of README.md ran: ${blocks.length} blocks.`);
  await stopServer();
  fs.rmSync(dir, { recursive: true, force: true });
} catch (error) {
  await stopServer();
  console.error(`\n${(error as Error).message}\n(the checkout it ran in is kept: ${dir})`);
  process.exitCode = 1;
}
