/**
 * Builds the front end once per test run, so every browser test drives the
 * same `dist/` the server ships. Set E2E_REUSE_DIST=1 to skip the build while
 * iterating on tests only.
 */
import { existsSync } from 'node:fs';
import { build } from 'vite';
import { DIST_DIR, VITE_CONFIG } from './harness';

export default async function buildFrontEnd(): Promise<void> {
  if (process.env.E2E_REUSE_DIST === '1' && existsSync(DIST_DIR)) return;
  await build({ configFile: VITE_CONFIG, logLevel: 'warn' });
}
