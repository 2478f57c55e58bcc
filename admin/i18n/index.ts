/**
 * The console's translations (issue 5 item 5): for each language, react-admin's
 * own strings (the published catalog where a good one exists, ours otherwise,
 * English underneath so a gap never shows a raw key) + the shared `common`
 * labels + the console's `admin` strings + the settings screen's `settings`
 * labels. Only the chosen language is loaded.
 * The choice lives in the `lang` cookie (the server reads it) and the session.
 */
import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider, TranslationMessages } from 'react-admin';
import { installLangOf, LANGS, LANG_COOKIE, mergeCatalogs, pickLang, type Catalog, type Lang } from '../../schema/i18n/index';
import { labelFallback } from '../../schema/i18n/fallback';
import { inlineLabels } from '../../schema/i18n/inline/labels';
import { providerLabels } from '../../schema/i18n/inline/providers';
import { resourceList } from '../../schema/index';
import { readCookie, writeCookie } from '../api/session';

const SESSION_KEY = 'paydesk.lang';
const YEAR_SECONDS = 365 * 24 * 3600;

type Module = { default: unknown };
const reactAdminCatalog: Record<Lang, () => Promise<Module>> = {
  'zh-cn': () => import('./ra/zh-cn'),
  'en-us': () => import('ra-language-english'),
  'ru-ru': () => import('ra-language-russian'),
  'ja-jp': () => import('./ra/ja-jp'),
  'ko-kr': () => import('./ra/ko-kr'),
};

/**
 * Corrections to a published catalog: "Sort by %{field_lower_first}" turns the
 * label "ID" into "iD" (issue 11 item 27); a label keeps its own case.
 */
const reactAdminFixes: Partial<Record<Lang, Catalog>> = {
  'en-us': { ra: { sort: { sort_by: 'Sort by %{field} %{order}' } } },
};

/** Each language's name in that language, as the switcher shows it. */
export const LANGUAGE_NAMES: Record<Lang, string> = {
  'zh-cn': '简体中文', 'en-us': 'English', 'ru-ru': 'Русский', 'ja-jp': '日本語', 'ko-kr': '한국어',
};

const loaded = new Map<Lang, TranslationMessages>();

export async function loadMessages(lang: Lang): Promise<TranslationMessages> {
  const hit = loaded.get(lang);
  if (hit) return hit;
  const parts = await Promise.all([
    import('ra-language-english'),
    reactAdminCatalog[lang](),
    Promise.resolve({ default: reactAdminFixes[lang] ?? {} }),
    import(`../../schema/i18n/common/${lang}.ts`) as Promise<Module>,
    import(`../../schema/i18n/admin/${lang}.ts`) as Promise<Module>,
    import(`../../schema/i18n/settings/${lang}.ts`) as Promise<Module>,
  ]);
  const [english, reactAdmin, fixes, common, admin, settings] = parts.map((m) => m.default as Catalog);
  // The labels a schema or a payment provider gives itself sit beside the shared ones (their system columns are named from those).
  const schema = mergeCatalogs(inlineLabels(resourceList, lang, common!), providerLabels(lang));
  const messages = mergeCatalogs(english!, reactAdmin!, fixes!, common!, schema, admin!, settings!) as TranslationMessages;
  loaded.set(lang, messages);
  return messages;
}

/**
 * The console's own choice (cookie, session), else the browser's languages
 * (what its Accept-Language says) when we speak one, else the install's
 * language written on the page: the order the server answers its messages in.
 */
export function initialLang(): Lang {
  return pickLang(readCookie(LANG_COOKIE) ?? sessionStorage.getItem(SESSION_KEY), navigator.languages.join(','), installLangOf(document.documentElement.dataset.installLang));
}

/** Keeps the choice for this session and for the server, which translates `msg` by the cookie. */
export function rememberLang(lang: Lang): void {
  writeCookie(LANG_COOKIE, lang, YEAR_SECONDS);
  sessionStorage.setItem(SESSION_KEY, lang);
}

/** Needs `loadMessages(initial)` to have resolved: polyglot wants the first catalog synchronously. */
export function createI18nProvider(initial: Lang): I18nProvider {
  const provider = polyglotI18nProvider(
    (lang) => loaded.get(lang as Lang) ?? loadMessages(lang as Lang),
    initial,
    LANGS.map((locale) => ({ locale, name: LANGUAGE_NAMES[locale] })),
    { allowMissing: true },
  );
  const byName = new Map(resourceList.map((r) => [r.name, r]));
  return {
    ...provider,
    // A table or field without a label reads as its key made readable ("Question"), a system column by its kind, as the
    // server names it, never `resources.faq.fields.question` (react-admin's own default, `_`, is the key itself for a
    // label given as a key). A label in the catalogs wins over both.
    translate: (key: string, options: object = {}) => {
      const messages = loaded.get(provider.getLocale() as Lang);
      const fallback = messages && labelFallback(key, messages as Catalog, byName);
      return provider.translate(key, fallback ? { ...options, _: fallback } : options);
    },
    changeLocale: async (lang: string) => {
      await provider.changeLocale(lang);
      rememberLang(lang as Lang);
      document.documentElement.lang = lang;
    },
  };
}
