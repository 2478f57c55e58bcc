/**
 * The pay pages' language: the `lang` cookie the admin also writes, else the
 * browser's languages, else the install's (zh-cn unless INSTALL_LANG says otherwise). Strings come from the small `pay` catalog
 * area through the shared `translate` (no polyglot on a payer's phone).
 */
import { createContext, useCallback, useContext } from 'react';
import { DEFAULT_LANG, installLangOf, LANG_COOKIE, pickLang, translate, type Lang } from '../schema/i18n';
import catalogs from '../schema/i18n/pay';

export type Translate = (key: string, params?: Record<string, unknown>) => string;

export function browserLang(): Lang {
  const prefix = `${LANG_COOKIE}=`;
  const cookie = document.cookie.split('; ').find((c) => c.startsWith(prefix));
  // Then the install's language, as the server wrote it on the page (server/routes/static.ts).
  return pickLang(cookie && decodeURIComponent(cookie.slice(prefix.length)), navigator.languages.join(','), installLangOf(document.documentElement.dataset.installLang));
}

const LangContext = createContext<Lang>(DEFAULT_LANG);
export const LangProvider = LangContext.Provider;
export const useLang = () => useContext(LangContext);

export function useT(): Translate {
  const lang = useLang();
  return useCallback((key, params) => translate(catalogs[lang], key, params), [lang]);
}
