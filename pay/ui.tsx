/** The few pieces of chrome the pay pages share: toasts, the alert dialog, the progress bar. */
import { createContext, useCallback, useContext, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useT } from './i18n';

/** Toasts stay 3000 ms, as in the console; the progress bar hides 500 ms after reaching 100. */
const TOAST_MS = 3000;
const PROGRESS_HIDE_MS = 500;

type ToastKind = 'success' | 'error';
type ShowToast = (kind: ToastKind, text: string) => void;
const ToastContext = createContext<ShowToast>(() => {});
export const useToast = () => useContext(ToastContext);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Array<{ id: number; kind: ToastKind; text: string }>>([]);
  const nextId = useRef(0);
  const show = useCallback<ShowToast>((kind, text) => {
    const id = nextId.current++;
    setToasts((list) => [...list, { id, kind, text }]);
    setTimeout(() => setToasts((list) => list.filter((toast) => toast.id !== id)), TOAST_MS);
  }, []);
  return (
    <ToastContext.Provider value={show}>
      {children}
      {/* Always in the DOM, so screen readers announce what is added to it. */}
      <div className="toasts" aria-live="polite">
        {toasts.map((toast) => (
          <div key={toast.id} className={`toast toast--${toast.kind}`} role={toast.kind === 'error' ? 'alert' : 'status'}>
            {toast.text}
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

/** A modal notice (title 提示) on the native <dialog>, which traps focus and closes on Escape. */
export function AlertDialog({ message, onClose }: { message: string | null; onClose: () => void }) {
  const t = useT();
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  useEffect(() => {
    const dialog = ref.current!;
    if (message && !dialog.open) dialog.showModal();
    if (!message && dialog.open) dialog.close();
  }, [message]);
  return (
    <dialog ref={ref} className="alert" role="alertdialog" aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`} onClose={onClose}>
      <h2 id={`${id}-title`}>{t('pay.notice')}</h2>
      <p id={`${id}-text`}>{message}</p>
      <form method="dialog">
        <button className="button" autoFocus>
          {t('pay.ok')}
        </button>
      </form>
    </dialog>
  );
}

/**
 * The bar at the top on each navigation: a CSS animation from 0 to 100 %,
 * restarted by the key, then hidden 500 ms after it ends. Decorative only.
 */
export function NavigationProgress({ routeKey }: { routeKey: string }) {
  const [finished, setFinished] = useState<string | null>(null);
  const [hidden, setHidden] = useState<string | null>(null);
  useEffect(() => {
    if (finished !== routeKey) return;
    const timer = setTimeout(() => setHidden(routeKey), PROGRESS_HIDE_MS);
    return () => clearTimeout(timer);
  }, [finished, routeKey]);
  if (hidden === routeKey) return null;
  return <div key={routeKey} className="progress" aria-hidden="true" onAnimationEnd={() => setFinished(routeKey)} />;
}

/** One labelled line of an order: `<dt>` and `<dd>` inside the page's `<dl>`. */
export function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="detail">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** An unknown or missing tradeNo (issue 11 item 8): a plain statement, no order fields, no error colour. */
export function OrderNotFound() {
  const t = useT();
  return (
    <main className="card card--centered" data-testid="order-not-found">
      <h2 className="status-text">{t('pay.order_not_found')}</h2>
      <p className="hint">{t('pay.order_not_found_text')}</p>
    </main>
  );
}

/** The order could not be read after a few tries: say so (it may well exist), with a way to try again. */
export function OrderLoadFailed({ retry }: { retry: () => void }) {
  const t = useT();
  return (
    <main className="card card--centered" data-testid="order-load-failed">
      <h2 className="status-text" role="alert">{t('pay.load_failed')}</h2>
      <p className="hint">{t('pay.load_failed_text')}</p>
      <button type="button" className="button button--primary" onClick={retry}>{t('pay.retry')}</button>
    </main>
  );
}
