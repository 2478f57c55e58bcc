/**
 * What the console reads from `schema/`: every screen asks these helpers about
 * a resource's fields instead of repeating a fact about a field.
 */
import { createContext, createElement, useContext, useMemo, type ReactNode } from 'react';
import { emptyValue, isBlank, isServerFilled, isWritable, keepsWhenBlank, type Field, type Resource } from '../schema/define';
// From the i18n root, not i18n/common: that index holds all five shared catalogs, which the console loads one language at a time.
import { optionLabelKey } from '../schema/i18n/index';
import { resourceList } from '../schema/index';
import { ACTION_METHOD, ruleKey, type Action } from '../schema/rules';

const byName = new Map(resourceList.map((r) => [r.name, r]));

export function getResource(name: string): Resource {
  const resource = byName.get(name);
  if (!resource) throw new Error(`unknown resource ${name}`);
  return resource;
}

/** The resources the screens draw: the registry, unless a `ResourcesProvider` passes a list of its own. */
const ResourcesContext = createContext<ReadonlyMap<string, Resource>>(byName);

/** Serves the screens inside it from `resources` instead of the registry (a test's throwaway table). */
export function ResourcesProvider({ resources, children }: { resources: readonly Resource[]; children: ReactNode }) {
  const value = useMemo(() => new Map(resources.map((r) => [r.name, r])), [resources]);
  return createElement(ResourcesContext.Provider, { value }, children);
}

/** `getResource` for a screen: from the resources it is served. */
export function useResource(name: string): Resource {
  const resource = useContext(ResourcesContext).get(name);
  if (!resource) throw new Error(`unknown resource ${name}`);
  return resource;
}

export const fieldEntries = (resource: Resource): Array<[string, Field]> => Object.entries(resource.fields);

/** Columns a list may show: never hidden fields (passwords), never the JSON blobs. */
export const listableFields = (resource: Resource) =>
  fieldEntries(resource).filter(([, f]) => !f.hidden && f.widget !== 'json' && f.widget !== 'files' && f.system !== 'deleteTime');

/** Columns shown before the user changes the table settings. */
export const defaultColumns = (resource: Resource) => listableFields(resource).filter(([, f]) => f.list).map(([name]) => name);

/** Fields of the edit dialog: everything a person can read or write, system columns aside. */
// A hidden read-only field (a key's hash, a TOTP secret) has nothing to show and takes nothing: no input.
export const formFields = (resource: Resource) => fieldEntries(resource).filter(([, f]) => !isServerFilled(f) && f.widget !== 'none' && !(f.hidden && f.readOnly));

/** What a create form asks: what a person can know before the row exists (no read-only, system-filled or later field). */
export const createFields = (resource: Resource) => formFields(resource).filter(([, f]) => !f.readOnly && f.entry !== 'system' && f.entry !== 'edit');

/**
 * What the edit form of a table with a record page asks: only what the row
 * may still change (the page shows the rest): not read-only, not the
 * system's, not asked only on create, not frozen for this row (a paid
 * order's amount), not held by the row's lock.
 */
export function changeableFields(resource: Resource, record: Record<string, unknown>): Array<[string, Field]> {
  const frozen = new Set<string>(resource.frozen?.(record) ?? []);
  const locked = Number(record[resource.columns.lock ?? '']) ? new Set<string>(resource.locked) : new Set<string>();
  return formFields(resource).filter(([name, f]) => !f.readOnly && f.entry !== 'system' && f.entry !== 'create' && !frozen.has(name) && !locked.has(name));
}

export const filterableFields = (resource: Resource) => fieldEntries(resource).filter(([, f]) => f.filter.length > 0 && !f.hidden);

export const hasSearch = (resource: Resource) => fieldEntries(resource).some(([, f]) => f.search);

/** i18n key of a select choice; an empty value has the key `_empty`. */
export const optionKey = (fieldName: string, field: Field, value: string) => optionLabelKey(field.optionSet ?? fieldName, value);

export const fieldLabel = (resource: string, field: string) => `resources.${resource}.fields.${field}`;

/** The permission key of a generic action: `[METHOD]api/<table>/<action>`. */
export const actionRule = (resource: string, action: Action) => ruleKey(ACTION_METHOD[action], `api/${resource}/${action}`);

/**
 * The body of a create or update: only fields a client may write, each blank
 * one as the schema's empty value of its kind (`''`, `[]`, `null`, `0`), and a
 * blank secret or generated field left out so the stored value stays.
 */
export function writablePayload(resource: Resource, data: Record<string, unknown>): Record<string, unknown> {
  const payload: Record<string, unknown> = {};
  for (const [name, field] of fieldEntries(resource)) {
    if (!isWritable(field) || !(name in data)) continue;
    const value = data[name];
    if (!isBlank(value)) payload[name] = value;
    else if (!keepsWhenBlank(field)) {
      const empty = emptyValue(field);
      // No empty value: the blank goes as it is, and the server answers "required" on that field.
      payload[name] = empty !== undefined ? empty : value;
    }
  }
  return payload;
}
