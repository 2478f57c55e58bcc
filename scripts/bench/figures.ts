/**
 * What a benchmark hands back: named figures, each beside its target when it
 * has one. The runner (scripts/bench.ts) prints them all in one table at the
 * end, so one run shows every figure against its target. Measured, never
 * asserted: a figure off its target is marked, the run does not fail.
 */
export interface Figure {
  name: string;
  value: number;
  unit: string;
  /** `>= n` or `<= n` in the figure's unit; absent for a figure that is context (the hand-written floor). */
  target?: { at: 'least' | 'most'; value: number };
  /** How the value was arrived at, in a few words (median of 3, ratio of …). */
  note?: string;
}

export const atLeast = (value: number) => ({ at: 'least' as const, value });
export const atMost = (value: number) => ({ at: 'most' as const, value });

export function meets(f: Figure): boolean | undefined {
  if (!f.target) return undefined;
  return f.target.at === 'least' ? f.value >= f.target.value : f.value <= f.target.value;
}

const number = (v: number) => (Math.abs(v) >= 100 ? Math.round(v).toLocaleString('en-US') : v.toFixed(Math.abs(v) >= 10 ? 1 : 2));

export function formatFigures(figures: readonly Figure[]): string {
  const lines = figures.map((f) => {
    const target = f.target ? `${f.target.at === 'least' ? '>=' : '<='} ${number(f.target.value)}` : '';
    const verdict = meets(f) === undefined ? '' : meets(f) ? 'ok' : 'MISSED';
    return [f.name.padEnd(70), `${number(f.value)} ${f.unit}`.padStart(16), target.padStart(12), verdict.padStart(7), f.note ? `  ${f.note}` : ''].join(' ');
  });
  return [`${'figure'.padEnd(70)} ${'value'.padStart(16)} ${'target'.padStart(12)} ${'verdict'.padStart(7)}`, ...lines].join('\n');
}

export const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
