import { defineResource, f } from '../define';
import { HTTP_METHODS } from '../options';
import { RULE_TYPES } from '../rules';

/**
 * One row per API route, upserted at start from the
 * routes the server registers, keyed by `hash` of method and route. Operators
 * may change a rule's type (e.g. make a route public) unless it is locked.
 */
export const authRules = defineResource({
  name: 'auth-rules',
  title: 'name',
  menu: 'safety',
  icon: 'rule',
  fields: {
    id: f.id(),
    hash: f.text({ max: 64, unique: true, identity: 'exact', readOnly: true, list: false }),
    group: f.text({ max: 64, readOnly: true, filter: true, sortable: true }),
    name: f.text({ max: 64, readOnly: true, search: true }),
    method: f.select({ options: HTTP_METHODS, default: 'GET', readOnly: true }),
    route: f.text({ max: 128, readOnly: true, search: true, filter: true, sortable: true }),
    type: f.select({ options: RULE_TYPES, default: 'default', optionSet: 'ruleType' }),
    remark: f.text({ max: 256 }),
    lock: f.lock(),
    uid: f.owner(),
    ...f.timestamps(),
  },
  actions: { create: false, save: false, remove: false, delete: false },
  locked: ['type', 'remark'],
  extras: {
    tree: { kind: 'group', by: 'group', fields: ['id', 'name', 'method', 'route', 'type'] },
    'group-names': { kind: 'distinct', field: 'group' },
  },
});
