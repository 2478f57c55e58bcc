/**
 * Entry of the pay side. The front door (index.html) imports it for every
 * route outside #/admin and #/common and calls `mount`; the returned function
 * unmounts it when the payer crosses to the other side.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { browserLang, LangProvider } from './i18n';
import { ToastProvider } from './ui';
import './style.css';

export function mount(el: HTMLElement): () => void {
  // Read on every mount: the admin side may have changed the language cookie.
  const lang = browserLang();
  document.documentElement.lang = lang;
  const root = createRoot(el);
  root.render(
    <StrictMode>
      <LangProvider value={lang}>
        <ToastProvider>
          <App />
        </ToastProvider>
      </LangProvider>
    </StrictMode>,
  );
  return () => root.unmount();
}
