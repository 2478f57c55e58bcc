/**
 * What CI's README check (scripts/readme-blocks.ts) runs: the blocks fenced
 * `sh runnable` or `ts runnable`, in order, each named by the line of its
 * fence, so a failure points at the block a reader would copy.
 */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { runnableBlocks } from '../../scripts/readme/blocks';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

it('finds only the blocks marked runnable, with the line of their fence and their path', () => {
  const markdown = ['# Title', '```sh', 'not me', '```', '```sh runnable', 'echo one', '```', 'text', '```ts runnable', '// schema/resources/faq.ts', 'export {};', '```', '```ts', 'nor me', '```'].join('\n');
  expect(runnableBlocks(markdown)).toEqual([
    { lang: 'sh', line: 5, code: 'echo one\n' },
    { lang: 'ts', line: 9, code: '// schema/resources/faq.ts\nexport {};\n', path: 'schema/resources/faq.ts' },
  ]);
});

it('refuses a runnable block that is never closed, naming its line', () => {
  expect(() => runnableBlocks('intro\n```sh runnable\necho one\n')).toThrow('README.md:2');
});

it("runs the README's quick start, table recipe, list queries, backup, signing example and react-admin provider", () => {
  const blocks = runnableBlocks(readme);
  const lines = readme.split('\n');
  for (const block of blocks) expect(lines[block.line - 1]).toMatch(/^```(sh|ts) runnable$/);
  const all = blocks.map((b) => b.code).join('\n');
  for (const expected of ['npm run seed', 'schema/resources/faq.ts', 'api/receive-money/rows?', 'npm run backup', 'npm run restore', 'signatureHeaders(', 'simpleRestProvider(']) {
    expect(all).toContain(expected);
  }
});
