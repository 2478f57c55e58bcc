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
  // Vitest sets NODE_ENV=test, which Vite would bake into the bundle (React's
  // development build): build exactly what ships instead.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ configFile: VITE_CONFIG, mode: 'production', logLevel: 'warn' });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
}
