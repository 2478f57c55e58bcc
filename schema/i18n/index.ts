/**
 * Languages and the tiny translator shared by the server (error messages),
 * the pay pages and the admin (which wraps the same catalogs in
 * ra-i18n-polyglot). Catalogs are nested objects whose leaves are strings with
 * polyglot-style `%{name}` placeholders; they are split by area
 * (`common`, `server`, `pay`, `admin`) so the pay pages load only what they show.
 */
export const LANGS = ['zh-cn', 'en-us', 'ru-ru', 'ja-jp', 'ko-kr'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'zh-cn';
/** Cookie that carries the chosen language between the pages and the server. */
export const LANG_COOKIE = 'lang';

export interface Catalog {
  [key: string]: string | Catalog;
}

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value.toLowerCase());
}

/** The cookie's language, else the first of Accept-Language we speak, else `fallback` (the install's language on the server). */
export function pickLang(cookie?: string | null, acceptLanguage?: string | null, fallback: Lang = DEFAULT_LANG): Lang {
  if (isLang(cookie)) return cookie.toLowerCase() as Lang;
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.split(';')[0]!.trim().toLowerCase();
    if (!tag) continue;
    if (isLang(tag)) return tag;
    const primary = tag.split('-')[0];
    const match = LANGS.find((l) => l.startsWith(primary + '-'));
    if (match) return match;
  }
  return fallback;
}

/**
 * The install's language as the server wrote it on the page (`<html
 * data-install-lang="en-us">`, server/routes/static.ts; the front ends change
 * only `lang`); zh-cn where the page names none we speak (the dev server).
 */
export const installLangOf = (written: string | null | undefined): Lang => (isLang(written) ? (written.toLowerCase() as Lang) : DEFAULT_LANG);

export function lookup(catalog: Catalog, key: string): string | undefined {
  let node: string | Catalog | undefined = catalog;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

export function interpolate(template: string, params: Record<string, unknown> = {}): string {
  return template.replace(/%\{(\w+)\}/g, (all, name: string) => (name in params ? String(params[name]) : all));
}

/** Translate `key`; an unknown key comes back as itself so a gap is visible, never blank. */
export function translate(catalog: Catalog, key: string, params?: Record<string, unknown>): string {
  const template = lookup(catalog, key);
  return template === undefined ? key : interpolate(template, params);
}

/** Deep merge of catalogs (later wins), used to assemble a language from its areas. */
export function mergeCatalogs(...parts: Catalog[]): Catalog {
  const out: Catalog = {};
  for (const part of parts) {
    for (const [k, v] of Object.entries(part)) {
      const prev = out[k];
      out[k] = typeof v === 'object' && typeof prev === 'object' ? mergeCatalogs(prev, v) : v;
    }
  }
  return out;
}

/** Every dotted leaf key of a catalog (the completeness test compares these). */
export function leafKeys(catalog: Catalog, prefix = ''): string[] {
  return Object.entries(catalog).flatMap(([k, v]) =>
    typeof v === 'string' ? [prefix + k] : leafKeys(v, prefix + k + '.'),
  );
}

/** i18n key of a select choice: `options.<set>.<value>`, `_empty` for a blank value. */
export const optionLabelKey = (set: string, value: string) => `options.${set}.${value === '' ? '_empty' : value}`;
