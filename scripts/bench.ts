/**
 * `npm run bench [name...]`: runs the benchmarks below (all, or the named
 * ones), each printing its details as it goes, then every figure beside its
 * target in one table. Benchmarks measure; they never pass or fail (and never
 * run in `npm test`). A new benchmark is one module with
 * `run(): Promise<Figure[]>` and one line here.
 */
import type { Figure } from './bench/figures';
import { formatFigures } from './bench/figures';

const BENCHMARKS: Record<string, () => Promise<{ run(): Promise<Figure[] | void> }>> = {
  api: () => import('./bench/api'),
  checkout: () => import('./bench/checkout'),
  export: () => import('./bench/export'),
  notify: () => import('./bench/notify'),
  pay: () => import('./bench/pay'),
  regex: () => import('./bench/regex'),
  start: () => import('./bench/start'),
};

const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const unknown = wanted.filter((n) => !(n in BENCHMARKS));
if (unknown.length) throw new Error(`unknown benchmark ${unknown.join(', ')}; known: ${Object.keys(BENCHMARKS).join(', ')}`);
const all: Figure[] = [];
for (const [name, load] of Object.entries(BENCHMARKS)) {
  if (wanted.length && !wanted.includes(name)) continue;
  console.log(`\n== ${name} ==`);
  all.push(...((await (await load()).run()) ?? []));
}
console.log(`\n== every figure ==\n${formatFigures(all)}`);
process.exit(0);
