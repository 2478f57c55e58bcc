/**
 * The pay pages' language: the `lang` cookie the admin also writes, else the
 * browser's languages, else zh-cn. Strings come from the small `pay` catalog
 * area through the shared `translate` (no polyglot on a payer's phone).
 */
import { createContext, useCallback, useContext } from 'react';
import { DEFAULT_LANG, LANG_COOKIE, pickLang, translate, type Lang } from '../schema/i18n';
import catalogs from '../schema/i18n/pay';

export type Translate = (key: string, params?: Record<string, unknown>) => string;

export function browserLang(): Lang {
  const prefix = `${LANG_COOKIE}=`;
  const cookie = document.cookie.split('; ').find((c) => c.startsWith(prefix));
  return pickLang(cookie && decodeURIComponent(cookie.slice(prefix.length)), navigator.languages.join(','));
}

const LangContext = createContext<Lang>(DEFAULT_LANG);
export const LangProvider = LangContext.Provider;
export const useLang = () => useContext(LangContext);

export function useT(): Translate {
  const lang = useLang();
  return useCallback((key, params) => translate(catalogs[lang], key, params), [lang]);
}
