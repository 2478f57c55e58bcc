/**
 * What an export writes for a field that points at other rows (issue 31 item
 * 11): the owner (`f.owner`) as the user's account, a `ref` by the row's
 * name, an `ids` list as the names joined, not bare ids; attachments
 * (`f.files`) as their files (the stored paths, which end in the file's name
 * and open it), not `[]`. A name is the key an import finds the row by (the
 * title when unique: a user's account, a tag's name), so an export imports
 * back. Looked up once per batch, by field type, so any table's export reads
 * the same. A row that is gone reads as `#id`, as in the console.
 */
import type { Field, Resource } from '../../schema/define';
import { refKeyOf } from './import/refs';
import type { Engine } from './store';

type Row = Record<string, unknown>;

/** The table a field points at, or undefined: the owner points at the users. */
const pointsAt = (f: Field): string | undefined => (f.system === 'owner' ? 'users' : f.widget === 'ref' || f.widget === 'ids' ? f.ref : undefined);

/** Whether an export writes this field as text made here (names, titles), whatever its column stores. */
export const namedInExport = (f: Field) => f.widget === 'files' || pointsAt(f) !== undefined;

const idsOf = (f: Field, value: unknown): number[] =>
  f.widget === 'ids' ? String(value ?? '').split('|').filter(Boolean).map(Number) : Number(value) > 0 ? [Number(value)] : [];

/** The rows with their pointing and attachment fields as the text an export writes (blank for none). */
export async function withNames(e: Engine, r: Resource, columns: readonly string[], rows: Row[]): Promise<Row[]> {
  const named = columns.filter((c) => r.fields[c] && namedInExport(r.fields[c]));
  if (!named.length || !rows.length) return rows;
  // The ids each pointed-at table is asked for, all fields and rows of the batch together.
  const wanted = new Map<string, Set<number>>();
  for (const c of named) {
    const target = pointsAt(r.fields[c]!);
    if (!target) continue;
    const set = wanted.get(target) ?? new Set<number>();
    for (const row of rows) for (const id of idsOf(r.fields[c]!, row[c])) set.add(id);
    wanted.set(target, set);
  }
  const titles = new Map<string, Map<number, string>>();
  for (const [target, ids] of wanted) {
    const t = e.resources.get(target);
    const by = t && refKeyOf(t);
    if (!t || !by || by === 'id' || !ids.size) continue;
    const found = await e.db.any.selectFrom(t.table).select(['id', by]).where('id', 'in', [...ids]).execute();
    titles.set(target, new Map(found.map((row: Row) => [Number(row.id), String(row[by] ?? '')])));
  }
  return rows.map((row) => {
    const out = { ...row };
    for (const c of named) {
      const f = r.fields[c]!;
      if (f.widget === 'files') {
        const list = Array.isArray(row[c]) ? (row[c] as unknown[]).map(String) : [];
        out[c] = list.length ? list.join(', ') : null;
        continue;
      }
      const byId = titles.get(pointsAt(f)!);
      // A table named by its ids alone keeps them (as an import finds them); a row gone since reads as `#id`.
      const names = idsOf(f, row[c]).map((id) => (byId ? byId.get(id) || `#${id}` : String(id)));
      out[c] = names.length ? names.join(', ') : null;
    }
    return out;
  });
}
