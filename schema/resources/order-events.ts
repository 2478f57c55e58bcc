import { defineResource, f } from '../define';
import { CURRENCIES, EXCEPTION_COLORS, ORDER_EXCEPTIONS, ORDER_STATUSES, TRANSITION_SOURCES } from '../options';

/**
 * An order's story: one row per status change, written by
 * the server in the transaction that changes the status, never through the
 * API. `uid` is the order's owner, so an operator who sees only their own
 * orders sees only their orders' events.
 */
export const orderEvents = defineResource({
  name: 'order-events',
  menu: 'flow',
  icon: 'timeline',
  fields: {
    id: f.id(),
    orderId: f.number({ filter: true }),
    tradeNo: f.text({ max: 64, identity: 'exact', filter: true, search: true }),
    fromStatus: f.select({ options: ORDER_STATUSES, optionSet: 'status', default: 'pending', filter: false }),
    toStatus: f.select({ options: ORDER_STATUSES, optionSet: 'status', default: 'pending' }),
    source: f.select({ options: TRANSITION_SOURCES, optionSet: 'eventSource', default: 'operator' }),
    /** The operator's user id, the channel of a notification, or `expiry`. */
    actor: f.text({ max: 64 }),
    reference: f.text({ max: 128, search: true }),
    amount: f.number({ decimals: 2 }),
    currency: f.select({ options: ['', ...CURRENCIES], default: '', filter: false, sortable: false }),
    reason: f.text({ max: 256 }),
    /** Money that did not fit the order (paid late, under, over, another currency): the event that flagged it. */
    exception: f.select({ options: ['', ...ORDER_EXCEPTIONS], default: '', colors: EXCEPTION_COLORS }),
    /** The refund this event records (refunds.id), 0 for none. */
    refundId: f.number({ list: false }),
    /** sha-256 of the raw notification body that caused it. */
    digest: f.text({ max: 64, list: false }),
    uid: f.owner(),
    ...f.timestamps(),
  },
  actions: { create: false, save: false, update: false, remove: false, delete: false, rand: false },
  cacheReads: false,
});
