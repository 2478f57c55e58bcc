/**
 * `npm run bench [name...]`: runs the benchmarks in scripts/bench/ (all, or
 * the named ones) and prints their figures. Benchmarks measure; they never
 * pass or fail.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bench');
const wanted = process.argv.slice(2);
const names = fs.readdirSync(dir).filter((f) => f.endsWith('.ts')).map((f) => f.replace(/\.ts$/, ''))
  .filter((n) => !wanted.length || wanted.includes(n));
for (const name of names) {
  console.log(`\n== ${name} ==`);
  const mod = await import(pathToFileURL(path.join(dir, `${name}.ts`)).href);
  await mod.run();
}
process.exit(0);
