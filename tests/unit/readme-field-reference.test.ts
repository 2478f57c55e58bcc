/**
 * The README's reference of field builders and options (issue 12) stays true
 * to the schema's source: every builder of `f` and every option a builder or a
 * resource accepts is named there, so a new option cannot ship undocumented.
 */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { f } from '../../schema/define';

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
const readme = read('README.md');
const section = readme.slice(readme.indexOf('### Field builders and options'), readme.indexOf('\n## ', readme.indexOf('### Field builders and options')));
// Where the options are declared: the field types, the builders and the resource.
const define = ['schema/field-types.ts', 'schema/fields.ts', 'schema/define.ts'].map(read).join('\n');

/** The property names of an exported interface of define.ts. */
function optionsOf(name: string): string[] {
  const body = define.match(new RegExp(`export interface ${name}(?:<[^>]*>)?(?: extends [^{]+)? \\{([\\s\\S]*?)\\n\\}`))?.[1];
  if (!body) throw new Error(`no interface ${name} in schema/`);
  return [...body.matchAll(/^ {2}(\w+)\??:/gm)].map((m) => m[1]!);
}

it('names every field builder', () => {
  expect(section.length).toBeGreaterThan(500);
  expect(Object.keys(f).filter((name) => !section.includes(`\`f.${name}()\``))).toEqual([]);
});

it.each(['Common', 'TextOptions', 'NumberOptions', 'SelectOptions', 'JsonOptions', 'ResourceInput'])('names every option of %s', (name) => {
  const options = optionsOf(name);
  expect(options.length).toBeGreaterThan(1);
  expect(options.filter((option) => !section.includes(`\`${option}\``) && !section.includes(`\`${option}:`))).toEqual([]);
});
