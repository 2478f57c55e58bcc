/**
 * The generic actions of every table and their HTTP methods, and the
 * permission rule types. Export is a read: GET, gated as
 * `[GET]api/<table>/export`.
 */
export const ACTION_METHOD = {
  take: 'GET',
  find: 'GET',
  rows: 'GET',
  rand: 'GET',
  export: 'GET',
  create: 'POST',
  save: 'POST',
  update: 'PUT',
  sort: 'PUT',
  restore: 'PUT',
  remove: 'DELETE',
  delete: 'DELETE',
  clear: 'DELETE',
  // Bulk writes, each with its own rule (an import also needs create, and update when it matches rows).
  import: 'POST',
  'update-many': 'PUT',
} as const;

export type Action = keyof typeof ACTION_METHOD;
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** `common`: public; `login`: any signed-in user; `default`: granted through a group. */
export const RULE_TYPES = ['default', 'common', 'login'] as const;
export type RuleType = (typeof RULE_TYPES)[number];

/** Scenes of the operation log: the generic actions plus the account flows. */
export const LOG_SCENES = [
  'sign-in', 'sign-up', 'check-token', 'take', 'find', 'rows', 'rand', 'sort', 'save',
  'create', 'update', 'export', 'remove', 'restore', 'delete', 'clear', 'import', 'update-many',
] as const;

/** `[METHOD]api/<table>/<action>`: the key the admin's permission checks use. */
export const ruleKey = (method: string, route: string) => `[${method.toUpperCase()}]${route.replace(/^\//, '')}`;
