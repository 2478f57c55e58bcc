/**
 * Rows as the schemas describe them, for every writer and reader of the
 * database (the engine, the account flows, bootstrap, the seed): which
 * columns may leave the server, JSON columns in and out, and a full new row
 * with the schema's defaults.
 */
import { fieldList, type Resource } from '../../schema/define';

export const now = () => Math.floor(Date.now() / 1000);

/** Columns that may leave the server: never hidden ones. */
export const outputColumns = (r: Resource) => Object.keys(r.fields).filter((k) => !r.fields[k]!.hidden);

/** JSON columns come back parsed; a value that does not parse reads as null instead of breaking the screen. */
export function decode(r: Resource, row: Record<string, unknown>): Record<string, unknown> {
  for (const [k, f] of fieldList(r)) {
    if (f.column.type !== 'json' || !(k in row)) continue;
    const v = row[k];
    if (typeof v === 'string') {
      try { row[k] = JSON.parse(v); } catch { row[k] = null; }
    }
  }
  return row;
}

/** Values ready for SQL: JSON columns as text. */
export function encode(r: Resource, values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  // for-in, not Object.entries: an import encodes 100,000 rows, and a pair array per column is garbage the heap keeps growing by.
  for (const k in values) {
    const v = values[k];
    out[k] = r.fields[k]?.column.type === 'json' && v !== null && v !== undefined ? JSON.stringify(v) : v;
  }
  return out;
}

/** A full new row: schema defaults for whatever the client left out (MySQL TEXT has no SQL defaults). */
export function withDefaults(r: Resource, values: Record<string, unknown>): Record<string, unknown> {
  const template = defaultRow(r);
  if (!template) return filled(r, {}, values);
  // A copy of the resource's row of defaults (every column, in order: one allocation), then the values given.
  const row: Record<string, unknown> = { ...template };
  for (const [k, f] of fieldList(r)) if (f.system !== 'id' && k in values) row[k] = values[k];
  return row;
}

function filled(r: Resource, row: Record<string, unknown>, values: Record<string, unknown>) {
  for (const [k, f] of fieldList(r)) {
    if (f.system === 'id') continue;
    if (k in values) row[k] = values[k];
    else if (f.column.default !== undefined) row[k] = f.column.default;
    else if (f.column.type === 'text') row[k] = '';
    else if (f.column.nullable) row[k] = null;
  }
  return row;
}

const defaultRows = new WeakMap<object, Record<string, unknown> | null>();
/** A resource's row of defaults, when every column has one (else null: a row's columns depend on the values given). */
function defaultRow(r: Resource): Record<string, unknown> | null {
  let template = defaultRows.get(r.fields);
  if (template === undefined) {
    template = filled(r, {}, {});
    if (Object.keys(template).length !== fieldList(r).filter(([, f]) => f.system !== 'id').length) template = null;
    defaultRows.set(r.fields, template);
  }
  return template;
}
