/**
 * `npm run bench [name...]`: runs the benchmarks below (all, or the named
 * ones), each printing its details as it goes, then every figure beside its
 * target in one table. Benchmarks measure; they never pass or fail (and never
 * run in `npm test`). A new benchmark is one module with
 * `run(): Promise<Figure[]>` and one line here. `soak` runs only when named
 * (ten minutes by default; `npm run bench soak 1` for one).
 */
import type { Figure } from './bench/figures';
import { formatFigures } from './bench/figures';

const BENCHMARKS: Record<string, () => Promise<{ run(): Promise<Figure[] | void> }>> = {
  api: () => import('./bench/api'),
  'api-key-orders': () => import('./bench/api-key-orders'),
  checkout: () => import('./bench/checkout'),
  dashboard: () => import('./bench/dashboard'),
  export: () => import('./bench/export'),
  import: () => import('./bench/import'),
  notify: () => import('./bench/notify'),
  pay: () => import('./bench/pay'),
  regex: () => import('./bench/regex'),
  soak: () => import('./bench/soak'),
  start: () => import('./bench/start'),
};
/** Long runs, left out of a run of every benchmark. */
const ONLY_WHEN_NAMED = new Set(['soak']);

// Options (`--peak=…`) and numbers (`soak 1`: minutes) belong to the benchmarks, not to this list.
const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-') && !/^\d+(\.\d+)?$/.test(a));
const unknown = wanted.filter((n) => !(n in BENCHMARKS));
if (unknown.length) throw new Error(`unknown benchmark ${unknown.join(', ')}; known: ${Object.keys(BENCHMARKS).join(', ')}`);
const all: Figure[] = [];
for (const [name, load] of Object.entries(BENCHMARKS)) {
  if (wanted.length ? !wanted.includes(name) : ONLY_WHEN_NAMED.has(name)) continue;
  console.log(`\n== ${name} ==`);
  all.push(...((await (await load()).run()) ?? []));
}
console.log(`\n== every figure ==\n${formatFigures(all)}`);
await (globalThis as any).__stopAlloc?.();
process.exit(0);
