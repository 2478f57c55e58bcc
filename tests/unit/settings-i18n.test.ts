/** Every label the settings screen needs exists, in every language, for what `schema/settings.ts` declares. */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { LANGS, leafKeys, lookup } from '../../schema/i18n';
import settingsCatalogs from '../../schema/i18n/settings';
import { providerLabels } from '../../schema/i18n/inline/providers';
import { SETTINGS, SETTINGS_FILES, fieldMeta } from '../../schema/settings';

function labelKeys(): string[] {
  const keys: string[] = [];
  for (const file of SETTINGS_FILES) {
    keys.push(`settings.files.${file}`);
    for (const [section, schema] of Object.entries(SETTINGS[file].shape as Record<string, z.ZodObject>)) {
      keys.push(`settings.sections.${file}.${section}`);
      for (const [field, fieldSchema] of Object.entries(schema.shape)) {
        keys.push(`settings.${file}.${section}.${field}`);
        keys.push(...(fieldMeta(fieldSchema as z.ZodType).choices ?? []).map((choice) => choice.label));
      }
    }
  }
  return [...new Set(keys)];
}

describe.each(LANGS)('%s settings labels', (lang) => {
  it('label every file, section, field and choice of the schema', () => {
    // The payment providers' sections are labelled in their declarations (schema/providers/), beside the catalogs.
    const missing = labelKeys().filter((key) => !lookup(settingsCatalogs[lang], key)?.trim() && !lookup(providerLabels(lang), key)?.trim());
    expect(missing).toEqual([]);
  });

  it('have no key the zh-cn catalog lacks', () => {
    expect(leafKeys(settingsCatalogs[lang]).sort()).toEqual(leafKeys(settingsCatalogs['zh-cn']).sort());
  });
});
