/** An order as a connector sees it (connectors/connector.ts `CheckoutOrder`), read by id or tradeNo. */
import type { Kysely } from 'kysely';
import { notFound } from '../http';
import type { CheckoutOrder } from './connectors/connector';

const COLUMNS = [
  'id', 'tradeNo', 'title', 'describe', 'amount', 'currency', 'payType', 'status', 'expireTime', 'payUrl',
  'checkoutId', 'checkoutUrl', 'checkoutExpires', 'channelTradeNo',
] as const;

export async function checkoutOrder(db: Kysely<any>, key: number | { tradeNo: string }): Promise<CheckoutOrder> {
  const qb = db.selectFrom('receive_money').select([...COLUMNS]);
  const row = await (typeof key === 'number' ? qb.where('id', '=', key) : qb.where('tradeNo', '=', key.tradeNo)).executeTakeFirst();
  if (!row) throw notFound('errors.order_not_found');
  return { ...row, amount: Number(row.amount) } as CheckoutOrder;
}
