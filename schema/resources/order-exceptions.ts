import { defineResource, f } from '../define';
import { EXCEPTION_COLORS, EXCEPTION_STATE_COLORS, EXCEPTION_STATES, ORDER_EXCEPTIONS } from '../options';

/**
 * Money that arrived where it did not fit its order (paid late, short, over,
 * in another currency), one row per payment (issue 31 item 7): an order may
 * hold several, and each is accepted or refunded on its own, with a reason.
 * Written by the server (server/payments/exceptions.ts) in the transaction
 * that records the payment, and by the resolve route; never through the
 * generic API. `uid` is the order's owner, so a scoped operator sees only his.
 */
export const orderExceptions = defineResource({
  name: 'order-exceptions',
  menu: 'flow',
  icon: 'warning',
  compact: { primary: 'kind', secondary: ['amount', 'createTime'], tertiary: 'state' },
  fields: {
    id: f.id(),
    orderId: f.number({ filter: true }),
    tradeNo: f.text({ max: 64, identity: 'exact', filter: true, search: true }),
    kind: f.select({ options: ORDER_EXCEPTIONS, optionSet: 'exception', default: 'underpaid', filter: true, colors: EXCEPTION_COLORS }),
    /** What this payment holds: what was received, or for an overpayment what came on top of the order's amount. */
    amount: f.number({ decimals: 2, money: 'currency', sortable: true }),
    currency: f.text({ max: 16 }),
    /** The gateway's transaction of the payment (where a refund of it goes). */
    reference: f.text({ max: 128, search: true }),
    state: f.select({ options: EXCEPTION_STATES, optionSet: 'exceptionState', default: 'open', filter: true, colors: EXCEPTION_STATE_COLORS }),
    /** Why the operator accepted or refunded it. */
    reason: f.text({ max: 256, list: false }),
    /** The operator's user id (or the API key's owner) who resolved it. */
    resolvedBy: f.text({ max: 64, list: false }),
    resolvedTime: f.time({ list: false }),
    /** The refund that sends this money back (refunds.id), 0 for none. */
    refundId: f.number({ list: false }),
    uid: f.owner(),
    ...f.timestamps(),
  },
  actions: { create: false, save: false, update: false, remove: false, delete: false, rand: false },
  cacheReads: false,
});
