/**
 * All test suites. Unit and API tests run in node, in parallel. Browser tests
 * share one front-end build (made once per run by the global setup) and run
 * after them, one file at a time: each drives a real Chromium against a real server.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: fileURLToPath(new URL('..', import.meta.url)),
    // Unit and API files spend most of their time waiting (MariaDB, argon2's thread pool, child
    // processes), so more files than cores run at once; vitest's default on 2 cores is one.
    // Each API file has its own database, so they never see each other's rows.
    maxWorkers: 4,
    // The suites hash and check thousands of passwords: argon2id at its smallest cost (server/auth/passwords.ts)
    // instead of 64 MiB and 3 passes (a quarter of a second of CPU) each time.
    env: { PAYDESK_ARGON2_MEMORY_KIB: '1024', PAYDESK_ARGON2_PASSES: '1' },
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          // Files share their worker's modules instead of importing the whole server again each (about 90 s of a
          // 7-minute run on 2 cores). Each file still builds its own app and database; a file that changes a
          // global puts it back (vi.stubGlobal, then vi.unstubAllGlobals in afterAll).
          isolate: false,
          // Each file builds an app (migrations, argon2 hashing): more than the 5 s default, and on
          // MariaDB, with three other files migrating their own databases at once, more than 30 s at worst.
          testTimeout: 30_000,
          hookTimeout: 90_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          // One file at a time, after the unit and API files: a browser test uses both cores while it
          // draws, and two at once only made each twice as slow.
          fileParallelism: false,
          sequence: { groupOrder: 1 },
          // The one worker keeps the server's and Playwright's modules from file to file (each file still starts
          // its own server and browser): about 50 s of imports saved.
          isolate: false,
          // A browser on a busy machine can take seconds to show what a user waits for.
          expect: { poll: { timeout: 10_000 } },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
