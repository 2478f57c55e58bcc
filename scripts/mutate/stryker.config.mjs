/**
 * Mutation testing of the code where a surviving mutant is a security or money bug:
 * `npm run mutate [files…]` (scripts/mutate/run.mjs). Not part of `npm test` or CI.
 *
 * The API suite runs on SQLite only (TEST_MYSQL_URL and TEST_REDIS_URL are dropped here, so
 * every child the runner starts inherits that), with per-test coverage: a mutant runs only the
 * tests that reached it, which is what lets a run fit a 2-core machine.
 */
import { MUTATED_BY_DEFAULT } from './modules.mjs';

delete process.env.TEST_MYSQL_URL;
delete process.env.TEST_REDIS_URL;
// The suites refuse to skip a missing service under CI; here SQLite alone is the point.
delete process.env.CI;

/** The files `npm run mutate` was given (scripts/mutate/run.mjs), as a JSON list: globs may hold commas. */
const files = JSON.parse(process.env.PAYDESK_MUTATE || '[]');
/** Each group's reports and incremental file apart, so running one group keeps the others' results. */
const reports = `scripts/mutate/reports/${process.env.PAYDESK_MUTATE_REPORT || 'files'}`;

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'scripts/mutate/vitest.config.ts', related: false },
  // PAYDESK_MUTATE_NO_CHECK=1 leaves the checker out: both cores then run tests, and a mutant that does not
  // compile is run (and nearly always killed) instead of being set aside; the score counts it either way.
  checkers: process.env.PAYDESK_MUTATE_NO_CHECK ? [] : ['typescript'],
  tsconfigFile: 'scripts/mutate/tsconfig.json',
  // Checks each mutant's file alone: a mutant that breaks a caller's types elsewhere is then run
  // (and killed by the tests) rather than rejected, which costs seconds, not a wrong score.
  typescriptChecker: { prioritizePerformanceOverAccuracy: true },
  coverageAnalysis: 'perTest',
  // Every API test signs in and builds its app in beforeAll, so most code here is also reached outside any
  // test ("static"). Without this, each such mutant would rerun the whole suite (3+ minutes each). With it,
  // a mutant reached by tests too runs only those tests' files (it is active from their beforeAll on, so the
  // setup sees it as well); one reached only outside tests is reported as ignored, not counted in the score.
  ignoreStatic: true,
  mutate: files.length ? files : MUTATED_BY_DEFAULT,
  // Two cores: one vitest per core; the checker shares them.
  concurrency: 2,
  checkerNodeArgs: ['--max-old-space-size=2048'],
  // An API test builds an app (migrations) before it runs: seconds, not milliseconds.
  timeoutMS: 30_000,
  timeoutFactor: 2,
  // The whole API suite in one process, on a busy machine: more than the 5 minutes Stryker allows by default.
  dryRunTimeoutMinutes: 30,
  tempDirName: 'scripts/mutate/.stryker-tmp',
  cleanTempDir: 'always',
  // Only what the server and its API tests need goes into each sandbox.
  ignorePatterns: ['/admin', '/pay', '/dist', '/build', '/data', '/config', '/tests/e2e', '/tests/artifacts', '/scripts/mutate/reports'],
  // Results of earlier runs are reused for mutants whose code and tests did not change. The file is kept in git
  // (scripts/mutate/incremental/), so a fresh checkout tests again only what changed since the last run.
  incremental: true,
  incrementalFile: `scripts/mutate/incremental/${process.env.PAYDESK_MUTATE_REPORT || 'files'}.json`,
  // event-recorder writes each mutant's result as it comes (reports/events/), so a run stopped early still says what it found.
  reporters: ['clear-text', 'progress', 'html', 'json', 'event-recorder'],
  eventReporter: { baseDir: `${reports}/events` },
  htmlReporter: { fileName: `${reports}/mutation.html` },
  jsonReporter: { fileName: `${reports}/mutation.json` },
  clearTextReporter: { allowColor: false, logTests: false, maxTestsToLog: 0 },
  thresholds: { high: 90, low: 85, break: null },
};
