#!/usr/bin/env node
/**
 * `npm start`: builds what changed since the last build, then runs the
 * compiled server. Plain JavaScript so that starting needs no TypeScript
 * loader (`npm run dev` keeps tsx, with reloads, for development).
 *
 * - The front end (pay/, admin/, schema/, the Vite config) is built by Vite
 *   into dist/ when its sources differ from those of the last build.
 * - The server (server/, schema/) is bundled by esbuild (Vite's own) into
 *   build/server/main.js, its dependencies left to node_modules, and each
 *   migration file into build/server/migrations/, where the bundle looks.
 *
 * "Differ" is a fingerprint of every source file's path, size and
 * modification time, kept in build/*.stamp once a build has succeeded: a
 * restart with nothing changed does no build at all.
 *
 * A production install (`npm ci --omit=dev`) has no Vite: there the front
 * end is not rebuilt; the dist/ built where dev dependencies exist is run
 * as it is (or the start stops, saying how to make one). With STATIC_DIR
 * set the front end comes from there, and dist/ is not built either.
 *
 * `npm start` is `exec node scripts/start.mjs` and the server runs in this
 * process (imported, not spawned), so the signal a process manager sends to
 * `npm start` reaches the server's graceful shutdown (server/main.ts).
 *
 *   node scripts/start.mjs            build what is stale, then run
 *   node scripts/start.mjs --build    build what is stale, then exit
 *   node scripts/start.mjs --force    build everything, then run
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const TOP = join(dirname(fileURLToPath(import.meta.url)), '..');
const BUILD = join(TOP, 'build');
const SERVER_OUT = join(BUILD, 'server');
const args = new Set(process.argv.slice(2));
const SHARED = ['schema', 'package-lock.json', 'tsconfig.json', 'scripts/start.mjs'];

const parts = [
  {
    name: 'front end',
    stamp: join(BUILD, 'front.stamp'),
    inputs: [...SHARED, 'pay', 'admin', 'scripts/vite.config.ts', 'scripts/build'],
    output: join(TOP, 'dist', 'index.html'),
    build: buildFrontEnd,
    // Vite is a dev dependency: a production install runs the front end built elsewhere.
    tool: join(TOP, 'node_modules', 'vite', 'bin', 'vite.js'),
    wanted: !process.env.STATIC_DIR,
  },
  {
    name: 'server',
    stamp: join(BUILD, 'server.stamp'),
    inputs: [...SHARED, 'server'],
    output: join(SERVER_OUT, 'main.js'),
    build: buildServer,
    // esbuild comes with tsx, a dependency: present in a production install too.
    tool: join(TOP, 'node_modules', 'esbuild', 'package.json'),
    wanted: true,
  },
];

/** Path, size and modification time of every file under the inputs, hashed. */
function fingerprint(inputs) {
  const hash = createHash('sha256');
  const visit = (path) => {
    const info = statSync(path, { throwIfNoEntry: false });
    if (!info) return;
    if (info.isDirectory()) {
      for (const name of readdirSync(path).sort()) if (!name.startsWith('.') && name !== 'node_modules') visit(join(path, name));
    } else {
      hash.update(`${relative(TOP, path)}\0${info.size}\0${info.mtimeMs}\n`);
    }
  };
  for (const input of inputs) visit(join(TOP, input));
  return hash.digest('hex');
}

function buildFrontEnd() {
  const vite = join(TOP, 'node_modules', 'vite', 'bin', 'vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--config', 'scripts/vite.config.ts', '--logLevel', 'warn'], {
    cwd: TOP, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error(`the front-end build failed (exit ${result.status})`);
}

async function buildServer() {
  const { build } = await import('esbuild');
  rmSync(SERVER_OUT, { recursive: true, force: true });
  const common = { bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', sourcemap: true, logLevel: 'warning', absWorkingDir: TOP };
  await build({ ...common, entryPoints: ['server/main.ts'], outfile: join(SERVER_OUT, 'main.js') });
  // server/db/migrate.ts reads its migrations from `migrations/` beside itself: beside the bundle, here.
  const migrations = join(TOP, 'server', 'db', 'migrations');
  const files = readdirSync(migrations).filter((name) => /^\d+_[\w-]+\.ts$/.test(name));
  await build({ ...common, entryPoints: files.map((name) => join(migrations, name)), outdir: join(SERVER_OUT, 'migrations') });
}

mkdirSync(BUILD, { recursive: true });
for (const part of parts) {
  if (!part.wanted) continue;
  const current = fingerprint(part.inputs);
  const built = existsSync(part.stamp) ? readFileSync(part.stamp, 'utf8') : '';
  if (!args.has('--force') && built === current && existsSync(part.output)) continue;
  if (!existsSync(part.tool)) {
    if (existsSync(part.output) && !args.has('--build')) {
      console.log(`running the ${part.name} as built (its build tools are not installed here)`);
      continue;
    }
    console.error(`The ${part.name} cannot be built here: its build tools are dev dependencies, not installed (npm ci --omit=dev).\n` +
      'Build where they are (npm ci && npm run build), bring build/ and dist/ here, then run npm run serve (or npm start).');
    process.exit(1);
  }
  const started = Date.now();
  console.log(`building the ${part.name} (its sources changed since the last build)`);
  rmSync(part.stamp, { force: true });
  await part.build();
  writeFileSync(part.stamp, current);
  console.log(`built the ${part.name} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

if (!args.has('--build')) await import(pathToFileURL(join(SERVER_OUT, 'main.js')).href);
