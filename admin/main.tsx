/**
 * Entry of the admin console and account pages. The front door (pay/index.html)
 * imports this module lazily for `#/admin...` and `#/common...` and calls
 * `mount`; the returned function unmounts the console.
 */
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { createI18nProvider, initialLang, loadMessages, rememberLang } from './i18n/index';

export function mount(el: HTMLElement): () => void {
  const root = createRoot(el);
  let mounted = true;
  const lang = initialLang();
  // polyglot needs the first catalog synchronously, so render once it is here.
  void loadMessages(lang).then(() => {
    if (!mounted) return;
    rememberLang(lang);
    document.documentElement.lang = lang;
    root.render(<App i18nProvider={createI18nProvider(lang)} />);
  });
  return () => {
    mounted = false;
    root.unmount();
  };
}
