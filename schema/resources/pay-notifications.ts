import { defineResource, f } from '../define';
import { CURRENCIES, NOTIFY_CHANNELS, NOTIFY_OUTCOMES } from '../options';

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
    // The notify URL's last segment, a provider's pay.toml section (`standard` for the manual channel): named by the provider's label.
    channel: f.select({ options: ['', ...NOTIFY_CHANNELS], optionSet: 'notifyChannel', default: '' }),
    notificationId: f.text({ max: 200, identity: 'exact', search: true }),
    orderId: f.number({ filter: true }),
    tradeNo: f.text({ max: 64, identity: 'exact', filter: true, search: true }),
    outcome: f.select({ options: NOTIFY_OUTCOMES, default: 'applied' }),
    reason: f.text({ max: 256, phrase: 'notifyReason' }),
    amount: f.number({ decimals: 2, money: 'currency' }),
    currency: f.select({ options: ['', ...CURRENCIES], default: '', filter: false, sortable: false }),
    digest: f.text({ max: 64, list: false }),
    uid: f.owner(),
    ...f.timestamps(),
  },
  actions: { create: false, save: false, update: false, remove: false, delete: false, rand: false },
  cacheReads: false,
});
