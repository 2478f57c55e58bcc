/**
 * `npm ci` prints no install-script advisory (issue 33 item 5): every
 * dependency with an install script (argon2 and better-sqlite3 build their
 * add-ons, esbuild fetches its binary) is reviewed in package.json's
 * `allowScripts`, as npm 11.16+ documents (`npm approve-scripts`, which
 * wrote these entries). npm finds such packages by the lockfile's
 * `hasInstallScript`; so does this test, without running npm.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (file: string) => JSON.parse(readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8'));

describe('install scripts', () => {
  it('are all reviewed in allowScripts, so npm ci warns about none', () => {
    const lock = read('package-lock.json') as { packages: Record<string, { hasInstallScript?: boolean }> };
    const withScripts = Object.entries(lock.packages).filter(([, entry]) => entry.hasInstallScript)
      .map(([where]) => where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length));
    expect(withScripts.length).toBeGreaterThan(0);
    const allowed = (read('package.json') as { allowScripts?: Record<string, boolean> }).allowScripts ?? {};
    expect(withScripts.filter((name) => allowed[name] === undefined)).toEqual([]);
  });
});
