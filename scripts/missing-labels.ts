/**
 * `npm run lint`'s last step: names every table and field of the registry
 * that some language does not label yet, with what it reads as meanwhile
 * (schema/i18n/fallback.ts). A warning, never a failure: a table just added
 * works at once and is labelled later (tests/unit/i18n.test.ts still holds the
 * registry to every label before it ships).
 *
 *   warning: faq has no label in zh-cn, en-us, ru-ru, ja-jp, ko-kr: the table ("Faq"), question ("Question")
 */
import { resourceList } from '../schema/index';
import type { Resource } from '../schema/define';
import { LANGS, lookup, type Catalog, type Lang } from '../schema/i18n/index';
import { catalogs } from '../schema/i18n/catalogs';
import { labelFallback } from '../schema/i18n/fallback';

const byName = new Map(resourceList.map((r) => [r.name, r]));

/** The label keys of `r` that the catalog of `lang` lacks: its name and each field's (a system column is named by its kind). */
function missing(r: Resource, catalog: Catalog): string[] {
  const fields = Object.entries(r.fields).filter(([, f]) => !f.system).map(([field]) => `resources.${r.name}.fields.${field}`);
  const keys = [`resources.${r.name}.name`, ...fields];
  return keys.filter((key) => lookup(catalog, key) === undefined);
}

const described = (key: string) => {
  const shown = labelFallback(key, catalogs['en-us'], byName);
  const what = key.endsWith('.name') && !key.includes('.fields.') ? 'the table' : key.split('.fields.')[1];
  return `${what} ("${shown}")`;
};

let warnings = 0;
for (const r of resourceList) {
  // Keys missing in the same languages are one line.
  const byKeys = new Map<string, Lang[]>();
  for (const lang of LANGS) {
    const keys = missing(r, catalogs[lang]);
    if (keys.length) byKeys.set(keys.join(','), [...(byKeys.get(keys.join(',')) ?? []), lang]);
  }
  for (const [keys, langs] of byKeys) {
    warnings++;
    console.warn(`warning: ${r.name} has no label in ${langs.join(', ')}: ${keys.split(',').map(described).join(', ')}`);
  }
}
if (warnings) {
  console.warn(`${warnings} missing label warning(s): each reads as its key made readable until labelled; see README "Adding a table"`);
}
