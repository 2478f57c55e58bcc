/**
 * Payment confirmation (SPEC §2, §4, §8): the order, the amount due, a
 * countdown to createTime + window and the pay button that sends the payer to
 * the order's external payUrl.
 */
import { useEffect, useRef, useState } from 'react';
import { useOrder } from '../use-order';
import { formatDuration, spokenTimeLeft, useCountdown } from '../countdown';
import { useLang, useT } from '../i18n';
import { formatMoney } from '../money';
import { AlertDialog, Detail, useToast } from '../ui';

/** SPEC §9: the loading state shown before leaving for the payment page. */
const PAY_REDIRECT_MS = 500;

function isHttpUrl(value: string | undefined): value is string {
  try {
    return /^https?:$/.test(new URL(value ?? '').protocol);
  } catch {
    return false;
  }
}

export function ConfirmPage({ tradeNo, windowSeconds }: { tradeNo: string | null; windowSeconds: number }) {
  const t = useT();
  const lang = useLang();
  const toast = useToast();
  const load = useOrder(tradeNo);
  const order = load.loaded ? load.order : null;
  const endAt = order?.createTime ? order.createTime + windowSeconds : null;
  const secondsLeft = useCountdown(endAt);
  const expired = secondsLeft === 0;
  const [notice, setNotice] = useState<string | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  const redirect = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    if (expired) setNotice(t('pay.order_expired'));
  }, [expired, t]);
  useEffect(() => () => clearTimeout(redirect.current), []);

  function pay() {
    // The clock, not the last tick, decides: a click in the final second must not slip through.
    if (endAt === null || Date.now() / 1000 >= endAt) return setNotice(t('pay.pay_timeout'));
    const payUrl = order?.payUrl;
    if (!isHttpUrl(payUrl)) return toast('error', t('pay.pay_url_invalid'));
    setRedirecting(true);
    redirect.current = setTimeout(() => location.assign(payUrl), PAY_REDIRECT_MS);
  }

  return (
    <main className="card">
      <p className="amount-label">{t('pay.amount_due')}</p>
      <p className="amount" data-testid="amount">
        {formatMoney(order?.amount, order?.currency, lang) || '—'}
      </p>
      <dl className="details">
        <Detail label={t('pay.order_no')}>{order?.tradeNo ?? tradeNo ?? '—'}</Detail>
        <Detail label={t('pay.product')}>{order?.title || '—'}</Detail>
      </dl>
      <section className={`countdown${expired ? ' countdown--expired' : ''}`} aria-labelledby="time-left">
        <h2 id="time-left">{t('pay.time_left')}</h2>
        <CountdownText loaded={load.loaded} endAt={endAt} secondsLeft={secondsLeft} />
      </section>
      <button
        type="button"
        className="button button--primary"
        disabled={!secondsLeft || redirecting}
        aria-busy={redirecting}
        onClick={pay}
      >
        {redirecting && <span className="spinner" aria-hidden="true" />}
        {t(redirecting ? 'pay.redirecting' : 'pay.pay_now')}
      </button>
      <p className="hint">{t('pay.secure_hint')}</p>
      <AlertDialog message={notice} onClose={() => setNotice(null)} />
    </main>
  );
}

function CountdownText({ loaded, endAt, secondsLeft }: { loaded: boolean; endAt: number | null; secondsLeft: number | null }) {
  const t = useT();
  if (loaded && endAt === null) return <p className="countdown-time countdown-time--error">{t('pay.time_load_failed')}</p>;
  if (secondsLeft === null) return <p className="countdown-time countdown-time--pending">--:--</p>;
  return (
    <>
      {/* role=timer is not announced on each change; the live line below speaks once a minute. */}
      <p className="countdown-time" role="timer" data-testid="countdown">
        {secondsLeft ? formatDuration(secondsLeft, t) : t('pay.expired')}
      </p>
      <p className="visually-hidden" aria-live="polite">
        {secondsLeft ? spokenTimeLeft(secondsLeft, t) : t('pay.expired')}
      </p>
    </>
  );
}
