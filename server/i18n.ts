/**
 * The server's messages: the shared labels (field names, validation), those a
 * table or a payment provider carries itself, and the server area (errors,
 * confirmations), merged once per language.
 */
import type { Resource } from '../schema/define';
import common from '../schema/i18n/common';
import { LANGS, lookup, mergeCatalogs, translate, type Catalog, type Lang } from '../schema/i18n';
import { labelFallback } from '../schema/i18n/fallback';
import { inlineLabels } from '../schema/i18n/inline/labels';
import { providerLabels } from '../schema/i18n/inline/providers';
import server from '../schema/i18n/server';
import { catalogs as allAreas } from '../schema/i18n/catalogs';
import { resourceList } from '../schema/index';

let catalogs = labelled(resourceList);
let served = new Map(resourceList.map((r) => [r.name, r]));

function labelled(list: readonly Resource[]): Record<Lang, Catalog> {
  return Object.fromEntries(LANGS.map((l) => [l, mergeCatalogs(common[l], inlineLabels(list, l, common[l]), providerLabels(l), server[l] as Catalog)])) as Record<Lang, Catalog>;
}

/** An app serving resources beyond the registry (a test's throwaway table) speaks their inline labels too. */
export function learnLabels(list: readonly Resource[]): void {
  if (list.every((r) => resourceList.includes(r))) return;
  const all = [...new Set([...resourceList, ...list])];
  catalogs = labelled(all);
  served = new Map(all.map((r) => [r.name, r]));
  plainTexts.clear();
}

/**
 * Translates a message key; parameters that are themselves keys (a field's
 * validation message, a field name) are translated too, so
 * `errors.invalid_field` reads "账号：账号长度在 4 到 32 个字符".
 */
export function t(lang: Lang, key: string, params: Record<string, unknown> = {}, resource?: string): string {
  // Without parameters a key always reads the same: remembered, since every answer and every exported label cell asks.
  const plain = Object.keys(params).length === 0;
  if (plain) {
    const known = plainTexts.get(`${lang}\0${key}`);
    if (known !== undefined) return known;
  }
  const text = translated(lang, key, params, resource);
  if (plain) {
    if (plainTexts.size > 10_000) plainTexts.clear();
    plainTexts.set(`${lang}\0${key}`, text);
  }
  return text;
}

const plainTexts = new Map<string, string>();

/** `key` in `catalog`, else a table's or field's name made from its key (schema/i18n/fallback.ts), else the key. */
function textOf(catalog: Catalog, key: string, params?: Record<string, unknown>): string {
  if (lookup(catalog, key) === undefined) return labelFallback(key, catalog, served) ?? key;
  return translate(catalog, key, params);
}

function translated(lang: Lang, key: string, params: Record<string, unknown>, resource?: string): string {
  const catalog = catalogs[lang];
  const nested: Record<string, unknown> = { ...params };
  if (typeof params.message === 'string') nested.message = translate(catalog, params.message, params);
  // A field of a table reads as its label, or as its key made readable until it has one (never the raw key);
  // a query parameter (`order`, `tz`) or a path inside a value keeps its name unless a catalog labels it.
  if (typeof params.field === 'string' && resource) {
    const key = `resources.${resource}.fields.${params.field}`;
    if (lookup(catalog, key) !== undefined || served.get(resource)?.fields[params.field]) nested.field = textOf(catalog, key);
  }
  // A field that names its label's key (a setting, a config row's value) reads as that label.
  if (typeof params.label === 'string') {
    const label = translate(allAreas[lang], params.label);
    if (label !== params.label) nested.field = label;
  }
  return textOf(catalog, key, nested);
}
