import { defineResource, f } from '../define';
import { checkConfigValue, CONFIG_KEYS, deriveConfigValue } from '../config-rows';

/**
 * Settings kept as rows: `value` is a JSON object
 * validated per `key`. SITE_INFO is readable without signing in (the pages
 * need the site title).
 */
export const config = defineResource({
  name: 'config',
  menu: 'settings',
  icon: 'settings',
  fields: {
    id: f.id(),
    key: f.text({ required: true, max: 64, pattern: /^[A-Z][A-Z0-9_]*$/, unique: true, filter: true, search: true, sortable: true }),
    value: f.json(),
    remark: f.text({ max: 256 }),
    uid: f.owner(),
    ...f.timestamps(),
  },
  order: 'id asc',
  actions: { remove: false, delete: false, sort: false },
  // A config row is read as `take {no}`, the product's own name for it; `key` is the column's own name. Both are accepted.
  publicTake: { by: 'key', alias: 'no', only: ['SITE_INFO'], fields: ['key', 'value'] },
  refine: (row) => (row.key && (CONFIG_KEYS as readonly string[]).includes(row.key) ? checkConfigValue(row.key, row.value) : []),
  derive: (row) => deriveConfigValue(row.key, row.value),
});
