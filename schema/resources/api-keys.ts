import { defineResource, f } from '../define';

/**
 * API keys for merchants' servers (`Authorization: Bearer pdk_…`): created
 * by `POST /api/api-keys/create`, which shows the key once; only its sha-256
 * (`hash`, never sent) and its first characters (`prefix`, to recognise it)
 * are kept. A key acts with its owner's groups until it expires or is revoked.
 */
export const apiKeys = defineResource({
  name: 'api-keys',
  // Beside the settings, after the screens of one's work: any signed-in user has it, so it must not be their landing screen.
  menu: 'settings',
  icon: 'key',
  fields: {
    id: f.id(),
    name: f.text({ required: true, max: 64, search: true, filter: true }),
    prefix: f.text({ max: 16, identity: 'exact', readOnly: true }),
    hash: f.text({ max: 64, unique: true, identity: 'exact', hidden: true, readOnly: true }),
    expireTime: f.time(),
    lastUsedTime: f.time({ readOnly: true, filter: false }),
    revokedTime: f.time({ readOnly: true, filter: false }),
    uid: f.owner(),
    ...f.timestamps(),
  },
  // Created and revoked by their own routes (the key is shown once); anyone signed in keeps their own keys.
  actions: { create: false, save: false, update: false, rand: false, export: false, take: 'login', find: 'login', rows: 'login', remove: false, delete: 'login' },
  // lastUsedTime changes on use, outside the engine's writes.
  cacheReads: false,
});
