import { defineResource, f } from '../define';
import { HTTP_METHODS } from '../options';
import { LOG_SCENES } from '../rules';

/**
 * Operation log: one row per API call, written by the server.
 * Read-only through the API: no create, save, update or sort, and restoring
 * removed logs is for super admins only (a rule nobody else is granted).
 */
export const logs = defineResource({
  name: 'logs',
  menu: 'safety',
  icon: 'history',
  fields: {
    id: f.id(),
    title: f.text({ max: 64, search: true }),
    scene: f.select({ options: ['', ...LOG_SCENES], default: '', list: false }),
    method: f.select({ options: HTTP_METHODS, default: 'GET', list: false }),
    api: f.text({ max: 255, search: true, filter: true, list: false }),
    code: f.number({ filter: true, sortable: true }),
    content: f.text({ max: 255, list: false }),
    bindId: f.number({ list: false, filter: true }),
    bindType: f.text({ max: 32, list: false, filter: true }),
    ip: f.text({ max: 64, filter: true, list: false }),
    agent: f.text({ max: 512, long: false, list: false }),
    params: f.text({ long: true, max: 65535 }),
    uid: f.owner(),
    ...f.timestamps(),
    deleteTime: f.deleteTime(),
  },
  // The list shows who (the caller), what (title, code) and when; api, scene, method and ip are a click away.
  actions: { create: false, save: false, update: false },
  // A row is added by every API call, outside the engine's writes.
  cacheReads: false,
});
