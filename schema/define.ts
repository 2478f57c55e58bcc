/**
 * Resources: the one place a table is described.
 *
 * A resource file calls `defineResource({ name, fields: { ... } })` with fields
 * made by `f.*` (fields.ts). `defineResource` sanitizes the input once into a
 * full `Resource` (derived table name, system columns by kind, actions and
 * their permission rules) that the server and the admin both read. This module
 * also re-exports the field types and builders, so a schema file imports from
 * here alone.
 */
import type { IconName } from './icons';
import type { FieldError } from './issues';
import { ACTION_METHOD, type Action, type RuleType } from './rules';
import type { Field, Fields, Labels, RowOf, SystemColumns, SystemKind } from './field-types';
import { defaultCommonFilters, defaultCompact, type Compact, type CompactInput, type ShowInput } from './views';

export * from './field-types';
export * from './fields';
export * from './empty';
export * from './views';

/** Data reads beyond the generic ones, declared by a resource and served by the engine. */
export type Extra =
  /** A projection of live, scoped rows (users `flat`, `briefly`); accepts `ids` and `q`. */
  | { kind: 'select'; fields: readonly string[]; limit: number }
  /** Rows grouped by a field (auth-rules `tree`). */
  | { kind: 'group'; by: string; fields: readonly string[] }
  /** Distinct values of a field (auth-rules `group-names`). */
  | { kind: 'distinct'; field: string }
  /** Fixed suggestions whose `rules` are route patterns resolved to rule ids (auth-group `preset`). */
  | { kind: 'presets'; presets: readonly Preset[] };

export interface Preset {
  no: string;
  name: string;
  manage: 0 | 1;
  all: 0 | 1;
  remark: string;
  /** Route patterns like `GET api/*\/rows`; `*` matches one path segment. */
  rules: readonly string[];
}

export type MenuGroup = 'users' | 'flow' | 'safety' | 'settings' | 'content';
/** The side menu's groups, top to bottom; the rule tree follows the same order. */
export const MENU_ORDER: readonly MenuGroup[] = ['users', 'flow', 'safety', 'settings', 'content'];

const fieldLists = new WeakMap<object, ReadonlyArray<readonly [string, Field]>>();
/**
 * A resource's fields as `[key, field]` pairs, made once per resource: the write path walks them several times
 * per row, and a fresh `Object.entries` each time was most of an import's garbage (100,000 rows, 40 fields).
 */
export function fieldList(r: { fields: Fields }): ReadonlyArray<readonly [string, Field]> {
  let list = fieldLists.get(r.fields);
  if (!list) fieldLists.set(r.fields, (list = Object.entries(r.fields)));
  return list;
}

export interface ResourceInput<F extends Fields> {
  /** URL segment and i18n key: `/api/<name>/...`, `resources.<name>`. */
  name: string;
  /** The table's name in every language, when it is not in the catalogs (`resources.<name>.name`). */
  label?: Labels;
  /** SQL table; defaults to the name with `-` as `_`. */
  table?: string;
  menu: MenuGroup;
  /** The menu entry's icon; without one, a table. */
  icon?: IconName;
  /** The field that names a row where another screen points at it (a member picker's chips), like Payload's `useAsTitle`. */
  title?: keyof F & string;
  fields: F;
  /** Default list order, `"id desc"`. */
  order?: string;
  /** Dialog width: `35%` by default. */
  dialogWidth?: string;
  /**
   * Whether the server may cache reads of this table until its next write
   * (default true). Off for a table written outside the generic engine on
   * every call (the operation log), where a cached read would go stale.
   */
  cacheReads?: boolean;
  /** Turn generic actions off (`false`) or give their rule another type. */
  actions?: Partial<Record<Action, boolean | RuleType>>;
  extras?: Record<string, Extra & { type?: RuleType }>;
  /**
   * `take` by this unique field needs no sign-in and shows only `fields`
   * (receive-money by tradeNo). `only` limits it to these values (config keys).
   * `alias` is another name the query may give `by` (config: the product's own name for `key` is `no`).
   */
  publicTake?: { by: keyof F & string; alias?: string; fields: readonly (keyof F & string)[]; only?: readonly string[] };
  /** While `lock` is 1 these fields cannot change. */
  locked?: readonly (keyof F & string)[];
  /** Whole-row check on the merged row (after a patch): field errors, none when the row is fine. */
  refine?: (row: Partial<RowOf<F>>) => FieldError[];
  /** Values the server fills in from the checked, merged row before storing it (a generated key). */
  derive?: (row: Partial<RowOf<F>>) => Partial<RowOf<F>>;
  /**
   * Fields a stored row may no longer change, given the row as it stands (a
   * paid order's amount): every write path refuses a change with a 409 naming
   * the field. Rows the server moves itself are not written through the engine.
   */
  frozen?: (row: Partial<RowOf<F>>) => readonly (keyof F & string)[];
  /** A row that may go to the recycle bin but is never deleted for good (an order that received money): `delete` is a 409, `clear` leaves it. */
  permanent?: (row: Partial<RowOf<F>>) => boolean;
  /**
   * What an import may bring beyond the writable fields: read-only fields it may set on the rows it
   * creates (an order paid in another system comes in as the record of that payment, with its status),
   * and the check such a row must pass. Without it, an import sets writable fields only.
   */
  history?: { fields: readonly (keyof F & string)[]; refine: (row: Partial<RowOf<F>>) => FieldError[] };
  /** Fields an operator may change on many rows at once ("Edit selected"); never a unique field. None by default. */
  bulk?: readonly (keyof F & string)[];
  /** Extra composite indexes. */
  indexes?: readonly (readonly (keyof F & string)[])[];
  /**
   * Rows that belong to their owner alone, whatever his groups manage (saved
   * views): every caller reads and writes only his own rows. `sharedWith`
   * names a group reference (0 for none) that also lets the members of that
   * group read the row, never change it; a row may name only a group its
   * writer belongs to.
   */
  personal?: { sharedWith?: keyof F & string };
  /** A record page that a list row opens (summary, actions, related panels; schema/views.ts); without one a row opens the edit dialog. */
  show?: ShowInput<keyof F & string>;
  /** The phone list's row (primary, secondary, tertiary); by default the title, money, date and status (`defaultCompact`). */
  compact?: CompactInput<keyof F & string>;
  /** The filters shown first, in order; the others wait under "More filters". By default the states and the creation date. */
  filters?: readonly (keyof F & string)[];
}

export interface Rule {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  route: string;
  /** Action or extra name; the admin shows `resources.<group>.name` + `actions.<name>`. */
  name: string;
  group: string;
  type: RuleType;
}

export interface Resource<F extends Fields = Fields> extends Required<Omit<ResourceInput<F>, 'publicTake' | 'refine' | 'derive' | 'frozen' | 'permanent' | 'icon' | 'title' | 'label' | 'actions' | 'personal' | 'show' | 'compact' | 'filters' | 'history'>> {
  history?: ResourceInput<F>['history'];
  label?: Labels;
  icon?: IconName;
  title?: keyof F & string;
  publicTake?: ResourceInput<F>['publicTake'];
  refine?: ResourceInput<F>['refine'];
  derive?: ResourceInput<F>['derive'];
  frozen?: ResourceInput<F>['frozen'];
  permanent?: ResourceInput<F>['permanent'];
  personal?: ResourceInput<F>['personal'];
  show?: ShowInput;
  compact: Compact;
  filters: readonly string[];
  /** Enabled generic actions with their rule types. */
  actions: Partial<Record<Action, RuleType>>;
  /** Which field plays each system role: the engine reads names from here, never assumes them. */
  columns: SystemColumns;
  owner: boolean;
  softDelete: boolean;
  serial: boolean;
  rules: Rule[];
}

export function defineResource<const F extends Fields>(input: ResourceInput<F>): Resource<F> {
  if (!('id' in input.fields) || input.fields.id?.system !== 'id') throw new Error(`${input.name}: fields.id must be f.id()`);
  // Contradictions fail where the resource is defined, naming it and the field, not at run time.
  const refuse = (field: string, why: string) => { throw new Error(`${input.name}.${field}: ${why}`); };
  // `/api/rest/*` is the simple-rest dialect's (schema/rest.ts): a table so named would share its URLs.
  if (input.name === 'rest') refuse('name', 'is reserved for the simple-rest dialect (/api/rest/<table>)');
  const columns: SystemColumns = {};
  for (const [name, x] of Object.entries(input.fields)) {
    if (!x.system) continue;
    if (columns[x.system]) refuse(name, `is a second ${x.system} column beside \`${columns[x.system]}\``);
    columns[x.system] = name;
  }
  const has = (kind: SystemKind) => columns[kind] !== undefined;
  if (input.locked?.length && !has('lock')) refuse('locked', 'lists fields to freeze while the row is locked, but the resource has no f.lock() field');
  if (input.title && !(input.title in input.fields)) refuse(input.title, 'is named by `title` but is not a field');
  if (input.title && input.fields[input.title]!.hidden) refuse(input.title, 'is the `title` but hidden: a row would be named by what nobody may see');
  for (const k of input.locked ?? []) if (!(k in input.fields)) refuse(k, 'is listed in `locked` but is not a field');
  if (input.publicTake) {
    for (const k of [input.publicTake.by, ...input.publicTake.fields]) if (!(k in input.fields)) refuse(k, 'is named by `publicTake` but is not a field');
    if (input.publicTake.fields.some((k) => input.fields[k]!.hidden)) refuse('publicTake', 'would show a hidden field without sign-in');
  }
  for (const k of input.bulk ?? []) {
    const x = input.fields[k];
    if (!x || x.system || x.readOnly || x.hidden || x.column.unique || x.uniquePerOwner) refuse(k, 'is listed in `bulk` but is not a writable, non-unique field');
  }
  for (const k of input.history?.fields ?? []) if (!(k in input.fields)) refuse(k, 'is listed in `history` but is not a field');
  if (input.personal && !has('owner')) refuse('personal', 'makes rows their owner\'s alone, but the resource has no f.owner() field');
  const shared = input.personal?.sharedWith;
  if (shared && input.fields[shared]?.ref !== 'auth-group') refuse(shared, 'is named by `personal.sharedWith` but is not an f.ref({ ref: \'auth-group\' }) field');
  checkViews(input, refuse);
  const softDelete = has('deleteTime');
  const serial = has('serial');
  const actions: Partial<Record<Action, RuleType>> = {};
  for (const action of Object.keys(ACTION_METHOD) as Action[]) {
    const wanted = input.actions?.[action];
    // The bulk writes follow the single ones they repeat: import needs create, update-many needs update.
    const bulkOf = action === 'import' ? 'create' : action === 'update-many' ? 'update' : undefined;
    const applicable = bulkOf ? actions[bulkOf] !== undefined
      : (action !== 'restore' && action !== 'clear') || softDelete ? action !== 'sort' || serial : false;
    if (wanted === false || (!applicable && wanted === undefined)) continue;
    actions[action] = typeof wanted === 'string' ? wanted : input.publicTake && action === 'take' ? 'common' : 'default';
  }
  const extras = input.extras ?? {};
  const rules: Rule[] = [
    ...Object.entries(actions).map(([name, type]) => ({
      method: ACTION_METHOD[name as Action], route: `api/${input.name}/${name}`, name, group: input.name, type: type!,
    })),
    ...Object.entries(extras).map(([name, extra]) => ({
      method: 'GET' as const, route: `api/${input.name}/${name}`, name, group: input.name, type: extra.type ?? 'default',
    })),
  ];
  return {
    table: input.name.replace(/-/g, '_'),
    order: 'id desc',
    dialogWidth: '35%',
    cacheReads: true,
    extras,
    locked: [],
    bulk: [],
    indexes: [],
    ...input,
    compact: input.compact ? { secondary: [], ...input.compact } : defaultCompact(input.fields, input.title),
    filters: input.filters ?? defaultCommonFilters(input.fields),
    frozen: frozenWithCreateOnly(input),
    actions,
    columns,
    owner: has('owner'),
    softDelete,
    serial,
    rules,
  };
}

/**
 * A field asked only on create (`entry: 'create'`) is frozen from then on, for every writer: the edit form never
 * shows it, and update, PATCH, bulk edit and an import's upsert are refused a change to it by name, as the row's
 * own frozen fields are.
 */
function frozenWithCreateOnly<F extends Fields>(input: ResourceInput<F>): ResourceInput<F>['frozen'] {
  const createOnly = Object.entries(input.fields).filter(([, f]) => f.entry === 'create').map(([k]) => k as keyof F & string);
  if (!createOnly.length) return input.frozen;
  return (row) => [...createOnly, ...(input.frozen?.(row) ?? [])];
}

/** The record page, the phone row and the common filters name fields that exist and may be seen (filters: that may be filtered on). */
function checkViews<F extends Fields>(input: ResourceInput<F>, refuse: (field: string, why: string) => never) {
  const seen = (k: string, by: string) => {
    if (!(k in input.fields)) refuse(k, `is named by \`${by}\` but is not a field`);
    if (input.fields[k]!.hidden) refuse(k, `is named by \`${by}\` but hidden: nobody may see it`);
  };
  for (const k of input.show?.summary ?? []) seen(k, 'show.summary');
  const compact = input.compact;
  if (compact) for (const k of [compact.primary, ...(compact.secondary ?? []), ...(compact.tertiary ? [compact.tertiary] : [])]) seen(k, 'compact');
  for (const k of input.filters ?? []) {
    seen(k, 'filters');
    if (input.fields[k]!.filter.length === 0) refuse(k, 'is named by `filters` but declares no filter');
  }
  for (const [name, x] of Object.entries(input.fields)) {
    if (x.entry === 'create' && (x.readOnly || x.system)) refuse(name, 'is asked only on create (`entry: \'create\'`) but nobody may write it');
  }
}
