/**
 * Every message key the server names (`errors.*`, `messages.*`,
 * `validation.*` as string literals in server/) is in every language's
 * catalog: a missing one reaches the caller as the raw key, as
 * `errors.provider_unavailable` once did after two branches each dropped it
 * as the other's duplicate. (The front ends are read by visible-strings.test.ts.)
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LANGS, lookup } from '../../schema/i18n';
import common from '../../schema/i18n/common';
import server from '../../schema/i18n/server';
import { providerLabels } from '../../schema/i18n/inline/providers';

const root = fileURLToPath(new URL('../../', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []);
}

const named = sources(join(root, 'server')).flatMap((file) =>
  [...readFileSync(file, 'utf8').matchAll(/'((?:errors|messages|validation)\.[a-z_]+)'/g)].map((m) => ({ key: m[1]!, file: relative(root, file) })));

describe('message keys the server names', () => {
  it('are found in the source (the scan itself works)', () => {
    expect(named.map((n) => n.key)).toEqual(expect.arrayContaining(['errors.order_not_found', 'errors.provider_unavailable', 'validation.channel_not_ready']));
  });

  it.each(LANGS)('all have a %s message', (lang) => {
    // A provider's own refusals come with its declaration (schema/providers/), as the server's catalogs take them.
    const providers = providerLabels(lang);
    const missing = named.filter(({ key }) => [server[lang], common[lang], providers].every((catalog) => lookup(catalog, key) === undefined));
    expect(missing.map(({ key, file }) => `${key} (${file})`)).toEqual([]);
  });
});
