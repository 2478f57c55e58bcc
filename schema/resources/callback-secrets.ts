import { defineResource, f } from '../define';

/**
 * Each merchant's own callback signing secret (Stripe's secret per endpoint,
 * BTCPay's per webhook): callbacks of his orders are signed with it, so one
 * merchant's secret never verifies another's. Made on first need, shown once
 * (`POST /api/callbacks/secret`), and rolled with an overlap: the previous
 * secret signs beside the new one until `previousUntil` (24 hours, or until
 * he ends the overlap), as Standard Webhooks allows several signatures.
 * Owners without one are signed for with pay.toml's site-wide secret.
 */
export const callbackSecrets = defineResource({
  name: 'callback-secrets',
  menu: 'settings',
  fields: {
    id: f.id(),
    /** The merchant (user) whose orders it signs: one row each. */
    merchant: f.number({ unique: true, readOnly: true, filter: true }),
    /** The first characters, to recognise the secret he holds. */
    prefix: f.text({ max: 16, readOnly: true }),
    secret: f.text({ max: 128, hidden: true, readOnly: true }),
    previous: f.text({ max: 128, hidden: true, readOnly: true }),
    previousUntil: f.time({ readOnly: true }),
    uid: f.owner(),
    ...f.timestamps(),
  },
  // Read as a list (`rows`), not a menu entry of its own: a merchant manages it where he keeps his API keys.
  actions: { take: 'login', find: false, rows: 'login', rand: false, export: false, create: false, save: false, update: false, remove: false, delete: false },
  cacheReads: false,
});
