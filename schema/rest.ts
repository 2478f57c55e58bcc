/**
 * The simple-rest dialect's routes of a resource (`/api/rest/<table>`, the
 * dialect of ra-data-simple-rest and Refine's simple-rest), each mirroring one
 * generic action: a route exists when its action is enabled, and is granted
 * to whoever holds that action (the auth-group presets and the migration
 * that introduced the dialect read `mirrors`).
 */
import type { Resource, Rule } from './define';
import type { Action, RuleType } from './rules';

export interface RestRule extends Rule {
  name: RestName;
  /** The generic action whose write or read this route performs, and whose grant it follows. */
  mirrors: Action;
  /** Whether the route ends in `/:id`. */
  one: boolean;
  /** The i18n key of its name in the rule list. */
  label: string;
}

/** The URL segment under `/api`; no resource may be called so (its routes would collide). */
export const REST_PREFIX = 'rest';

const ROUTES = [
  { name: 'rest-list', method: 'GET', one: false, mirrors: () => 'rows', label: 'actions.rest-list' },
  { name: 'rest-one', method: 'GET', one: true, mirrors: () => 'take', label: 'actions.rest-one' },
  { name: 'rest-create', method: 'POST', one: false, mirrors: () => 'create', label: 'actions.rest-create' },
  // Refine updates with PATCH (the changed fields); the write is the same as PUT's. Listed before PUT on purpose:
  // the migration that introduced the dialect (20261126025917) grants one route per action, the last listed, so it
  // still grants PUT, and the one that introduced PATCH (20261128164500) grants PATCH to whoever holds that PUT.
  { name: 'rest-patch', method: 'PATCH', one: true, mirrors: () => 'update', label: 'actions.rest-patch' },
  { name: 'rest-update', method: 'PUT', one: true, mirrors: () => 'update', label: 'actions.rest-update' },
  // A delete on a table with a recycle bin moves the row there, as the console's delete does.
  { name: 'rest-delete', method: 'DELETE', one: true, mirrors: (r: Resource) => (r.softDelete ? 'remove' : 'delete'), label: 'actions.rest-delete' },
] as const satisfies ReadonlyArray<{ name: string; method: Rule['method']; one: boolean; mirrors: (r: Resource) => Action; label: string }>;

export type RestName = (typeof ROUTES)[number]['name'];

/**
 * A public action stays public only on its own route, where its public
 * view (whitelisted fields by tradeNo) lives: the dialect's by-id read of
 * that table needs the grant.
 */
const restType = (type: RuleType): RuleType => (type === 'common' ? 'default' : type);

export function restRules(r: Resource): RestRule[] {
  return ROUTES.flatMap((x) => {
    const mirrors = x.mirrors(r);
    const type = r.actions[mirrors];
    if (!type) return [];
    const route = `api/${REST_PREFIX}/${r.name}${x.one ? '/:id' : ''}`;
    return [{ method: x.method, route, name: x.name, group: r.name, type: restType(type), mirrors, one: x.one, label: x.label }];
  });
}
