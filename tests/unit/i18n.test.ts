/**
 * Catalog completeness: every language says everything zh-cn says, and zh-cn
 * labels everything the schema declares. Area folders are found on disk, so a
 * new area is checked without touching this file.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { resourceList } from '../../schema';
import { CONFIG_OPTION_SETS } from '../../schema/config-rows';
import { DEFAULT_LANG, LANGS, leafKeys, lookup, type Catalog, type Lang } from '../../schema/i18n';
import { areas, catalogs } from '../../schema/i18n/catalogs';
import { optionLabelKey } from '../../schema/i18n/common';

const schemaDir = fileURLToPath(new URL('../../schema/', import.meta.url));
const i18nDir = join(schemaDir, 'i18n');

const areaNames = readdirSync(i18nDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join(i18nDir, entry.name, 'index.ts')))
  .map((entry) => entry.name)
  .sort();
const areasOnDisk: Array<[string, Record<Lang, Catalog>]> = await Promise.all(
  areaNames.map(async (name) => [name, (await import(join(i18nDir, name, 'index.ts'))).default] as [string, Record<Lang, Catalog>]),
);


const placeholders = (text: string) => [...new Set(text.match(/%\{\w+\}/g) ?? [])].sort();
const otherLangs = LANGS.filter((lang) => lang !== DEFAULT_LANG);
const zh = catalogs[DEFAULT_LANG];

describe('i18n areas on disk', () => {
  it('include the shared area and are all merged into `catalogs`', () => {
    expect(areaNames).toContain('common');
    expect(Object.keys(areas).sort()).toEqual(areaNames);
  });

  it('define each key in one area only (a merge would silently drop the other)', () => {
    const owners = new Map<string, string>();
    const clashes: string[] = [];
    for (const [area, byLang] of areasOnDisk) {
      for (const key of leafKeys(byLang[DEFAULT_LANG])) {
        if (owners.has(key)) clashes.push(`${key} (${owners.get(key)} and ${area})`);
        owners.set(key, area);
      }
    }
    const keys = [...owners.keys()];
    const shadowed = keys.filter((key) => keys.some((other) => other.startsWith(key + '.')));
    expect({ clashes, shadowed }).toEqual({ clashes: [], shadowed: [] });
  });
});

describe.each([...areasOnDisk, ['merged catalogs', catalogs] as [string, Record<Lang, Catalog>]])('%s', (_name, byLang) => {
  it('has all five languages', () => {
    expect(Object.keys(byLang).sort()).toEqual([...LANGS].sort());
  });

  it.each(otherLangs)('%s has exactly the keys zh-cn has', (lang) => {
    const reference = new Set(leafKeys(byLang[DEFAULT_LANG]));
    const keys = new Set(leafKeys(byLang[lang]));
    const missing = [...reference].filter((key) => !keys.has(key));
    const extra = [...keys].filter((key) => !reference.has(key));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  it.each([...LANGS])('%s has no blank texts', (lang) => {
    const blank = leafKeys(byLang[lang]).filter((key) => !lookup(byLang[lang], key)?.trim());
    expect(blank).toEqual([]);
  });

  it.each(otherLangs)('%s uses the same %{placeholders} as zh-cn', (lang) => {
    const differing = leafKeys(byLang[DEFAULT_LANG]).flatMap((key) => {
      const want = placeholders(lookup(byLang[DEFAULT_LANG], key)!);
      const got = placeholders(lookup(byLang[lang], key) ?? '');
      return want.join() === got.join() ? [] : [`${key}: zh-cn ${want.join(' ') || '(none)'}, ${lang} ${got.join(' ') || '(none)'}`];
    });
    expect(differing).toEqual([]);
  });
});

/** Every label key the schema implies: adding a field, choice or action without a label fails here. */
function schemaKeys(): string[] {
  const resourceKeys = resourceList.flatMap((resource) => [
    `resources.${resource.name}.name`,
    `menu.${resource.menu}`,
    ...Object.entries(resource.fields).flatMap(([name, field]) => [
      `resources.${resource.name}.fields.${name}`,
      ...(field.options ?? []).map((value) => optionLabelKey(field.optionSet ?? name, value)),
    ]),
    ...[...Object.keys(resource.actions), ...Object.keys(resource.extras)].map((action) => `actions.${action}`),
  ]);
  const configKeys = Object.entries(CONFIG_OPTION_SETS).flatMap(([set, values]) => values.map((v: string) => optionLabelKey(set, v)));
  return [...new Set([...resourceKeys, ...configKeys])];
}

/** Label keys written as string literals in schema code (validation messages, preset names). */
function keysQuotedInSchema(): string[] {
  const files = [
    ...readdirSync(schemaDir).filter((file) => file.endsWith('.ts')).map((file) => join(schemaDir, file)),
    ...readdirSync(join(schemaDir, 'resources')).map((file) => join(schemaDir, 'resources', file)),
  ];
  const literal = /'((?:validation|presets|options|actions|menu|resources)\.[\w.-]+)'/g;
  const keys = files.flatMap((file) => [...readFileSync(file, 'utf8').matchAll(literal)].map((match) => match[1]!));
  return [...new Set(keys)];
}

describe('zh-cn labels everything the schema declares', () => {
  it('every resource, field, select choice, action and extra', () => {
    const keys = schemaKeys();
    expect(keys.length).toBeGreaterThan(200);
    expect(keys.filter((key) => lookup(zh, key) === undefined)).toEqual([]);
  });

  it('every i18n key quoted in schema code', () => {
    const keys = keysQuotedInSchema();
    expect(keys).toContain('validation.account_length');
    expect(keys.filter((key) => lookup(zh, key) === undefined)).toEqual([]);
  });

  it('no resource, field or choice label that the schema no longer has', () => {
    const expected = new Set(schemaKeys());
    const common = areasOnDisk.find(([name]) => name === 'common')![1][DEFAULT_LANG];
    const stale = leafKeys(common).filter((key) => /^(resources|options)\./.test(key) && !expected.has(key));
    expect(stale).toEqual([]);
  });
});
