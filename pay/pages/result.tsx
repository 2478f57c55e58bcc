/** Payment result: status icon and text, the order, and a copy button for its number. */
import { ORDER_STATUSES, orderStatusColor } from '../../schema/order-options';
import { useOrder } from '../use-order';
import { useLang, useT } from '../i18n';
import { formatMoney } from '../../schema/money';
import { payLink } from '../../schema/order-options';
import { Detail, OrderLoadFailed, OrderNotFound, useToast } from '../ui';
import { isHttpUrl } from '../urls';

type Look = (typeof ORDER_STATUSES)[number] | 'unknown' | 'querying';

const ICONS: Record<Look, string> = {
  completed: 'M5 12.5l4.5 4.5L19 7.5',
  pending: 'M12 7v5l3.5 2',
  failed: 'M7.5 7.5l9 9m0-9l-9 9',
  expired: 'M12 7v5l3.5 2M7 3.5h10',
  refunded: 'M9 14l-4-4 4-4M5 10h9a5 5 0 0 1 0 10h-3',
  partially_refunded: 'M9 14l-4-4 4-4M5 10h9a5 5 0 0 1 0 10h-3',
  closed: 'M7 12h10',
  unknown: 'M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6v.6M12 17.5v.01',
  querying: 'M12 3a9 9 0 0 1 9 9',
};

async function copyText(text: string): Promise<void> {
  if (navigator.clipboard) return navigator.clipboard.writeText(text);
  // Outside a secure context (plain http) only the old command exists.
  const area = Object.assign(document.createElement('textarea'), { value: text, readOnly: true });
  document.body.append(area);
  area.select();
  const copied = document.execCommand('copy');
  area.remove();
  if (!copied) throw new Error('copy refused');
}

export function ResultPage({ tradeNo }: { tradeNo: string | null }) {
  const t = useT();
  const lang = useLang();
  const toast = useToast();
  const load = useOrder(tradeNo, { check: true });
  const order = load.loaded ? load.order : null;
  const status = order?.status;
  const look: Look = !load.loaded ? 'querying' : status && ORDER_STATUSES.includes(status) ? status : 'unknown';
  const orderNo = order?.tradeNo ?? tradeNo ?? '';

  async function copyOrderNo() {
    try {
      await copyText(orderNo);
      toast('success', t('pay.order_no_copied'));
    } catch {
      toast('error', t('pay.copy_failed'));
    }
  }

  if (load.failed) return <OrderLoadFailed retry={load.retry} />;
  if (load.loaded && !order) return <OrderNotFound />;

  return (
    <main className="card">
      <div className={`status status--${look}`} data-status={look} role="status" style={look === 'querying' ? undefined : { color: orderStatusColor(look) }}>
        <svg className="status-icon" viewBox="0 0 24 24" aria-hidden="true">
          {look !== 'querying' && <circle cx="12" cy="12" r="10" />}
          <path d={ICONS[look]} />
        </svg>
        <p className="status-text">{t(`pay.status.${look}`)}</p>
      </div>
      <dl className="details">
        <Detail label={t('pay.order_no')}>{orderNo || '—'}</Detail>
        <Detail label={t('pay.product')}>{order?.title || '—'}</Detail>
        <Detail label={t('pay.amount_paid')}>{formatMoney(order?.amount, order?.currency, lang) || '—'}</Detail>
      </dl>
      {/* Not paid yet: the way back to the confirmation page and its pay button. */}
      {look === 'pending' && (
        // The pay link's hash, relative to this page (the site may live under a path prefix).
        <a className="button button--primary" href={payLink('', orderNo).replace(/^\//, '')}>
          {t('pay.back_to_pay')}
        </a>
      )}
      <button type="button" className="button" disabled={!orderNo} onClick={copyOrderNo}>
        {t('pay.copy_order_no')}
      </button>
      {/* Done here: the way back to the merchant, when the order names it. */}
      {look !== 'pending' && look !== 'querying' && isHttpUrl(order?.returnUrl) && (
        <a className="button button--primary" href={order.returnUrl} data-testid="back-to-shop">{t('pay.back_to_shop')}</a>
      )}
    </main>
  );
}
