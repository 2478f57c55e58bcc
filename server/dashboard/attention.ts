/**
 * What needs an operator now, whatever the period: merchant callbacks that
 * gave up or are being retried, and orders holding money that did not fit
 * (an open exception). Both read through their indexes (callbacks by state,
 * orders by exception), newest first, a page of each and the count.
 */
import { sql, type Kysely } from 'kysely';
import type { Attention } from '../../schema/dashboard';
import { ORDER_EXCEPTIONS } from '../../schema/options';

/** How many of each the panel lists; the count says how many more there are. */
export const ATTENTION_ROWS = 8;

export async function readAttention(db: Kysely<any>, scopeUid: number | null): Promise<Attention> {
  const own = <Q extends { where: Function }>(qb: Q): Q => (scopeUid === null ? qb : (qb.where('uid', '=', scopeUid) as Q));
  // Given up, or still being tried after a failure.
  const troubled = (qb: any) => own(qb.where((eb: any) => eb.or([eb('state', '=', 'failed'), eb.and([eb('state', '=', 'pending'), eb('tries', '>', 0)])])));
  const callbacks = await troubled(db.selectFrom('callbacks').select(['id', 'orderId', 'tradeNo', 'state', 'tries', 'lastCode', 'nextTime', 'updateTime']))
    .orderBy('id', 'desc').limit(ATTENTION_ROWS).execute();
  const { n: callbackCount } = await troubled(db.selectFrom('callbacks').select(sql<number>`count(*)`.as('n'))).executeTakeFirstOrThrow();
  const flagged = (qb: any) => own(qb.where('exception', 'in', [...ORDER_EXCEPTIONS]));
  const exceptions = await flagged(db.selectFrom('receive_money').select(['id', 'tradeNo', 'title', 'exception', 'exceptionAmount', 'exceptionCurrency', 'currency', 'updateTime']))
    .orderBy('updateTime', 'desc').orderBy('id', 'desc').limit(ATTENTION_ROWS).execute();
  const { n: exceptionCount } = await flagged(db.selectFrom('receive_money').select(sql<number>`count(*)`.as('n'))).executeTakeFirstOrThrow();
  return {
    callbacks: { total: Number(callbackCount), rows: callbacks.map((c: any) => ({ ...c, tries: Number(c.tries), nextTime: Number(c.nextTime), updateTime: Number(c.updateTime) })) },
    exceptions: {
      total: Number(exceptionCount),
      rows: exceptions.map((e: any) => ({ ...e, exceptionAmount: Number(e.exceptionAmount), updateTime: Number(e.updateTime) })),
    },
  };
}
