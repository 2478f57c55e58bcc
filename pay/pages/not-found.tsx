import { useT } from '../i18n';

/** Any path outside the pay pages and the console: the 404 page. */
export function NotFoundPage() {
  const t = useT();
  return (
    <main className="card card--centered">
      <p className="big-code" aria-hidden="true">
        404
      </p>
      <p className="hint">{t('pay.not_found_text')}</p>
      {/* Going home is navigation, so a link (styled as a button). */}
      <a className="button button--primary" href="#/">
        {t('pay.back_home')}
      </a>
    </main>
  );
}

/** The bare site address: no order named, nothing wrong; how a payer gets to his order. */
export function HomePage() {
  const t = useT();
  return (
    <main className="card card--centered" data-testid="pay-home">
      <p className="hint">{t('pay.home_text')}</p>
    </main>
  );
}
