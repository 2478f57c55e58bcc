/**
 * The settlement report for accounting: for a period, per currency and
 * channel, what was collected, what was refunded, the net and the counts;
 * then the orders behind those figures. Money counts when it moved: a
 * payment at the order's `paidTime`, a refund when it succeeded (the refund
 * row settles once, so its `updateTime` is that moment). Collected is what
 * orders were paid (`paidAmount`, which holds an overpayment and an accepted
 * exception); the refunds counted are the ones that count against it, so
 * money an exception held and sent straight back is in neither column.
 * Archived orders are counted: their money moved all the same.
 */
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Lang } from '../../schema/i18n';
import { minorDigits } from '../../schema/money';
import { downloadHeaders, sheetStream, type Sheet } from '../engine/export-sheets';
import { exportOptions, localTime, optionLabel, type CellKind, type ExportCell } from '../engine/export-view';
import { onlyKeys } from '../engine/params';
import { t } from '../i18n';
import { parsePeriod, type Period } from './period';

const BATCH = 500;
/** Refunds that give back money the order was paid (not an exception's money returned as it came). */
const COUNTED_REFUNDS = ['', 'overpaid'];
const round = (n: number, currency: string) => {
  const scale = 10 ** Math.max(2, minorDigits(currency));
  return Math.round(n * scale) / scale;
};
const money = (amount: number, currency: string): ExportCell => ({ amount: round(amount, currency), digits: minorDigits(currency) });

interface Scope { db: Kysely<any>; scopeUid: number | null; period: Period }

/** Succeeded refunds counted against what was paid, settled within the period, of the caller's orders. */
function countedRefunds({ db, scopeUid, period }: Scope) {
  let q = db.selectFrom('refunds').where('state', '=', 'succeeded').where('exception', 'in', COUNTED_REFUNDS)
    .where('updateTime', '>=', period.start).where('updateTime', '<', period.end);
  if (scopeUid !== null) q = q.where('uid', '=', scopeUid);
  return q;
}

export interface SettlementLine { currency: string; channel: string; gross: number; refunded: number; net: number; paidOrders: number; refunds: number }

/** The figures, one line per currency and channel that had money move in the period. */
export async function settlementLines(scope: Scope): Promise<SettlementLine[]> {
  const { db, scopeUid, period } = scope;
  let paid = db.selectFrom('receive_money')
    .select(['currency', 'channel', sql<string | number>`sum(paidAmount)`.as('total'), sql<string | number>`count(*)`.as('count')])
    .where('paidTime', '>=', period.start).where('paidTime', '<', period.end).where('paidAmount', '>', 0)
    .groupBy(['currency', 'channel']);
  if (scopeUid !== null) paid = paid.where('uid', '=', scopeUid);
  const refunded = countedRefunds(scope)
    .select(['currency', 'channel', sql<string | number>`sum(amount)`.as('total'), sql<string | number>`count(*)`.as('count')])
    .groupBy(['currency', 'channel']);
  const lines = new Map<string, SettlementLine>();
  const line = (currency: string, channel: string) => {
    const key = `${currency}\0${channel}`;
    let found = lines.get(key);
    if (!found) lines.set(key, (found = { currency, channel, gross: 0, refunded: 0, net: 0, paidOrders: 0, refunds: 0 }));
    return found;
  };
  for (const row of await paid.execute()) Object.assign(line(row.currency, row.channel), { gross: Number(row.total), paidOrders: Number(row.count) });
  for (const row of await refunded.execute()) Object.assign(line(row.currency, row.channel), { refunded: Number(row.total), refunds: Number(row.count) });
  return [...lines.values()]
    .map((l) => ({ ...l, gross: round(l.gross, l.currency), refunded: round(l.refunded, l.currency), net: round(l.gross - l.refunded, l.currency) }))
    .sort((a, b) => a.currency.localeCompare(b.currency) || a.channel.localeCompare(b.channel));
}

const ORDER_FIELDS = ['tradeNo', 'outTradeNo', 'title', 'channel', 'payType', 'currency', 'status', 'amount', 'paidTime'] as const;
const ORDER_KINDS: Record<(typeof ORDER_FIELDS)[number], CellKind> = {
  tradeNo: 'text', outTradeNo: 'text', title: 'text', channel: 'text', payType: 'text', currency: 'text', status: 'text', amount: 'money', paidTime: 'date',
};

/** The orders behind the figures: paid in the period, or refunded in it; each with what it brought in the period. */
async function* orderBatches(scope: Scope, lang: Lang, timeZone: string): AsyncGenerator<ExportCell[][]> {
  const { db, scopeUid, period } = scope;
  let last = 0;
  for (;;) {
    let q = db.selectFrom('receive_money').select(['id', 'paidAmount', ...ORDER_FIELDS])
      .where((eb) => eb.or([
        eb.and([eb('paidTime', '>=', period.start), eb('paidTime', '<', period.end), eb('paidAmount', '>', 0)]),
        eb('id', 'in', countedRefunds(scope).select('orderId')),
      ]))
      .where('id', '>', last).orderBy('id').limit(BATCH);
    if (scopeUid !== null) q = q.where('uid', '=', scopeUid);
    const orders = await q.execute();
    if (!orders.length) return;
    const refunds = new Map((await countedRefunds(scope).where('orderId', 'in', orders.map((o) => o.id))
      .select(['orderId', sql<string | number>`sum(amount)`.as('total')]).groupBy('orderId').execute())
      .map((r) => [Number(r.orderId), Number(r.total)]));
    yield orders.map((o) => {
      const paidTime = Number(o.paidTime);
      const paidInPeriod = paidTime >= period.start && paidTime < period.end ? Number(o.paidAmount) : 0;
      const refunded = refunds.get(Number(o.id)) ?? 0;
      return [
        o.tradeNo, o.outTradeNo, o.title, optionLabel(lang, 'channel', o.channel), optionLabel(lang, 'payType', o.payType), o.currency,
        optionLabel(lang, 'status', o.status), money(Number(o.amount), o.currency), localTime(paidTime, timeZone),
        money(paidInPeriod, o.currency), money(refunded, o.currency), money(paidInPeriod - refunded, o.currency),
      ];
    });
    if (orders.length < BATCH) return;
    last = Number(orders[orders.length - 1]!.id);
  }
}

function settlementSheets(scope: Scope, lang: Lang, timeZone: string, lines: SettlementLine[]): Sheet[] {
  const label = (key: string) => t(lang, `reports.settlement.${key}`);
  const field = (name: string) => t(lang, `resources.receive-money.fields.${name}`);
  const figures = ['gross', 'refunded', 'net'] as const;
  return [
    {
      name: label('summary'),
      columns: [
        { header: field('currency'), kind: 'text' }, { header: field('channel'), kind: 'text' },
        ...figures.map((k) => ({ header: label(k), kind: 'money' as const })),
        { header: label('paidOrders'), kind: 'number' }, { header: label('refunds'), kind: 'number' },
      ],
      rows: [lines.map((l) => [
        l.currency, optionLabel(lang, 'channel', l.channel), ...figures.map((k) => money(l[k], l.currency)), l.paidOrders, l.refunds,
      ])],
    },
    {
      name: label('orders'),
      columns: [
        ...ORDER_FIELDS.map((name) => ({ header: field(name), kind: ORDER_KINDS[name] })),
        ...figures.map((k) => ({ header: label(k), kind: 'money' as const })),
      ],
      rows: orderBatches(scope, lang, timeZone),
    },
  ];
}

export async function settlementRoutes(app: FastifyInstance) {
  app.get('/api/receive-money/settlement', {
    config: {
      rule: {
        name: 'settlement', group: 'receive-money', type: 'default', scene: 'export', produces: 'text/csv',
        query: [
          { name: 'from', required: true, description: 'First day, YYYY-MM-DD', example: '2026-11-01' },
          { name: 'to', required: true, description: 'Last day, YYYY-MM-DD', example: '2026-11-28' },
          { name: 'tz', description: 'IANA time zone of the days', example: 'UTC' },
          { name: 'format', description: 'csv or xlsx', example: 'csv' },
        ],
      },
    },
  }, async (request, reply) => {
    const query = (request.query ?? {}) as Record<string, unknown>;
    onlyKeys(query, ['from', 'to', 'tz', 'format']);
    const { timeZone, format } = exportOptions(query);
    const period = parsePeriod(query, timeZone);
    const scope: Scope = { db: app.db.any, scopeUid: request.caller.scopeUid, period };
    // The figures before the first byte: a failure is still an error answer, not a broken file.
    const lines = await settlementLines(scope);
    const stream = sheetStream(format, settlementSheets(scope, request.lang, timeZone, lines));
    return reply.headers(downloadHeaders(format, `settlement-${period.from}-${period.to}`)).send(stream);
  });
}
