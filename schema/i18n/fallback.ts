/**
 * Names for what no catalog labels yet (issue 33 item 4): a table added
 * without labels reads "Question", "Create time", "Faq" in every language,
 * never `resources.faq.fields.question`. A system column (id, owner, times)
 * is named by its kind in the reader's language (`system.<kind>`); any other
 * field or table by its key made readable. The console (polyglot) and the
 * server (messages, export headers) both ask here for a label key they miss;
 * `npm run lint` names each missing label (scripts/missing-labels.ts).
 */
import type { Resource } from '../define';
import { lookup, type Catalog } from './index';

/** A key as words: `createTime` -> "Create time", `receive-money` -> "Receive money", `faq` -> "Faq". */
export function humanizeKey(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/[-_.\s]+/g, ' ')
    .trim();
  if (!words) return key;
  // Words after the first keep an acronym (`signInIP` -> "Sign in IP") and lower the rest.
  const parts = words.split(' ').map((w, i) => (i > 0 && w === w.toUpperCase() && w.length > 1 ? w : w.toLowerCase()));
  const text = parts.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const TABLE_NAME = /^resources\.([^.]+)\.name$/;
const FIELD_NAME = /^resources\.([^.]+)\.fields\.(.+)$/;

/** Whether `key` is the label of a table or of one of its fields (what a schema implies). */
export const isLabelKey = (key: string) => TABLE_NAME.test(key) || FIELD_NAME.test(key);

/**
 * What `key` reads as when `catalog` has no text for it: a table's or a
 * field's name made from its key (a system column's by its kind, from
 * `catalog`); undefined for any other key, which stays visible as a gap.
 */
export function labelFallback(key: string, catalog: Catalog, resources?: ReadonlyMap<string, Resource>): string | undefined {
  const table = TABLE_NAME.exec(key);
  if (table) return humanizeKey(table[1]!);
  const field = FIELD_NAME.exec(key);
  if (!field) return undefined;
  const [, resource, path] = field;
  const kind = resources?.get(resource!)?.fields[path!]?.system;
  const byKind = kind ? lookup(catalog, `system.${kind}`) : undefined;
  return byKind ?? humanizeKey(path!.split('.').pop()!);
}
