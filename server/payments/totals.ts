/**
 * The dashboard's figures, kept as running totals in the transaction of every
 * write that changes them, so that reading a period costs the same over ten
 * thousand orders as over ten million (no scan of the orders per request).
 * Two tables, each with one row per owner, UTC hour (epoch seconds of the
 * hour's start) and currency, its counts in columns, plus a rollup of every
 * owner under `ALL_OWNERS` so that a caller who manages everyone's orders
 * reads one row per hour and currency, not one per operator:
 *  - `order_totals`: orders by the hour they were created: a column per
 *    status (`pending` … `refunded`), and a column per exception kind
 *    (`paid_late` …) counting the OPEN exceptions (order_exceptions rows) of
 *    those orders, so an order with two open counts two. Binned orders
 *    (deleteTime > 0) are not counted, nor their exceptions, as the orders
 *    list does not show them.
 *  - `money_totals`: money by the hour it moved: what orders were paid
 *    (completed or later refunded, at paidTime) and what refunds of paid money
 *    gave back (at the refund's settlement), in hundredths of the currency's
 *    unit (integers, so sums are exact on SQLite too); and the histogram of
 *    the payments' creation-to-payment delays (`d0` … `d17`, the buckets of
 *    `DELAY_BOUNDS`) for the median. Money stays counted when its order is
 *    binned: it was collected.
 * Counts in columns rather than rows keep a period's read to hours ×
 * currencies rows however many orders, statuses and delays there are.
 * Whole-hour buckets make exact days in any time zone of a whole-hour
 * offset; a half-hour or 45-minute zone (India, Nepal) gets days that start
 * at the whole hour just before its midnight (an hour's orders belong to the
 * day in which the hour began).
 *
 * Every change goes through `orderChanged` (the order's facts before and
 * after), `exceptionCounted` (an exception opened or resolved) and `refundSettled`; `rebuildTotals` computes the same totals from the
 * rows, for the migration that introduced them and for bulk loads.
 */
import { sql, type Kysely } from 'kysely';
import { ORDER_EXCEPTIONS, ORDER_STATUSES, PAID_STATUSES } from '../../schema/options';
import { adapterOf } from '../db/dialect';

/** The owner id of the rollup over every owner (no user has a negative id). */
export const ALL_OWNERS = -1;
const HOUR = 3600;
export const hourOf = (epochSeconds: number) => epochSeconds - (epochSeconds % HOUR);

/** Upper bounds (seconds, exclusive) of the delay histogram's buckets; past the last, one more bucket. */
export const DELAY_BOUNDS = [10, 30, 60, 120, 180, 300, 600, 900, 1200, 1800, 2700, 3600, 7200, 14400, 28800, 86400, 259200] as const;
export const delayBucket = (seconds: number) => {
  const i = DELAY_BOUNDS.findIndex((bound) => seconds < bound);
  return i < 0 ? DELAY_BOUNDS.length : i;
};

/** The histogram's columns of `money_totals`, one per bucket. */
export const DELAY_COLUMNS = Array.from({ length: DELAY_BOUNDS.length + 1 }, (_, i) => `d${i}`);

/** Refunds of money that had been counted as paid: the exception kinds `refunds.ts` counts against the paid amount. */
export const REFUNDS_OF_PAID = ['', 'overpaid'] as const;

/** What the totals read of an order. */
export interface OrderFacts {
  uid: number;
  createTime: number;
  currency: string;
  status: string;
  paidAmount: number;
  paidTime: number;
  deleteTime: number;
}

export const FACT_COLUMNS = ['uid', 'createTime', 'currency', 'status', 'paidAmount', 'paidTime', 'deleteTime'] as const;

const cents = (amount: number) => Math.round(Number(amount) * 100);
const isPaid = (f: OrderFacts) => (PAID_STATUSES as readonly string[]).includes(f.status);

type Row = Record<string, string | number>;
/** Deltas of one table, by key; the owner's row and the rollup's. */
class Deltas {
  private readonly rows = new Map<string, Row>();
  constructor(readonly keys: readonly string[], readonly sums: readonly string[]) {}
  add(key: Row, sums: Row, sign: 1 | -1) {
    for (const uid of [Number(key.uid), ALL_OWNERS]) {
      const k: Row = { ...key, uid };
      const id = JSON.stringify(this.keys.map((c) => k[c]));
      const row = this.rows.get(id) ?? { ...k, ...Object.fromEntries(this.sums.map((c) => [c, 0])) };
      for (const c of this.sums) row[c] = Number(row[c]) + sign * Number(sums[c] ?? 0);
      this.rows.set(id, row);
    }
  }
  /** The changed rows in key order: concurrent writers lock the same rows in the same order (no deadlock between them). */
  changed(): Row[] {
    return [...this.rows.entries()].filter(([, row]) => this.sums.some((c) => row[c] !== 0)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
  }
}

/** The count columns of `order_totals` (statuses, then open exceptions) and of `money_totals`. */
export const ORDER_COUNT_COLUMNS: readonly string[] = [...ORDER_STATUSES, ...ORDER_EXCEPTIONS];
export const MONEY_COLUMNS: readonly string[] = ['paidCents', 'payments', 'refundedCents', 'refunds', ...DELAY_COLUMNS];
const KEY = ['uid', 'hour', 'currency'];

const tables = () => ({
  order_totals: new Deltas(KEY, ORDER_COUNT_COLUMNS),
  money_totals: new Deltas(KEY, MONEY_COLUMNS),
});

/** `kinds`: the kinds of the order's open exceptions, one entry each (two underpayments are two). */
function count(t: ReturnType<typeof tables>, f: OrderFacts | null, kinds: readonly string[], sign: 1 | -1) {
  if (!f) return;
  const uid = Number(f.uid);
  if (!Number(f.deleteTime)) {
    const counts: Row = { [f.status]: 1 };
    for (const kind of kinds) counts[kind] = Number(counts[kind] ?? 0) + 1;
    t.order_totals.add({ uid, hour: hourOf(Number(f.createTime)), currency: f.currency }, counts, sign);
  }
  if (isPaid(f)) {
    const delay = `d${delayBucket(Number(f.paidTime) - Number(f.createTime))}`;
    t.money_totals.add({ uid, hour: hourOf(Number(f.paidTime)), currency: f.currency }, { paidCents: cents(f.paidAmount), payments: 1, [delay]: 1 }, sign);
  }
}

async function write(trx: Kysely<any>, t: ReturnType<typeof tables>) {
  const adapter = adapterOf(trx);
  for (const [table, deltas] of Object.entries(t)) {
    const rows = deltas.changed();
    if (rows.length) await adapter.addOnConflict(trx.insertInto(table).values(rows), deltas.keys, deltas.sums).execute();
  }
}

type Facts = (OrderFacts & { id?: number }) | null;

/**
 * In the transaction of a write to an order: moves its counts from what it
 * was (`before`, null for a new order) to what it is (`after`, null once
 * deleted). Only the differences are written.
 */
export async function orderChanged(trx: Kysely<any>, before: Facts, after: Facts) {
  await ordersChanged(trx, [{ before, after }]);
}

/**
 * The same for many orders changed in one transaction (an import's batch): their differences summed, one write per
 * table. An order's open exceptions move with it (binned, restored, another currency); an exception opened or resolved
 * in the same transaction is counted by `exceptionCounted`, so both sides here read the same rows. They are read only
 * for orders that move, in one query: a new order has none, and an order that stays under the same key keeps them.
 */
export async function ordersChanged(trx: Kysely<any>, changes: ReadonlyArray<{ before: Facts; after: Facts }>) {
  const key = (f: OrderFacts) => JSON.stringify([Number(f.uid), hourOf(Number(f.createTime)), f.currency, Boolean(Number(f.deleteTime))]);
  const moving = changes.filter(({ before, after }) => Number(before?.id ?? 0) && (!after || key(before!) !== key(after))).map(({ before }) => Number(before!.id));
  const kindsOf = new Map<number, string[]>();
  if (moving.length) {
    const open = await trx.selectFrom('order_exceptions').select(['orderId', 'kind']).where('orderId', 'in', moving).where('state', '=', 'open').execute();
    for (const row of open) kindsOf.set(Number(row.orderId), [...(kindsOf.get(Number(row.orderId)) ?? []), String(row.kind)]);
  }
  const t = tables();
  for (const { before, after } of changes) {
    const kinds = kindsOf.get(Number(before?.id ?? 0)) ?? [];
    count(t, before, kinds, -1);
    count(t, after, kinds, 1);
  }
  await write(trx, t);
}

/** In the transaction that opens (1) or resolves (-1) an exception of `order` (as it stands): its count, unless the order is binned. */
export async function exceptionCounted(trx: Kysely<any>, order: OrderFacts, kind: string, sign: 1 | -1) {
  if (Number(order.deleteTime)) return;
  const t = tables();
  t.order_totals.add({ uid: Number(order.uid), hour: hourOf(Number(order.createTime)), currency: order.currency }, { [kind]: 1 }, sign);
  await write(trx, t);
}

/** In the transaction that settles a refund as succeeded: the money it gave back, by the hour it went. */
export async function refundSettled(trx: Kysely<any>, refund: { uid: number; currency: string; amount: number; exception: string }, at: number) {
  if (!(REFUNDS_OF_PAID as readonly string[]).includes(refund.exception)) return;
  const t = tables();
  t.money_totals.add({ uid: Number(refund.uid), hour: hourOf(at), currency: refund.currency }, { refundedCents: cents(refund.amount), refunds: 1 }, 1);
  await write(trx, t);
}

/** `CASE` of the delay bucket of `delay` (an SQL expression), the same buckets as `delayBucket`. */
const bucketSql = (delay: string) =>
  sql.raw(`case ${DELAY_BOUNDS.map((bound, i) => `when ${delay} < ${bound} then ${i}`).join(' ')} else ${DELAY_BOUNDS.length} end`);

/**
 * The totals computed from the rows, replacing what the tables held: what
 * the migration that introduced them runs, and what a bulk load (the
 * dashboard bench, the demo seed) runs after inserting orders directly.
 */
export async function rebuildTotals(db: Kysely<any>) {
  // The count columns the table has at this point: a migration older than a status's column rebuilds without it.
  const table = (await db.introspection.getTables()).find((t) => t.name === 'order_totals');
  const present = new Set(table?.columns.map((c) => c.name) ?? []);
  const statuses = ORDER_STATUSES.filter((s) => present.has(s));
  const exceptions = ORDER_EXCEPTIONS.filter((e) => present.has(e));
  const countColumns = [...statuses, ...exceptions];
  const paid = sql.raw(PAID_STATUSES.map((s) => `'${s}'`).join(', '));
  const ofPaid = sql.raw(REFUNDS_OF_PAID.map((s) => `'${s}'`).join(', '));
  // Inside the migration's own transaction, or in one of its own.
  const run = (work: (trx: Kysely<any>) => Promise<void>) => (db.isTransaction ? work(db) : db.transaction().execute(work));
  const countOf = (column: string, value: string) => `sum(case when ${column} = '${value}' then 1 else 0 end) as ${value}`;
  // Before exceptions had rows of their own (migrations older than order_exceptions), an order held one, in its column.
  const perPayment = (await db.introspection.getTables()).some((t) => t.name === 'order_exceptions');
  const counted = perPayment
    ? sql.raw(`select o.uid, o.createTime, o.currency, e.kind as exception, o.deleteTime from receive_money o
        join order_exceptions e on e.orderId = o.id and e.state = 'open'`)
    : undefined;
  const statusCounts = sql.raw(statuses.map((s) => countOf('status', s)).join(', '));
  const exceptionCounts = sql.raw(exceptions.map((e) => countOf('exception', e)).join(', '));
  const orderCounts = sql.raw([...statuses.map((s) => countOf('status', s)), ...exceptions.map((e) => countOf('exception', e))].join(', '));
  const delays = sql.raw(DELAY_COLUMNS.map((c, i) => `sum(case when bucket = ${i} then 1 else 0 end) as ${c}`).join(', '));
  await run(async (trx) => {
    for (const table of ['order_totals', 'money_totals']) await trx.deleteFrom(table).execute();
    for (const perOwner of [true, false]) {
      const owner = sql.raw(perOwner ? 'uid' : String(ALL_OWNERS));
      const byOwner = sql.raw(perOwner ? 'uid, ' : '');
      if (!counted) {
        await sql`insert into order_totals (uid, hour, currency, ${sql.raw(countColumns.join(', '))})
          select ${owner}, createTime - createTime % 3600, currency, ${orderCounts} from receive_money
          where deleteTime = 0 group by ${byOwner}createTime - createTime % 3600, currency`.execute(trx);
      } else {
        // One row per order for its status, one per open exception for its kind (the same order's key): summed per key.
        const zeros = (names: readonly string[]) => sql.raw(names.map((n) => `0 as ${n}`).join(', '));
        const sums = sql.raw(countColumns.map((c) => `sum(${c}) as ${c}`).join(', '));
        const statusPart = sql`select uid, createTime, currency, ${statusCounts}, ${zeros(exceptions)}
          from receive_money where deleteTime = 0 group by uid, createTime, currency`;
        const exceptionPart = sql`select uid, createTime, currency, ${zeros(statuses)}, ${exceptionCounts}
          from (${counted}) x where deleteTime = 0 group by uid, createTime, currency`;
        await sql`insert into order_totals (uid, hour, currency, ${sql.raw(countColumns.join(', '))})
          select ${owner}, createTime - createTime % 3600, currency, ${sums} from (${statusPart} union all ${exceptionPart}) counted
          group by ${byOwner}createTime - createTime % 3600, currency`.execute(trx);
      }
      await sql`insert into money_totals (uid, hour, currency, ${sql.raw(MONEY_COLUMNS.join(', '))})
        select ${owner}, hour, currency, sum(paidCents), sum(payments), sum(refundedCents), sum(refunds), ${delays} from (
          select uid, paidTime - paidTime % 3600 as hour, currency, round(paidAmount * 100) as paidCents, 1 as payments, 0 as refundedCents, 0 as refunds,
            ${bucketSql('paidTime - createTime')} as bucket
            from receive_money where status in (${paid})
          union all
          select uid, updateTime - updateTime % 3600, currency, 0, 0, round(amount * 100), 1, -1
            from refunds where state = 'succeeded' and exception in (${ofPaid})
        ) moved group by ${byOwner}hour, currency`.execute(trx);
    }
  });
}
