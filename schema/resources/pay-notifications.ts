import { defineResource, f } from '../define';
import { CURRENCIES, NOTIFY_OUTCOMES } from '../options';

/**
 * Every verified payment notification, once: `dedupeKey` (channel and the
 * notification's own id) is unique, so an id takes effect at most once across
 * instances and restarts. Written by the notify routes only; `uid` is the
 * order's owner.
 */
export const payNotifications = defineResource({
  name: 'pay-notifications',
  menu: 'flow',
  icon: 'notifications',
  fields: {
    id: f.id(),
    dedupeKey: f.text({ max: 255, unique: true, identity: 'exact', list: false }),
    channel: f.text({ max: 16, filter: true }),
    notificationId: f.text({ max: 200, identity: 'exact', search: true }),
    orderId: f.number({ filter: true }),
    tradeNo: f.text({ max: 64, identity: 'exact', filter: true, search: true }),
    outcome: f.select({ options: NOTIFY_OUTCOMES, default: 'applied' }),
    reason: f.text({ max: 256 }),
    amount: f.number({ decimals: 2 }),
    currency: f.select({ options: ['', ...CURRENCIES], default: '', filter: false, sortable: false }),
    digest: f.text({ max: 64, list: false }),
    uid: f.owner(),
    ...f.timestamps(),
  },
  actions: { create: false, save: false, update: false, remove: false, delete: false, rand: false },
  cacheReads: false,
});
