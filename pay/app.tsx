/** The pay side: its routes, the document title, SITE_INFO's header, head and footer, and the navigation progress bar. */
import { useEffect, useState, type ReactNode } from 'react';
import { PAY_WINDOW_SECONDS } from '../schema/order-options';
import { applySiteHead, siteFooter } from '../schema/site-info';
import { loadSiteInfo, type SiteInfo } from './api';
import { useT } from './i18n';
import { ConfirmPage } from './pages/confirm';
import { HomePage, NotFoundPage } from './pages/not-found';
import { ResultPage } from './pages/result';
import { useHashRoute } from './route';
import { NavigationProgress } from './ui';

interface Page {
  /** i18n key of the route title (by the query: the bare site address is no order). */
  title: string | ((query: URLSearchParams) => string);
  render(query: URLSearchParams): ReactNode;
}

const PAGES: Record<string, Page> = {
  // The bare site address names no order: a neutral page, not "Order not found".
  '/': {
    title: (q) => (q.get('tradeNo') ? 'titles.front_index' : 'titles.front_home'),
    render: (q) => (q.get('tradeNo') ? <ConfirmPage tradeNo={q.get('tradeNo')} windowSeconds={PAY_WINDOW_SECONDS.index} /> : <HomePage />),
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
  const title = typeof page.title === 'function' ? page.title(query) : page.title;
  const site = useSiteInfo();
  const siteTitle = site?.title || null;

  useEffect(() => {
    document.title = siteTitle ? `${t(title)} - ${siteTitle}` : t(title);
  }, [title, siteTitle, t]);
  useEffect(() => applySiteHead(document, site), [site]);

  return (
    <>
      <NavigationProgress routeKey={hash} />
      {siteTitle && (
        <header className="site-title">
          {site?.avatar && <img className="site-avatar" src={site.avatar} alt="" width="28" height="28" />}
          {siteTitle}
        </header>
      )}
      {/* Keyed by the hash: another order or page starts from a clean state. */}
      <div key={hash} className="page">
        <h1 className="page-title">{t(title)}</h1>
        {page.render(query)}
      </div>
      <Footer site={site} />
    </>
  );
}

function useSiteInfo(): SiteInfo | null {
  const [info, setInfo] = useState<SiteInfo | null>(null);
  useEffect(() => {
    void loadSiteInfo().then(setInfo);
  }, []);
  return info;
}

/** SITE_INFO's copyright and filing numbers with their links (a mainland-China site must show its ICP number). */
function Footer({ site }: { site: SiteInfo | null }) {
  const footer = siteFooter(site);
  if (!footer) return null;
  return (
    <footer className="site-footer">
      <span>{footer.copyright}</span>
      {[footer.icp, footer.police].map((link) => link && (
        <a key={link.href + link.text} href={link.href} target="_blank" rel="noopener noreferrer">{link.text}</a>
      ))}
    </footer>
  );
}
