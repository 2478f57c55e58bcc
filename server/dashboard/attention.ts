/**
 * What needs an operator now, whatever the period (issue 31 item 8): one
 * entry per order, naming what is wrong with it: the money on it that did not
 * fit (an open exception, with its amount), and a merchant callback that gave
 * up or is being retried, with its last error in kinds the console words
 * ("connection refused", "HTTP 500", "timed out") and its next try. Both are
 * read through their indexes (callbacks by state, exceptions by state),
 * newest first, a page of each, and counted: the exceptions count is of open
 * exceptions (an order may hold several), not of orders.
 */
import { sql, type Kysely } from 'kysely';
import { callbackErrorKind, type Attention, type AttentionCallback, type AttentionEntry } from '../../schema/dashboard';

/** How many orders the panel lists; the counts say how many more there are. */
export const ATTENTION_ROWS = 8;

/** The last attempt kept on a callback row (a json column: parsed, or its text on a driver that keeps it). */
function lastAttempt(attempts: unknown): { code?: number; error?: string; refused?: boolean } | undefined {
  let list: unknown = attempts;
  if (typeof attempts === 'string') {
    try {
      list = JSON.parse(attempts);
    } catch {
      return undefined;
    }
  }
  return Array.isArray(list) ? list.at(-1) : undefined;
}

export async function readAttention(db: Kysely<any>, scopeUid: number | null): Promise<Attention> {
  const own = <Q extends { where: Function }>(qb: Q): Q => (scopeUid === null ? qb : (qb.where('uid', '=', scopeUid) as Q));
  // Given up, or still being tried after a failure.
  const troubled = (qb: any) => own(qb.where((eb: any) => eb.or([eb('state', '=', 'failed'), eb.and([eb('state', '=', 'pending'), eb('tries', '>', 0)])])));
  // An order's open exceptions (order_exceptions rows, one per payment that did not fit).
  const open = (qb: any) => own(qb.where('state', '=', 'open'));

  // The newest troubled callback of each order (an order's several callbacks say one thing: its merchant is not answering).
  const callbackRows = await troubled(db.selectFrom('callbacks').select(['id', 'orderId', 'state', 'tries', 'lastCode', 'attempts', 'nextTime', 'updateTime']))
    .orderBy('id', 'desc').limit(ATTENTION_ROWS * 4).execute();
  const callbacks = new Map<number, AttentionCallback & { updateTime: number }>();
  for (const row of callbackRows) {
    const orderId = Number(row.orderId);
    if (callbacks.has(orderId)) continue;
    const last = lastAttempt(row.attempts);
    callbacks.set(orderId, {
      id: Number(row.id), state: String(row.state), tries: Number(row.tries), code: Number(last?.code ?? row.lastCode ?? 0),
      error: callbackErrorKind(last ?? (Number(row.lastCode) ? { code: Number(row.lastCode) } : undefined)),
      nextTime: row.state === 'pending' ? Number(row.nextTime) : 0, updateTime: Number(row.updateTime),
    });
  }
  // The newest open exceptions: enough rows to name a page of orders even when some orders hold several.
  const exceptionRows = await open(db.selectFrom('order_exceptions').select(['orderId']))
    .orderBy('id', 'desc').limit(ATTENTION_ROWS * 4).execute();

  const ids = [...new Set([...callbacks.keys(), ...exceptionRows.map((r: any) => Number(r.orderId))])].slice(0, ATTENTION_ROWS * 2);
  const orders = ids.length
    ? await db.selectFrom('receive_money').select(['id', 'tradeNo', 'title', 'updateTime']).where('id', 'in', ids).execute()
    : [];
  // Every open exception of those orders, each named with its amount and currency.
  const exceptionsOf = new Map<number, AttentionEntry['exceptions']>();
  const openRows = ids.length
    ? await db.selectFrom('order_exceptions').select(['id', 'orderId', 'kind', 'amount', 'currency']).where('orderId', 'in', ids).where('state', '=', 'open').orderBy('id').execute()
    : [];
  for (const e of openRows) {
    const list = exceptionsOf.get(Number(e.orderId)) ?? [];
    list.push({ id: Number(e.id), kind: String(e.kind), amount: Number(e.amount), currency: String(e.currency) });
    exceptionsOf.set(Number(e.orderId), list);
  }
  const entries: AttentionEntry[] = orders.map((o: any) => {
    const callback = callbacks.get(Number(o.id));
    const { updateTime: _, ...failing } = callback ?? { updateTime: 0 };
    return {
      orderId: Number(o.id), tradeNo: String(o.tradeNo), title: String(o.title),
      updateTime: Math.max(Number(o.updateTime), callback?.updateTime ?? 0),
      exceptions: exceptionsOf.get(Number(o.id)) ?? [],
      callback: callback ? (failing as AttentionCallback) : null,
    };
  });
  entries.sort((a, b) => b.updateTime - a.updateTime || b.orderId - a.orderId);

  const count = async (qb: any) => Number((await qb.executeTakeFirstOrThrow()).n);
  const [callbackCount, exceptionCount, orderCount] = await Promise.all([
    count(troubled(db.selectFrom('callbacks').select(sql<number>`count(distinct orderId)`.as('n')))),
    count(open(db.selectFrom('order_exceptions').select(sql<number>`count(*)`.as('n')))),
    count(own(db.selectFrom('receive_money').select(sql<number>`count(*)`.as('n'))
      .where((eb: any) => eb.or([eb('openExceptions', '>', 0), eb('id', 'in', troubled(eb.selectFrom('callbacks').select('orderId')))])))),
  ]);
  return { orders: orderCount, callbacks: callbackCount, exceptions: exceptionCount, entries: entries.slice(0, ATTENTION_ROWS) };
}
