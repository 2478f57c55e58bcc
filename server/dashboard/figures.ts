/**
 * The dashboard's figures for a period, read from the running totals
 * (server/payments/totals.ts), never from the orders: the cost grows with
 * the days asked for and the currencies and statuses in them, not with the
 * number of orders. A caller who manages everyone's orders reads the rollup
 * of all owners; any other reads his own rows.
 */
import { sql, type Kysely } from 'kysely';
import { ORDER_EXCEPTIONS, ORDER_STATUSES } from '../../schema/options';
import { ALL_OWNERS, DELAY_BOUNDS } from '../payments/totals';
import type { Period, Segment } from './period';

export interface CurrencyFigures {
  currency: string;
  /** Paid minus refunded in the period, in the currency's unit. */
  collected: number;
  paid: number;
  payments: number;
  refunded: number;
  refunds: number;
  /** Orders made in the period, by their status now. */
  orders: Record<string, number>;
  /** Paid (completed, or completed and later refunded) ÷ ended (those, failed and expired); null when none ended. */
  conversion: number | null;
  /** The histogram bucket holding the median creation-to-payment delay of the period's payments, in seconds (`high` null: past the last bound). */
  medianPay: { low: number; high: number | null } | null;
  /** Open exceptions on orders made in the period, by kind. */
  exceptions: Record<string, number>;
}

export interface Figures {
  days: string[];
  currencies: CurrencyFigures[];
  /** Net collected per day, per currency. */
  collectedByDay: Array<{ currency: string; values: number[] }>;
  /** Orders made per day, per status (every currency). */
  ordersByDay: Array<{ status: string; values: number[] }>;
}

/** The SQL of a bucket's day (epoch seconds of its zone midnight) within one segment. */
const dayOf = (s: Segment) => (s.day !== undefined ? sql<number>`${sql.lit(s.day)}` : sql<number>`hour - ((hour + ${sql.lit(s.offset!)}) % 86400)`);

type CountRow = { day: number; currency: string; status: string; exception: string; orders: number };
type MoneyRow = { day: number; currency: string; paidCents: number; payments: number; refundedCents: number; refunds: number };

export async function readFigures(db: Kysely<any>, period: Period, scopeUid: number | null): Promise<Figures> {
  const uid = scopeUid ?? ALL_OWNERS;
  const counts: CountRow[] = [];
  const money: MoneyRow[] = [];
  for (const s of period.segments) {
    const day = dayOf(s);
    counts.push(...(await db.selectFrom('order_totals')
      .select([day.as('day'), 'currency', 'status', 'exception', sql<number>`sum(orders)`.as('orders')])
      .where('uid', '=', uid).where('hour', '>=', s.from).where('hour', '<', s.to)
      .groupBy(['day', 'currency', 'status', 'exception']).execute()) as CountRow[]);
    money.push(...(await db.selectFrom('money_totals')
      .select([day.as('day'), 'currency', sql<number>`sum(paidCents)`.as('paidCents'), sql<number>`sum(payments)`.as('payments'),
        sql<number>`sum(refundedCents)`.as('refundedCents'), sql<number>`sum(refunds)`.as('refunds')])
      .where('uid', '=', uid).where('hour', '>=', s.from).where('hour', '<', s.to)
      .groupBy(['day', 'currency']).execute()) as MoneyRow[]);
  }
  const delays = await db.selectFrom('pay_delays').select(['currency', 'bucket', sql<number>`sum(orders)`.as('orders')])
    .where('uid', '=', uid).where('hour', '>=', period.start).where('hour', '<', period.end)
    .groupBy(['currency', 'bucket']).execute();

  const dayIndex = new Map(period.days.map((d, i) => [d.start, i]));
  const byCurrency = new Map<string, CurrencyFigures>();
  const figuresOf = (currency: string) => {
    let f = byCurrency.get(currency);
    if (!f) {
      f = { currency, collected: 0, paid: 0, payments: 0, refunded: 0, refunds: 0, orders: Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])),
        conversion: null, medianPay: null, exceptions: Object.fromEntries(ORDER_EXCEPTIONS.map((e) => [e, 0])) };
      byCurrency.set(currency, f);
    }
    return f;
  };
  const perDay = () => period.days.map(() => 0);
  const ordersByDay = new Map<string, number[]>(ORDER_STATUSES.map((s) => [s, perDay()]));
  const collectedByDay = new Map<string, number[]>();

  for (const row of counts) {
    const n = Number(row.orders);
    if (!n) continue;
    const f = figuresOf(row.currency);
    f.orders[row.status] = (f.orders[row.status] ?? 0) + n;
    if (row.exception) f.exceptions[row.exception] = (f.exceptions[row.exception] ?? 0) + n;
    const i = dayIndex.get(Number(row.day));
    if (i !== undefined) ordersByDay.get(row.status)![i]! += n;
  }
  for (const row of money) {
    const net = Number(row.paidCents) - Number(row.refundedCents);
    if (!Number(row.payments) && !Number(row.refunds)) continue;
    const f = figuresOf(row.currency);
    f.paid += Number(row.paidCents);
    f.refunded += Number(row.refundedCents);
    f.payments += Number(row.payments);
    f.refunds += Number(row.refunds);
    const i = dayIndex.get(Number(row.day));
    if (!collectedByDay.has(row.currency)) collectedByDay.set(row.currency, perDay());
    if (i !== undefined) collectedByDay.get(row.currency)![i]! += net;
  }
  const histograms = new Map<string, number[]>();
  for (const row of delays) {
    const h = histograms.get(row.currency) ?? Array<number>(DELAY_BOUNDS.length + 1).fill(0);
    h[Number(row.bucket)] = (h[Number(row.bucket)] ?? 0) + Number(row.orders);
    histograms.set(row.currency, h);
  }

  const fromCents = (c: number) => Math.round(c) / 100;
  for (const f of byCurrency.values()) {
    f.collected = fromCents(f.paid - f.refunded);
    f.paid = fromCents(f.paid);
    f.refunded = fromCents(f.refunded);
    const paidOrders = (f.orders.completed ?? 0) + (f.orders.refunded ?? 0);
    const ended = paidOrders + (f.orders.failed ?? 0) + (f.orders.expired ?? 0);
    f.conversion = ended ? paidOrders / ended : null;
    f.medianPay = median(histograms.get(f.currency));
  }
  const currencies = [...byCurrency.values()].sort((a, b) => a.currency.localeCompare(b.currency));
  return {
    days: period.days.map((d) => d.date),
    currencies,
    collectedByDay: [...collectedByDay.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([currency, values]) => ({ currency, values: values.map(fromCents) })),
    ordersByDay: [...ordersByDay.entries()].map(([status, values]) => ({ status, values })),
  };
}

/** The bucket of the middle payment (the lower middle of an even count), or null without payments. */
export function median(histogram: number[] | undefined): CurrencyFigures['medianPay'] {
  const total = histogram?.reduce((a, b) => a + b, 0) ?? 0;
  if (!histogram || !total) return null;
  let seen = 0;
  for (const [i, n] of histogram.entries()) {
    seen += n;
    if (seen >= Math.ceil(total / 2)) return { low: i === 0 ? 0 : DELAY_BOUNDS[i - 1]!, high: DELAY_BOUNDS[i] ?? null };
  }
  return null;
}
