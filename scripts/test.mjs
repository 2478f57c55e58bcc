/**
 * `npm test`: the type check and lint, then the unit and API suites, while
 * the browser suite runs beside them in its own vitest process.
 *
 * Why two processes: vitest puts the files of a project without file
 * parallelism (the browser suite, one file at a time) into a group of their
 * own that starts only once every parallel group has finished, so in one
 * process the browser files wait for the last API file. Both suites spend
 * much of their time waiting (MariaDB, Redis, child processes, a browser
 * drawing), and side by side they use the two cores that one after the other
 * leaves half idle. The browser suite's output is kept and printed whole when
 * it ends, so the two never interleave. Extra arguments go to both runs.
 */
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';

const vitest = ['vitest', 'run', '--config', 'tests/vitest.config.ts'];
const extra = process.argv.slice(2);

/** Runs `command`; `keep` collects its output instead of passing it through. */
function run(command, args, keep = false) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', keep ? 'pipe' : 'inherit', keep ? 'pipe' : 'inherit'] });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => resolve({ code: code ?? 1, output: Buffer.concat(output).toString() }));
  });
}

const browser = run('npx', [...vitest, '--project', 'e2e', ...extra], true);
const check = await run('node', ['scripts/check.mjs']);
const suites = check.code === 0 ? await run('npx', [...vitest, '--project', 'unit', '--project', 'api', ...extra]) : check;
const browserResult = await browser;
console.log('\n== browser suite (tests/e2e) ==');
console.log(browserResult.output.trimEnd());
process.exit(suites.code !== 0 || browserResult.code !== 0 ? 1 : 0);
