/**
 * How a person sees a table beyond its list columns (issue 31), declared on
 * the resource and read by the console: the record page a row opens
 * (`show`), the phone list's compact rows (`compact`) and the filters offered
 * first (`filters`). A table that declares none gets the defaults below, from
 * its fields alone: no screen guesses at a field.
 */
import type { Field, Fields } from './field-types';

/** Rows of another table that belong to this record: `target` holds this record's id (an order's events by `orderId`). */
export interface ShowPanel {
  resource: string;
  target: string;
}

/**
 * A record page: the title field names it, `summary` are the facts shown
 * first (money, status, the few dates that matter), `actions` the names of
 * what the page offers in that order (`edit` is the generated form of the
 * fields the row may still change; any other name is drawn by the table's
 * screen slot, which checks the caller's rule), and `panels` the related rows,
 * one tab each after the page's own details.
 */
export interface ShowInput<K extends string = string> {
  summary: readonly K[];
  actions?: readonly string[];
  panels?: readonly ShowPanel[];
}

/** A phone's list row (react-admin's SimpleList): `primary` on the first line, `secondary` below it, `tertiary` at the right (a status). */
export interface CompactInput<K extends string = string> {
  primary: K;
  secondary?: readonly K[];
  tertiary?: K;
}

export interface Compact {
  primary: string;
  secondary: readonly string[];
  tertiary?: string;
}

/** How a form treats a field: `system` fills it (never asked on create), `create` is asked only when the row is made, `edit` only after. */
export type Entry = 'system' | 'create' | 'edit';

/** A field that tells the state of a row at a glance: a select whose choices carry colours, or a select named like one. */
const isStatus = ([name, f]: [string, Field]) => f.widget === 'select' && (Boolean(f.colors) || name === 'status' || name === 'state');
const shown = ([, f]: [string, Field]) => !f.hidden && f.widget !== 'json' && f.widget !== 'files';
const isDate = ([, f]: [string, Field]) => f.widget === 'date' || f.system === 'createTime';

/**
 * The compact row a table gets without declaring one: its title (else its first
 * listed text), below it its first listed text when the title is another field,
 * its money and its creation date, and its status at the right.
 */
export function defaultCompact(fields: Fields, title?: string): Compact {
  const entries = Object.entries(fields).filter(shown);
  const listedText = entries.find(([, f]) => f.list && !f.system && (f.widget === 'text' || f.widget === 'textarea'));
  const primary = title ?? listedText?.[0] ?? entries.find(([, f]) => f.system === 'id')![0];
  const money = entries.find(([, f]) => f.money);
  const created = entries.find(([, f]) => f.system === 'createTime') ?? entries.find(isDate);
  const status = entries.find(([n, f]) => isStatus([n, f]) && f.colors) ?? entries.find(isStatus);
  return {
    primary,
    // A table named by its title (users by account) also shows its first listed text (the nickname) below it.
    secondary: [title ? listedText?.[0] : undefined, money?.[0], created?.[0]].filter((n): n is string => Boolean(n) && n !== primary),
    ...(status && status[0] !== primary && { tertiary: status[0] }),
  };
}

/** How many filters a table shows before "More filters" when it names none. */
export const DEFAULT_COMMON_FILTERS = 4;

/**
 * The filters shown first when a table names none: its states (selects and
 * switches), then its creation date, at most DEFAULT_COMMON_FILTERS.
 */
export function defaultCommonFilters(fields: Fields): string[] {
  const filterable = Object.entries(fields).filter(([, f]) => f.filter.length > 0 && !f.hidden);
  const choices = filterable.filter(([, f]) => f.widget === 'select' || f.widget === 'switch');
  const created = filterable.filter(([, f]) => f.system === 'createTime');
  return [...choices, ...created].slice(0, DEFAULT_COMMON_FILTERS).map(([name]) => name);
}
