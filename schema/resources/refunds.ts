import { defineResource, f } from '../define';
import { CURRENCIES, EXCEPTION_COLORS, ORDER_EXCEPTIONS, PAY_PROVIDERS, REFUND_STATE_COLORS, REFUND_STATES } from '../options';

/**
 * Refunds of paid orders: several per order, never more in total than what
 * was paid. Written by the refund route (server/payments/refunds.ts) in the
 * transaction that checks the cap, never through the generic API. A provider
 * refund carries `idempotencyKey`, stored before the provider is called, so a
 * crash and a retry make one refund there; it stays `pending` until the
 * provider says `succeeded` or `failed`. `uid` is the order's owner.
 */
export const refunds = defineResource({
  name: 'refunds',
  menu: 'flow',
  icon: 'undo',
  fields: {
    id: f.id(),
    orderId: f.number({ filter: true }),
    tradeNo: f.text({ max: 64, identity: 'exact', filter: true, search: true }),
    channel: f.select({ options: PAY_PROVIDERS, optionSet: 'channel', default: 'manual', list: false }),
    amount: f.number({ decimals: 2, money: 'currency', sortable: true }),
    currency: f.select({ options: ['', ...CURRENCIES], default: '', list: false, sortable: false }),
    state: f.select({ options: REFUND_STATES, optionSet: 'refundState', default: 'pending', colors: REFUND_STATE_COLORS }),
    reason: f.text({ max: 256 }),
    /** The order exception this refund sends back (money paid late, short, over or in another currency); blank for a refund of what the order was paid. */
    exception: f.select({ options: ['', ...ORDER_EXCEPTIONS], default: '', list: false, colors: EXCEPTION_COLORS }),
    /** The provider's refund id (Stripe `re_…`); blank for a refund made off-gateway. */
    reference: f.text({ max: 128, search: true, list: false }),
    /** Sent to the provider with the refund: the same on a retry after a crash. */
    idempotencyKey: f.text({ max: 128, unique: true, identity: 'exact', list: false }),
    failure: f.text({ max: 256, list: false }),
    /** The operator's user id, or the API key's owner. */
    actor: f.text({ max: 64, list: false }),
    uid: f.owner(),
    ...f.timestamps(),
  },
  actions: { create: false, save: false, update: false, remove: false, delete: false, rand: false },
  cacheReads: false,
});
