/** The pay side: its routes, the document title and the navigation progress bar. */
import { useEffect, useState, type ReactNode } from 'react';
import { PAY_WINDOW_SECONDS } from '../schema/options';
import { loadSiteTitle } from './api';
import { useT } from './i18n';
import { ConfirmPage } from './pages/confirm';
import { NotFoundPage } from './pages/not-found';
import { ResultPage } from './pages/result';
import { useHashRoute } from './route';
import { NavigationProgress } from './ui';

interface Page {
  /** i18n key of the route title (SPEC §2). */
  title: string;
  render(query: URLSearchParams): ReactNode;
}

const PAGES: Record<string, Page> = {
  '/': {
    title: 'titles.front_index',
    render: (q) => <ConfirmPage tradeNo={q.get('tradeNo')} windowSeconds={PAY_WINDOW_SECONDS.index} />,
  },
  '/pay/emit': {
    title: 'titles.front_pay_emit',
    render: (q) => <ConfirmPage tradeNo={q.get('tradeNo')} windowSeconds={PAY_WINDOW_SECONDS.emit} />,
  },
  '/pay/order': {
    title: 'titles.front_pay_order',
    render: (q) => <ResultPage tradeNo={q.get('tradeNo')} />,
  },
};
const NOT_FOUND: Page = { title: 'titles.not_found', render: () => <NotFoundPage /> };

export function App() {
  const t = useT();
  const { path, query, hash } = useHashRoute();
  const page = PAGES[path] ?? NOT_FOUND;
  const siteTitle = useSiteTitle();

  useEffect(() => {
    document.title = siteTitle ? `${t(page.title)} - ${siteTitle}` : t(page.title);
  }, [page, siteTitle, t]);

  return (
    <>
      <NavigationProgress routeKey={hash} />
      {siteTitle && <header className="site-title">{siteTitle}</header>}
      {/* Keyed by the hash: another order or page starts from a clean state. */}
      <div key={hash} className="page">
        <h1 className="page-title">{t(page.title)}</h1>
        {page.render(query)}
      </div>
    </>
  );
}

function useSiteTitle(): string | null {
  const [title, setTitle] = useState<string | null>(null);
  useEffect(() => {
    loadSiteTitle().then(setTitle);
  }, []);
  return title;
}
