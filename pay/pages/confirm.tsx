/**
 * Payment confirmation: the order, the amount due, a
 * countdown to createTime + window and the pay button. The click asks the
 * server where to pay (a manual order's own link, or a provider's checkout
 * made then) and sends the payer there after the loading state.
 */
import { useEffect, useRef, useState } from 'react';
import { pollOrder, startCheckout } from '../api';
import { useOrder } from '../use-order';
import { formatDuration, spokenTimeLeft, useCountdown } from '../countdown';
import { useLang, useT } from '../i18n';
import { formatMoney } from '../../schema/money';
import { ORDER_STATUSES } from '../../schema/order-options';
import { isHttpUrl } from '../urls';
import { ScanToPay } from '../scan-to-pay';
import { AlertDialog, Detail, OrderLoadFailed, OrderNotFound, useToast } from '../ui';

/** The loading state shown before leaving for the payment page. */
const PAY_REDIRECT_MS = 500;


export function ConfirmPage({ tradeNo, windowSeconds }: { tradeNo: string | null; windowSeconds: number }) {
  const t = useT();
  const lang = useLang();
  const toast = useToast();
  const load = useOrder(tradeNo);
  const order = load.loaded ? load.order : null;
  // The page's window, or sooner when the order itself expires sooner (its creator chose a shorter life).
  const windowEnd = order?.createTime ? order.createTime + windowSeconds : null;
  const endAt = windowEnd !== null && order?.expireTime ? Math.min(windowEnd, order.expireTime) : windowEnd;
  const closed = order?.status && order.status !== 'pending' ? order.status : null;
  const paidHere = useMovedToPaid(order?.status);
  const secondsLeft = useCountdown(endAt);
  const expired = secondsLeft === 0;
  const [notice, setNotice] = useState<string | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  const redirect = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    if (expired && !closed) setNotice(t('pay.order_expired'));
  }, [expired, closed, t]);
  // Paid while the payer was looking: on to the result page.
  useEffect(() => {
    if (paidHere && tradeNo) location.replace(`#/pay/order?tradeNo=${encodeURIComponent(tradeNo)}`);
  }, [paidHere, tradeNo]);
  useEffect(() => () => clearTimeout(redirect.current), []);

  async function pay() {
    // The clock, not the last tick, decides: a click in the final second must not slip through.
    if (endAt === null || Date.now() / 1000 >= endAt) return setNotice(t('pay.pay_timeout'));
    if (!tradeNo) return;
    setRedirecting(true);
    const clicked = Date.now();
    const answer = await startCheckout(tradeNo);
    const payUrl = answer.data?.payUrl;
    if (isHttpUrl(payUrl)) {
      // The loading state lasts its full time even when the server answers at once; a refusal is told at once.
      redirect.current = setTimeout(() => location.assign(payUrl), Math.max(0, PAY_REDIRECT_MS - (Date.now() - clicked)));
      return;
    }
    setRedirecting(false);
    toast('error', t(await whyNoCheckout(tradeNo, answer)));
  }

  if (load.failed) return <OrderLoadFailed retry={load.retry} />;
  // An unknown tradeNo is no order: say so, without a fake order or a countdown error (and no toast: nothing failed).
  if (load.loaded && !order) return <OrderNotFound />;

  return (
    <main className="card">
      {/* Owed only while it can still be paid: an ended or expired order shows its amount as the order's. */}
      <p className="amount-label">{t(closed || expired ? 'pay.order_amount' : 'pay.amount_due')}</p>
      <p className="amount" data-testid="amount">
        {formatMoney(order?.amount, order?.currency, lang) || '—'}
      </p>
      <dl className="details">
        <Detail label={t('pay.order_no')}>{order?.tradeNo ?? tradeNo ?? '—'}</Detail>
        <Detail label={t('pay.product')}>{order?.title || '—'}</Detail>
      </dl>
      {closed ? (
        <ClosedNotice status={closed} tradeNo={order?.tradeNo ?? tradeNo ?? ''} />
      ) : (
        <>
          <section className={`countdown${expired ? ' countdown--expired' : ''}`} aria-labelledby="time-left">
            <h2 id="time-left">{t('pay.time_left')}</h2>
            <CountdownText loaded={load.loaded} endAt={endAt} secondsLeft={secondsLeft} />
          </section>
          <button
            type="button"
            className="button button--primary"
            disabled={!secondsLeft || redirecting}
            aria-busy={redirecting}
            onClick={() => void pay()}
          >
            {redirecting && <span className="spinner" aria-hidden="true" />}
            {t(redirecting ? 'pay.redirecting' : 'pay.pay_now')}
          </button>
          <p className="hint">{t('pay.secure_hint')}</p>
          {load.loaded && <ScanToPay />}
        </>
      )}
      <AlertDialog message={notice} onClose={() => setNotice(null)} />
    </main>
  );
}

/**
 * The payer's words for a pay click that found nowhere to pay. A refusal
 * (409) is either the order having ended meanwhile (paid, failed, closed:
 * the page will show it) or an order with nowhere to pay (no pay link, its
 * provider not set up); anything else may pass on a second try.
 */
async function whyNoCheckout(tradeNo: string, answer: { code: number; data: unknown }): Promise<string> {
  if (answer.data) return 'pay.pay_url_invalid';
  if (answer.code !== 409) return 'pay.checkout_failed';
  const now = await pollOrder(tradeNo);
  return now?.status && now.status !== 'pending' ? 'pay.checkout_closed' : 'pay.pay_url_invalid';
}

/** True once the order turned completed after this page first saw it pending. */
function useMovedToPaid(status: string | undefined): boolean {
  const seenPending = useRef(false);
  if (status === 'pending') seenPending.current = true;
  return seenPending.current && status === 'completed';
}

/** Why a finished order cannot be paid, with the way to its result. */
function ClosedNotice({ status, tradeNo }: { status: string; tradeNo: string }) {
  const t = useT();
  const known = status !== 'pending' && (ORDER_STATUSES as readonly string[]).includes(status);
  return (
    <section className={`closed status--${status}`} role="status" data-testid="closed-notice">
      <p>{t(known ? `pay.closed.${status}` : 'pay.status.unknown')}</p>
      <a className="button" href={`#/pay/order?tradeNo=${encodeURIComponent(tradeNo)}`}>{t('pay.view_result')}</a>
    </section>
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
