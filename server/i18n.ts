/**
 * The server's messages: the shared labels (field names, validation), those a
 * table or a payment provider carries itself, and the server area (errors,
 * confirmations), merged once per language.
 */
import type { Resource } from '../schema/define';
import common from '../schema/i18n/common';
import { LANGS, mergeCatalogs, translate, type Catalog, type Lang } from '../schema/i18n';
import { inlineLabels } from '../schema/i18n/inline/labels';
import { providerLabels } from '../schema/i18n/inline/providers';
import server from '../schema/i18n/server';
import { catalogs as allAreas } from '../schema/i18n/catalogs';
import { resourceList } from '../schema/index';

let catalogs = labelled(resourceList);

function labelled(list: readonly Resource[]): Record<Lang, Catalog> {
  return Object.fromEntries(LANGS.map((l) => [l, mergeCatalogs(common[l], inlineLabels(list, l, common[l]), providerLabels(l), server[l] as Catalog)])) as Record<Lang, Catalog>;
}

/** An app serving resources beyond the registry (a test's throwaway table) speaks their inline labels too. */
export function learnLabels(list: readonly Resource[]): void {
  if (list.every((r) => resourceList.includes(r))) return;
  catalogs = labelled([...new Set([...resourceList, ...list])]);
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

function translated(lang: Lang, key: string, params: Record<string, unknown>, resource?: string): string {
  const catalog = catalogs[lang];
  const nested: Record<string, unknown> = { ...params };
  if (typeof params.message === 'string') nested.message = translate(catalog, params.message, params);
  if (typeof params.field === 'string' && resource) {
    const label = translate(catalog, `resources.${resource}.fields.${params.field}`);
    if (!label.startsWith('resources.')) nested.field = label;
  }
  // A field that names its label's key (a setting, a config row's value) reads as that label.
  if (typeof params.label === 'string') {
    const label = translate(allAreas[lang], params.label);
    if (label !== params.label) nested.field = label;
  }
  return translate(catalog, key, nested);
}
