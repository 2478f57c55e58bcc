/**
 * `npm run mutate [group|file…]`: StrykerJS on the modules of scripts/mutate/modules.mjs.
 *
 * With no argument, or with group names, each group runs in turn against the API files that
 * exercise it, then one table sums them. A group's report (mutation.html) lands in
 * scripts/mutate/reports/<group>/ (git-ignored); its results, in Stryker's report format, in
 * scripts/mutate/incremental/<group>.json, which is kept in git: the next run, on any checkout,
 * tests again only the mutants whose code or covering tests changed. Files (a file may carry
 * Stryker's `:line` range) run together against the whole API suite, or the globs in
 * PAYDESK_MUTATE_TESTS, as the group "files".
 *
 * `npm run mutate -- --summary [group…]` prints that table again from the kept results, running nothing.
 *
 * Why groups: a mutant runs the tests that reached it, in file order, until one fails. Against the
 * whole suite, a mutant in code every request passes (the guard) starts hundreds of tests before
 * the one that kills it; measured, that was 5 mutants a minute against 40 for a group.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { GROUPS } from './modules.mjs';

// `--summary`: only the table, from the results the groups' last runs kept.
const summaryOnly = process.argv.includes('--summary');
const args = process.argv.slice(2).filter((arg) => arg !== '--summary');
const named = args.filter((arg) => arg in GROUPS);
const files = args.filter((arg) => !(arg in GROUPS));
const runs = [
  ...(args.length ? named : Object.keys(GROUPS)).map((name) => ({ name, mutate: GROUPS[name].mutate, tests: GROUPS[name].tests.join(',') })),
  ...(files.length ? [{ name: 'files', mutate: files, tests: process.env.PAYDESK_MUTATE_TESTS ?? '' }] : []),
];

const started = Date.now();
const minutes = (ms) => `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
let failed = false;
/**
 * Stryker reuses a kept result when the mutant's code and its tests did not change. For a survivor it cannot
 * tell: the vitest runner records no covering tests (`coveredBy` is empty in the kept file), so a survivor
 * would stay a survivor after the test that kills it is written. Survivors are dropped before each run and so
 * always tested again; a killed mutant is reused only while the test that killed it is unchanged.
 */
function retestSurvivors(name) {
  const file = new URL(`incremental/${name}.json`, import.meta.url);
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  for (const entry of Object.values(report.files)) entry.mutants = entry.mutants.filter((m) => m.status !== 'Survived' && m.status !== 'NoCoverage');
  writeFileSync(file, JSON.stringify(report, null, 2));
}

for (const run of summaryOnly ? [] : runs) {
  const runStarted = Date.now();
  retestSurvivors(run.name);
  const result = spawnSync('npx', ['stryker', 'run', 'scripts/mutate/stryker.config.mjs'], {
    stdio: 'inherit',
    env: { ...process.env, PAYDESK_MUTATE: JSON.stringify(run.mutate), PAYDESK_MUTATE_TESTS: run.tests, PAYDESK_MUTATE_REPORT: run.name },
  });
  run.seconds = Math.round((Date.now() - runStarted) / 1000);
  failed ||= result.status !== 0;
}

// One table over every run: Stryker's own columns, its score (killed and timed out over those plus
// survived and not covered; ignored and compile errors are outside it).
const rows = new Map();
for (const run of runs) {
  let report;
  try { report = JSON.parse(readFileSync(new URL(`incremental/${run.name}.json`, import.meta.url), 'utf8')); } catch { continue; }
  for (const [file, { mutants }] of Object.entries(report.files)) {
    const row = rows.get(file) ?? { Killed: 0, Timeout: 0, Survived: 0, NoCoverage: 0, Ignored: 0, CompileError: 0, RuntimeError: 0 };
    for (const mutant of mutants) row[mutant.status] = (row[mutant.status] ?? 0) + 1;
    rows.set(file, row);
  }
}
const score = (r) => { const detected = r.Killed + r.Timeout; const valid = detected + r.Survived + r.NoCoverage; return valid ? ((100 * detected) / valid).toFixed(2) : 'n/a'; };
const total = { Killed: 0, Timeout: 0, Survived: 0, NoCoverage: 0, Ignored: 0, CompileError: 0, RuntimeError: 0 };
const table = [...rows].sort(([a], [b]) => a.localeCompare(b)).map(([file, r]) => {
  for (const key of Object.keys(total)) total[key] += r[key] ?? 0;
  return { file, score: score(r), killed: r.Killed, timeout: r.Timeout, survived: r.Survived, 'no cov': r.NoCoverage, ignored: r.Ignored, 'compile err': r.CompileError };
});
table.push({ file: 'all', score: score(total), killed: total.Killed, timeout: total.Timeout, survived: total.Survived, 'no cov': total.NoCoverage, ignored: total.Ignored, 'compile err': total.CompileError });
console.table(table);
if (!summaryOnly) {
  console.log(runs.map((run) => `${run.name}: ${run.seconds} s`).join(', '));
  console.log(`mutate: ${args.length ? args.join(' ') : 'every group'} in ${minutes(Date.now() - started)}`);
}
process.exit(failed ? 1 : 0);
