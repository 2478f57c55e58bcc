/**
 * `npm run check`: the type checker and the linter side by side. Each is
 * single-threaded and both build the same TypeScript program, so on a 2-core
 * CI machine running them together saves the shorter one's whole time. Output
 * is kept per tool and printed whole, so the two never interleave.
 */
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';

const run = (script) =>
  new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => resolve({ script, code, output: Buffer.concat(output).toString() }));
  });

const results = await Promise.all([run('typecheck'), run('lint')]);
for (const { script, code, output } of results) {
  console.log(`${code === 0 ? 'ok' : 'FAILED'}: npm run ${script}`);
  if (output.trim()) console.log(output.trimEnd());
}
process.exit(results.some((r) => r.code !== 0) ? 1 : 0);
