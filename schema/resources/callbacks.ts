import { defineResource, f } from '../define';
import { CALLBACK_STATES } from '../options';

/**
 * The transactional outbox of merchant callbacks: a row is
 * written with the transition it announces, then claimed by one instance at a
 * time (`leaseUntil`, `leaseOwner`) and sent, signed, to the order's
 * notifyUrl until it is delivered, refused for good, or out of attempts.
 * `attempts` lists each try: `{at, code, ms, error}`.
 */
export const callbacks = defineResource({
  name: 'callbacks',
  menu: 'flow',
  icon: 'send',
  fields: {
    id: f.id(),
    orderId: f.number({ filter: true }),
    eventId: f.number({ list: false }),
    tradeNo: f.text({ max: 64, identity: 'exact', filter: true, search: true }),
    /** The Standard Webhooks message id: the same on every retry, so the merchant can drop repeats. */
    messageId: f.text({ max: 64, unique: true }),
    url: f.text({ max: 1024, long: false }),
    payload: f.text({ long: true, max: 65535 }),
    state: f.select({ options: CALLBACK_STATES, default: 'pending' }),
    tries: f.number(),
    attempts: f.json(),
    lastCode: f.number(),
    nextTime: f.time(),
    leaseUntil: f.time({ list: false, filter: false, sortable: false }),
    leaseOwner: f.text({ max: 64, list: false }),
    deliveredTime: f.time({ filter: false }),
    uid: f.owner(),
    ...f.timestamps(),
  },
  actions: { create: false, save: false, update: false, remove: false, delete: false, rand: false, export: false },
  indexes: [['state', 'nextTime']],
  cacheReads: false,
});
