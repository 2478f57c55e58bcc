/**
 * Worst inputs for every pattern in schema/ and server/ that sees client
 * text (issue 10, ReDoS). Each pattern runs on an input built to make a
 * backtracking engine try every split, at n and 4n characters: a linear
 * pattern takes about 4x as long at 4n, a quadratic one 16x. Figures are
 * printed, never asserted; the budget is a generous 50 ms at 100,000
 * characters (10x a body's worth of one field), and the validators of the
 * fields refuse anything over their `max` before the pattern runs at all.
 */
import { EMAIL_PATTERN } from '../../schema/define';
import { SETTINGS_PATTERNS } from '../../schema/settings';
import { FILTER_KEY, ORDER_PART } from '../../server/engine/params';

interface Case {
  name: string;
  pattern: RegExp;
  /** An input of about `n` characters that fails as late as possible. */
  worst: (n: number) => string;
}

const OLD_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const { WORD, HOST, DOMAIN, DIRECTORY } = SETTINGS_PATTERNS;

const CASES: Case[] = [
  { name: 'email, old (n/5, 4n/5)', pattern: OLD_EMAIL, worst: (n) => 'a@' + '.'.repeat(n) + ' ' },
  { name: 'email', pattern: EMAIL_PATTERN, worst: (n) => 'a@' + '.'.repeat(n) + ' ' },
  { name: 'email, dotted labels', pattern: EMAIL_PATTERN, worst: (n) => 'a@' + 'a.'.repeat(n / 2) + ' ' },
  { name: 'ids |1|2|', pattern: /^(\|(\d+\|)*)?$/, worst: (n) => '|' + '1|'.repeat(n / 2) + 'x' },
  { name: 'settings word', pattern: WORD, worst: (n) => 'a'.repeat(n) + '!' },
  { name: 'settings host', pattern: HOST, worst: (n) => 'a'.repeat(n) + '!' },
  { name: 'settings domain', pattern: DOMAIN, worst: (n) => 'https://a' + '/a'.repeat(n / 2) + '/' },
  { name: 'settings directory', pattern: DIRECTORY, worst: (n) => 'a/'.repeat(n / 2) + '..' },
  { name: 'list order part', pattern: ORDER_PART, worst: (n) => 'a' + ' '.repeat(n) + 'x' },
  { name: 'list filter key', pattern: FILTER_KEY, worst: (n) => '_'.repeat(n) + '\n' },
  { name: 'image url', pattern: /^(https?:\/\/|\/\/|\/)/, worst: (n) => 'h'.repeat(n) },
  { name: 'http url', pattern: /^https?:\/\/\S+$/, worst: (n) => 'https://' + 'a'.repeat(n) + ' ' },
  { name: 'cookie lang', pattern: /(?:^|;\s*)lang=([^;]*)/, worst: (n) => '; '.repeat(n / 2) },
];

/** Mean milliseconds of one match, after a warm-up run (which also flattens the built string). */
function time(pattern: RegExp, input: string): number {
  pattern.test(input);
  const start = performance.now();
  let rounds = 0;
  // Repeat fast cases so the figure is well above the timer's resolution.
  do {
    pattern.test(input);
    rounds++;
  } while (performance.now() - start < 20 && rounds < 10_000);
  return (performance.now() - start) / rounds;
}

export async function run() {
  const n = 25_000;
  console.log('pattern'.padEnd(28), `${n} chars`.padStart(12), `${4 * n} chars`.padStart(12), 'ratio'.padStart(7), '  (linear ~4, quadratic ~16)');
  for (const c of CASES) {
    const small = c.name.includes('old') ? time(c.pattern, c.worst(n / 5)) : time(c.pattern, c.worst(n));
    const big = c.name.includes('old') ? NaN : time(c.pattern, c.worst(4 * n));
    const ms = (x: number) => (Number.isNaN(x) ? 'skipped' : `${x.toFixed(3)} ms`).padStart(12);
    // The old email pattern is timed at a fifth of n: at n itself it takes seconds, at 4n minutes.
    const ratio = Number.isNaN(big) ? '' : (big / small).toFixed(1);
    const verdict = Number.isNaN(big) ? '' : big < 50 ? '  within 50 ms' : '  OVER BUDGET';
    console.log(c.name.padEnd(28), ms(small), ms(big), ratio.padStart(7), verdict);
  }
}
