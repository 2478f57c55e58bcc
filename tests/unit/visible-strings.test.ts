/**
 * Every string a user sees in the console or on the pay pages comes from the
 * catalogs (issue 11 item 25). The catalogs' own completeness is checked in
 * i18n.test.ts; this reads the front ends' source, so a hard-coded word in
 * JSX, or a key that no catalog has (which would show as the raw key), fails
 * here with its file and line.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import englishReactAdmin from 'ra-language-english';
import russianReactAdmin from 'ra-language-russian';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import jaReactAdmin from '../../admin/i18n/ra/ja-jp';
import koReactAdmin from '../../admin/i18n/ra/ko-kr';
import zhReactAdmin from '../../admin/i18n/ra/zh-cn';
import { LANGS, lookup, type Catalog } from '../../schema/i18n';
import { catalogs } from '../../schema/i18n/catalogs';
import payCatalogs from '../../schema/i18n/pay';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** Props whose value a user reads or hears. */
const VISIBLE_PROPS = new Set(['label', 'title', 'placeholder', 'aria-label', 'alt', 'helperText', 'emptyText', 'tooltip', 'aria-valuetext', 'aria-roledescription']);
/** Calls whose first argument is a catalog key. */
const TRANSLATING_CALLS = new Set(['translate', 't', 'notify']);
const HAS_LETTER = /\p{L}/u;
const LOOKS_LIKE_KEY = /^[a-z][\w-]*(\.[\w-]+)+$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

interface Finding {
  where: string;
  text: string;
}

/** Literal words in JSX (text, visible props, string children) and keys given to translating calls. */
function read(file: string): { words: Finding[]; keys: Finding[] } {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const words: Finding[] = [];
  const keys: Finding[] = [];
  const where = (node: ts.Node) => `${relative(root, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const literal = (node: ts.Node | undefined) => (node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : undefined);
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && HAS_LETTER.test(node.text)) words.push({ where: where(node), text: node.text.trim() });
    if (ts.isJsxAttribute(node) && VISIBLE_PROPS.has(node.name.getText()) && node.initializer) {
      const init = node.initializer;
      const text = ts.isStringLiteral(init) ? init.text : ts.isJsxExpression(init) ? literal(init.expression) : undefined;
      // A component that translates its own prop (react-admin's `label`, `title`) is given a key.
      if (text && HAS_LETTER.test(text)) (LOOKS_LIKE_KEY.test(text) ? keys : words).push({ where: where(node), text });
    }
    if (ts.isJsxExpression(node) && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))) {
      const text = literal(node.expression);
      if (text && HAS_LETTER.test(text)) words.push({ where: where(node), text });
    }
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && TRANSLATING_CALLS.has(node.expression.text)) {
      const text = literal(node.arguments[0]);
      if (text && LOOKS_LIKE_KEY.test(text)) keys.push({ where: where(node), text });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { words, keys };
}

/** react-admin's own strings, as the console loads them per language (admin/i18n). */
const REACT_ADMIN = [englishReactAdmin, russianReactAdmin, zhReactAdmin, jaReactAdmin, koReactAdmin] as unknown as Catalog[];

const SIDES = [
  // English lies under every language, so a gap would show English words to a Japanese operator: each must have it.
  { dir: 'admin', known: (key: string) => (key.startsWith('ra.') ? REACT_ADMIN : LANGS.map((lang) => catalogs[lang])).every((catalog) => lookup(catalog, key) !== undefined) },
  { dir: 'pay', known: (key: string) => LANGS.every((lang) => lookup(payCatalogs[lang], key) !== undefined) },
];

describe.each(SIDES)('$dir/', ({ dir, known }) => {
  const found = sourceFiles(dir).map(read);

  it('writes no word into its JSX: every visible text is looked up in the catalogs', () => {
    expect(found.flatMap((f) => f.words).map((w) => `${w.where} ${JSON.stringify(w.text)}`)).toEqual([]);
  });

  it('asks the catalogs only for keys that every language has', () => {
    const keys = found.flatMap((f) => f.keys);
    expect(keys.length).toBeGreaterThan(dir === 'admin' ? 100 : 10);
    expect(keys.filter((k) => !known(k.text)).map((k) => `${k.where} ${k.text}`)).toEqual([]);
  });
});
