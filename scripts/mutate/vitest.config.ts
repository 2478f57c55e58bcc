/**
 * The API suite as StrykerJS runs it (scripts/mutate/stryker.config.mjs): SQLite only, no
 * browser tests, and none of the files that test the server by starting other processes
 * (a mutant lives in the test process, so they could not see it and only cost time).
 * PAYDESK_MUTATE_TESTS (comma-separated globs) narrows the files for a quicker look at one module.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const narrowed = process.env.PAYDESK_MUTATE_TESTS?.split(',').filter(Boolean);

export default defineConfig({
  test: {
    root: fileURLToPath(new URL('../..', import.meta.url)),
    include: narrowed?.length ? narrowed : ['tests/api/**/*.test.ts', 'tests/unit/{stripe-money,tokens,count-tags}.test.ts'],
    exclude: [
      'tests/api/start.test.ts',
      'tests/api/npm-start.test.ts',
      'tests/api/instances.test.ts',
      'tests/api/payments-instances.test.ts',
      'tests/api/payments-stripe-crash.test.ts',
      'tests/api/backup-restore.test.ts',
      'tests/api/backup-mysql.test.ts',
      'tests/api/seed-data.test.ts',
      '**/node_modules/**',
    ],
    environment: 'node',
    // Files share the worker's modules instead of importing the server again for each file and mutant run.
    isolate: process.env.PAYDESK_MUTATE_ISOLATE === '1',
    env: { PAYDESK_ARGON2_MEMORY_KIB: '1024', PAYDESK_ARGON2_PASSES: '1' },
    testTimeout: 30_000,
    hookTimeout: 90_000,
  },
});
