/**
 * Source comments say the behaviour and its reason, or point at the README's
 * "Architecture" section: never at a design or specification document that
 * is not in the repository (whoever picks the code up could not follow it).
 * Every file of the source folders (and the root's config files) is read.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const FOLDERS = ['schema', 'server', 'admin', 'pay', 'scripts', 'tests'];
const ROOT_FILES = ['eslint.config.js', 'tsconfig.json', 'package.json'];
const SOURCE = /\.(ts|tsx|js|mjs|cjs|json|html|css|sh)$/;
/** "DESIGN" (any mention), "SPEC" as a word ("SPEC §3", "the SPEC's"), "SPEC.md", "DESIGN.md". */
const OUTSIDE = /DESIGN|\bSPEC\b|SPEC\.md/;

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'artifacts') continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* files(full);
    else if (SOURCE.test(name)) yield full;
  }
}

it('finds no reference to a document outside the repository', () => {
  const THIS_FILE = fileURLToPath(import.meta.url);
  const all = [...FOLDERS.flatMap((folder) => [...files(path.join(ROOT, folder))]), ...ROOT_FILES.map((name) => path.join(ROOT, name))];
  expect(all.length).toBeGreaterThan(300);
  const found = all
    .filter((file) => file !== THIS_FILE)
    .flatMap((file) => readFileSync(file, 'utf8').split('\n').flatMap((line, i) => (OUTSIDE.test(line) ? [`${path.relative(ROOT, file)}:${i + 1}: ${line.trim()}`] : [])));
  expect(found).toEqual([]);
});
