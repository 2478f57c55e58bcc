/**
 * `npm run mutate [group|file…]`: StrykerJS on the modules of scripts/mutate/modules.mjs, or on
 * the groups and files named (a file may carry Stryker's `:line` range). The report lands in
 * scripts/mutate/reports/ (mutation.html, mutation.json), git-ignored.
 */
import { spawnSync } from 'node:child_process';
import { GROUPS } from './modules.mjs';

const files = process.argv.slice(2).flatMap((arg) => GROUPS[arg] ?? [arg]);
const started = Date.now();
const run = spawnSync('npx', ['stryker', 'run', 'scripts/mutate/stryker.config.mjs'], {
  stdio: 'inherit',
  env: { ...process.env, PAYDESK_MUTATE: JSON.stringify(files) },
});
console.log(`mutate: ${files.length ? files.join(' ') : 'every module'} in ${Math.round((Date.now() - started) / 1000)} s`);
process.exit(run.status ?? 1);
