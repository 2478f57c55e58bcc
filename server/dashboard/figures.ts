/**
 * The dashboard's figures for a period, read from the running totals
 * (server/payments/totals.ts), never from the orders: the cost grows with
 * the days asked for and the currencies and statuses in them, not with the
 * number of orders. A caller who manages everyone's orders reads the rollup
 * of all owners; any other reads his own rows.
 */
import { sql, type Kysely } from 'kysely';
import { ORDER_EXCEPTIONS, ORDER_STATUSES, PAID_STATUSES, UNPAID_END_STATUSES } from '../../schema/options';
import { ALL_OWNERS, DELAY_BOUNDS, DELAY_COLUMNS, MONEY_COLUMNS, ORDER_COUNT_COLUMNS } from '../payments/totals';
import type { CurrencyFigures, Figures } from '../../schema/dashboard';
import type { Period, Segment } from './period';

/** The SQL of a bucket's day (epoch seconds of its zone midnight) within one segment. */
const dayOf = (s: Segment) => (s.day !== undefined ? sql<number>`${sql.lit(s.day)}` : sql<number>`hour - ((hour + ${sql.lit(s.offset!)}) % 86400)`);

type Row = Record<string, number | string>;
const sums = (columns: readonly string[]) => columns.map((c) => sql<number>`sum(${sql.ref(c)})`.as(c));

export async function readFigures(db: Kysely<any>, period: Period, scopeUid: number | null): Promise<Figures> {
  const uid = scopeUid ?? ALL_OWNERS;
  const counts: Row[] = [];
  const money: Row[] = [];
  for (const s of period.segments) {
    const day = dayOf(s);
    const read = (table: string, columns: readonly string[]) => db.selectFrom(table).select([day.as('day'), 'currency', ...sums(columns)])
      .where('uid', '=', uid).where('hour', '>=', s.from).where('hour', '<', s.to).groupBy(['day', 'currency']).execute() as Promise<Row[]>;
    counts.push(...(await read('order_totals', ORDER_COUNT_COLUMNS)));
    money.push(...(await read('money_totals', MONEY_COLUMNS)));
  }

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
  const histograms = new Map<string, number[]>();

  for (const row of counts) {
    const currency = String(row.currency);
    if (!ORDER_COUNT_COLUMNS.some((c) => Number(row[c]))) continue;
    const f = figuresOf(currency);
    const i = dayIndex.get(Number(row.day));
    for (const s of ORDER_STATUSES) {
      f.orders[s]! += Number(row[s]);
      if (i !== undefined) ordersByDay.get(s)![i]! += Number(row[s]);
    }
    for (const e of ORDER_EXCEPTIONS) f.exceptions[e]! += Number(row[e]);
  }
  for (const row of money) {
    const currency = String(row.currency);
    if (!Number(row.payments) && !Number(row.refunds)) continue;
    const f = figuresOf(currency);
    f.paid += Number(row.paidCents);
    f.refunded += Number(row.refundedCents);
    f.payments += Number(row.payments);
    f.refunds += Number(row.refunds);
    const i = dayIndex.get(Number(row.day));
    if (!collectedByDay.has(currency)) collectedByDay.set(currency, perDay());
    if (i !== undefined) collectedByDay.get(currency)![i]! += Number(row.paidCents) - Number(row.refundedCents);
    const h = histograms.get(currency) ?? DELAY_COLUMNS.map(() => 0);
    DELAY_COLUMNS.forEach((c, k) => { h[k]! += Number(row[c]); });
    histograms.set(currency, h);
  }

  const fromCents = (c: number) => Math.round(c) / 100;
  for (const f of byCurrency.values()) {
    f.collected = fromCents(f.paid - f.refunded);
    f.paid = fromCents(f.paid);
    f.refunded = fromCents(f.refunded);
    const paidOrders = PAID_STATUSES.reduce((sum, s) => sum + (f.orders[s] ?? 0), 0);
    const ended = paidOrders + UNPAID_END_STATUSES.reduce((sum, s) => sum + (f.orders[s] ?? 0), 0);
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
