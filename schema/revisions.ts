/**
 * Reading record history (the `revisions` table): what a row held at one of
 * its revisions, for the console's "restore this version" and for any API
 * client. Restoring is an ordinary update of these values, so scope, the
 * permission ceiling, validation and frozen fields all apply to it.
 */
import { isWritable, type Resource } from './define';

/** A recorded value a client never sees (a password, a key): never written back. */
export const MASKED_VALUE = '***';

export interface RevisionRow {
  id: number;
  rowId: number;
  changes: Record<string, [unknown, unknown]> | null;
}

/**
 * The writable fields of the row as they stood right after revision
 * `target`, given the row's revisions (any order): a field changed by a later
 * revision goes back to the old value of the first such; others are as they
 * are now, so they are not sent. Masked, read-only and server-filled fields
 * are left out; an empty answer means the row is at that version already.
 */
export function valuesAt(r: Resource, revisions: readonly RevisionRow[], target: number): Record<string, unknown> {
  const later = revisions.filter((x) => x.id > target).sort((a, b) => b.id - a.id);
  const values: Record<string, unknown> = {};
  // Newest first, so the earliest later revision's old value is the one that stays.
  for (const revision of later) {
    for (const [field, [old]] of Object.entries(revision.changes ?? {})) values[field] = old;
  }
  for (const [field, value] of Object.entries(values)) {
    const f = r.fields[field];
    if (!f || !isWritable(f) || f.hidden || f.secret || value === MASKED_VALUE || value === null) delete values[field];
  }
  return values;
}
