/**
 * Migrations derived from the schemas.
 *
 * A migration file in `migrations/` is plain data: a list of operations
 * (`export default [...] satisfies MigrationOp[]`), written by
 * `npm run migrate:make` from the difference between the schemas and the state
 * the existing files build up (folding every file's operations gives the
 * "last recorded snapshot", so there is no second copy to drift). The server
 * applies pending files at start through Kysely's Migrator; the operations are
 * dialect-neutral and turned into SQL here.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { Column, Resource } from '../../schema/define';
import { ADAPTERS, type DialectName } from './dialect';

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export type ColumnSpec = Column & { name: string };
export type MigrationOp =
  | { op: 'createTable'; table: string; columns: ColumnSpec[] }
  | { op: 'dropTable'; table: string }
  | { op: 'addColumn'; table: string; column: ColumnSpec }
  | { op: 'dropColumn'; table: string; name: string }
  /** The same column compared differently (`exact`); the only change of a column made without a hand-written migration. */
  | { op: 'alterColumn'; table: string; column: ColumnSpec }
  | { op: 'createIndex'; table: string; name: string; columns: string[]; unique: boolean }
  | { op: 'dropIndex'; table: string; name: string };

/** Tables as the migrations leave them: columns and indexes by name. */
export type Snapshot = Record<string, { columns: Record<string, ColumnSpec>; indexes: Record<string, { columns: string[]; unique: boolean }> }>;

export function fold(ops: MigrationOp[], snapshot: Snapshot = {}): Snapshot {
  const s: Snapshot = structuredClone(snapshot);
  for (const o of ops) {
    switch (o.op) {
      case 'createTable': s[o.table] = { columns: Object.fromEntries(o.columns.map((c) => [c.name, c])), indexes: {} }; break;
      case 'dropTable': delete s[o.table]; break;
      case 'addColumn': case 'alterColumn': s[o.table]!.columns[o.column.name] = o.column; break;
      case 'dropColumn': delete s[o.table]!.columns[o.name]; break;
      case 'createIndex': s[o.table]!.indexes[o.name] = { columns: o.columns, unique: o.unique }; break;
      case 'dropIndex': delete s[o.table]!.indexes[o.name]; break;
    }
  }
  return s;
}

/** Columns and indexes a resource needs: every filterable and sortable column, deleteTime, uid, uniques. */
export function desiredTables(resources: readonly Resource[]): Snapshot {
  const out: Snapshot = {};
  for (const r of resources) {
    const columns: Record<string, ColumnSpec> = {};
    const indexes: Snapshot[string]['indexes'] = {};
    for (const [name, field] of Object.entries(r.fields)) {
      columns[name] = { name, ...field.column };
      const indexable = field.column.type !== 'text' && field.column.type !== 'json' && (field.column.length ?? 0) <= 255;
      if (field.system === 'id' || !indexable) continue;
      if (field.column.unique) indexes[`${r.table}_${name}_unique`] = { columns: [name], unique: true };
      else if (field.filter.length || field.sortable || field.system === 'deleteTime' || field.system === 'owner') {
        indexes[`${r.table}_${name}_index`] = { columns: [name], unique: false };
      }
    }
    for (const cols of r.indexes) indexes[`${r.table}_${cols.join('_')}_index`] = { columns: [...cols], unique: false };
    out[r.table] = { columns, indexes };
  }
  return out;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
/** `unique` rides in the column spec but is built as an index: a change of it alone is an index change. */
const sameColumn = (a: ColumnSpec, b: ColumnSpec) => same({ ...a, unique: undefined }, { ...b, unique: undefined });
/** Whether two specs differ in how the column compares and in nothing else. */
const onlyComparisonChanged = (a: ColumnSpec, b: ColumnSpec) => sameColumn({ ...a, exact: undefined }, { ...b, exact: undefined });

/** Operations that take `from` to the schemas. A changed column type needs a hand-written migration. */
export function plan(from: Snapshot, resources: readonly Resource[]): MigrationOp[] {
  const to = desiredTables(resources);
  const ops: MigrationOp[] = [];
  for (const [table, want] of Object.entries(to)) {
    const have = from[table];
    if (!have) ops.push({ op: 'createTable', table, columns: Object.values(want.columns) });
    else {
      for (const [name, col] of Object.entries(want.columns)) {
        const old = have.columns[name];
        if (!old) ops.push({ op: 'addColumn', table, column: col });
        else if (!sameColumn(old, col) && onlyComparisonChanged(old, col)) ops.push({ op: 'alterColumn', table, column: col });
        else if (!sameColumn(old, col)) {
          throw new Error(`${table}.${name} changed from ${JSON.stringify(old)} to ${JSON.stringify(col)}: write this migration by hand`);
        }
      }
      for (const name of Object.keys(have.columns)) if (!want.columns[name]) ops.push({ op: 'dropColumn', table, name });
    }
    for (const [name, idx] of Object.entries(have?.indexes ?? {})) {
      if (!same(want.indexes[name], idx)) ops.push({ op: 'dropIndex', table, name });
    }
    for (const [name, idx] of Object.entries(want.indexes)) {
      if (!same(have?.indexes[name], idx)) ops.push({ op: 'createIndex', table, name, columns: idx.columns, unique: idx.unique });
    }
  }
  return ops;
}

function columnType(c: Column, dialect: DialectName) {
  const adapter = ADAPTERS[dialect];
  switch (c.type) {
    case 'increments': return sql`integer`;
    case 'integer': return sql`integer`;
    case 'bigint': return sql`bigint`;
    case 'decimal': return sql.raw(`decimal(${c.precision ?? 14}, ${c.scale ?? 2})`);
    case 'varchar': return c.exact && adapter.exactCollation ? sql`${sql.raw(`varchar(${c.length ?? 255})`)} ${adapter.exactCollation}` : sql.raw(`varchar(${c.length ?? 255})`);
    case 'text': case 'json': return adapter.longText;
  }
}

export async function applyOps(db: Kysely<any>, ops: readonly MigrationOp[], dialect: DialectName) {
  const adapter = ADAPTERS[dialect];
  for (const o of ops) {
    const define = (c: ColumnSpec) => (col: any) => {
      if (c.type === 'increments') return col.primaryKey().autoIncrement();
      let out = c.nullable ? col : col.notNull();
      if (c.default !== undefined && (adapter.textDefaults || (c.type !== 'text' && c.type !== 'json'))) out = out.defaultTo(c.default);
      return out;
    };
    const addColumn = <B extends { addColumn: Function }>(builder: B, c: ColumnSpec): B => builder.addColumn(c.name, columnType(c, dialect), define(c));
    switch (o.op) {
      case 'createTable': {
        let b = db.schema.createTable(o.table);
        for (const c of o.columns) b = addColumn(b, c);
        if (adapter.tableOptions) b = b.modifyEnd(adapter.tableOptions);
        await b.execute();
        break;
      }
      case 'dropTable': await db.schema.dropTable(o.table).execute(); break;
      case 'addColumn': await (addColumn(db.schema.alterTable(o.table), o.column) as any).execute(); break;
      case 'dropColumn': await db.schema.alterTable(o.table).dropColumn(o.name).execute(); break;
      case 'alterColumn':
        // SQLite compares text byte for byte unless told otherwise: only MySQL has a collation to change.
        if (adapter.exactCollation) await db.schema.alterTable(o.table).modifyColumn(o.column.name, columnType(o.column, dialect), define(o.column)).execute();
        break;
      case 'createIndex': {
        const b = db.schema.createIndex(o.name).on(o.table).columns(o.columns);
        await (o.unique ? b.unique() : b).execute();
        break;
      }
      case 'dropIndex': {
        const b = db.schema.dropIndex(o.name);
        await (adapter.dropIndexNamesTable ? b.on(o.table) : b).execute();
        break;
      }
    }
  }
}

/** The text of a migration file holding `ops`: one line per operation, and per column of a new table, so diffs read well. */
export function migrationSource(ops: readonly MigrationOp[]): string {
  const line = (op: MigrationOp) => {
    if (op.op !== 'createTable') return `  ${JSON.stringify(op)},`;
    const columns = op.columns.map((c) => `    ${JSON.stringify(c)},`).join('\n');
    return `  { "op": "createTable", "table": ${JSON.stringify(op.table)}, "columns": [\n${columns}\n  ] },`;
  };
  return `// Generated by \`npm run migrate:make\` from the schemas; edit only to add a hand-written \`up\`.
import type { MigrationOp } from '../migrate';

export default [
${ops.map(line).join('\n')}
] satisfies MigrationOp[];
`;
}

export interface MigrationFile {
  name: string;
  ops?: MigrationOp[];
  /** A hand-written migration may run its own code instead of (or after) ops. */
  up?: (db: Kysely<any>, dialect: DialectName) => Promise<void>;
}

export async function readMigrationFiles(dir = MIGRATIONS_DIR): Promise<MigrationFile[]> {
  if (!fs.existsSync(dir)) return [];
  // TypeScript beside the sources; JavaScript beside the compiled server (scripts/start.mjs).
  // `0001_init`, then timestamped names (`20261123061936_payments`), which sort after it.
  const names = fs.readdirSync(dir).filter((n) => /^\d+_[\w-]+\.(ts|js)$/.test(n)).sort();
  return Promise.all(names.map(async (file) => {
    const mod = await import(pathToFileURL(path.join(dir, file)).href);
    return { name: file.replace(/\.(ts|js)$/, ''), ops: Array.isArray(mod.default) ? mod.default : mod.ops, up: mod.up };
  }));
}

/** Applies pending migration files, then (when `sync`) whatever the schemas still need beyond them. */
export async function migrate(db: Kysely<any>, dialect: DialectName, resources: readonly Resource[], opts: { sync?: boolean; dir?: string } = {}) {
  const files = await readMigrationFiles(opts.dir);
  const provider: MigrationProvider = {
    getMigrations: async () => Object.fromEntries(files.map((m): [string, Migration] => [m.name, {
      up: async (trx) => {
        if (m.ops) await applyOps(trx, m.ops, dialect);
        if (m.up) await m.up(trx, dialect);
      },
    }])),
  };
  // Files are named by the time they were made, on branches that land in any order: a database that
  // already ran a later-stamped file still takes an earlier one that arrived after it.
  const { error, results } = await new Migrator({ db, provider, allowUnorderedMigrations: true }).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  const pending = plan(fold(files.flatMap((m) => m.ops ?? [])), resources);
  if (pending.length && opts.sync) await applyOps(db, pending, dialect);
  return {
    applied: results?.filter((r) => r.status === 'Success').map((r) => r.migrationName) ?? [],
    /** Every migration this build knows, applied now or before (the readiness probe checks they still are). */
    known: files.map((m) => m.name),
    unmigrated: opts.sync ? [] : pending,
  };
}
