/**
 * `npm run mutate [group|file…]`: StrykerJS on the modules of scripts/mutate/modules.mjs, or on
 * the groups and files named (a file may carry Stryker's `:line` range). Named groups run against
 * their own API files; files, or no argument, against the whole API suite (PAYDESK_MUTATE_TESTS,
 * comma-separated globs, narrows it by hand). The report lands in scripts/mutate/reports/
 * (mutation.html, mutation.json), git-ignored.
 */
import { spawnSync } from 'node:child_process';
import { GROUPS } from './modules.mjs';

const args = process.argv.slice(2);
const groups = args.filter((arg) => arg in GROUPS).map((arg) => GROUPS[arg]);
const files = args.flatMap((arg) => GROUPS[arg]?.mutate ?? [arg]);
const tests = groups.length === args.length && groups.length ? groups.flatMap((group) => group.tests).join(',') : process.env.PAYDESK_MUTATE_TESTS ?? '';
const started = Date.now();
const run = spawnSync('npx', ['stryker', 'run', 'scripts/mutate/stryker.config.mjs'], {
  stdio: 'inherit',
  env: { ...process.env, PAYDESK_MUTATE: JSON.stringify(files), PAYDESK_MUTATE_TESTS: tests },
});
console.log(`mutate: ${args.length ? args.join(' ') : 'every module'} in ${Math.round((Date.now() - started) / 1000)} s`);
process.exit(run.status ?? 1);
