/**
 * The one owner of every write (README, "Architecture"). The database's driver is
 * wrapped so that each insert, update and delete that reaches SQL — from the
 * engine, the account flows, bootstrap, seeding, the rule sync or a test — is
 * seen as a query node, and `write(table, ids)` is announced once it is
 * durable: at once for a statement outside a transaction, at commit for one
 * inside (a rollback announces nothing). Caches and memos subscribe here and
 * nobody invalidates by hand.
 *
 * A driver wrapper rather than a Kysely plugin because only the driver sees
 * both the query node and the commit: a plugin cannot tell whether its query
 * runs in a transaction that may still roll back.
 */
import type {
  CompiledQuery, DatabaseConnection, Dialect, Driver, OperationNode, QueryResult, RootOperationNode, TransactionSettings,
} from 'kysely';

/**
 * `ids` undefined: any row of the table may have changed. `columns`: what an
 * update set, so a read that depends on other columns (a count) may stand;
 * undefined when rows may have come or gone (an insert or a delete).
 */
export type WriteListener = (table: string, ids: readonly number[] | undefined, columns: readonly string[] | undefined) => void | Promise<void>;

interface Write {
  table: string;
  ids: number[] | undefined;
  columns?: string[];
}

export class Writes {
  private listeners = new Set<WriteListener>();

  /** Listeners run after commit and must not query the database (SQLite has one connection, held until they end). */
  on(listener: WriteListener): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /** Tells every listener; one listener failing (a cache that is down) does not undo the committed write. */
  async announce(writes: readonly Write[]) {
    for (const { table, ids, columns } of merge(writes)) {
      for (const listener of this.listeners) {
        try {
          await listener(table, ids, columns);
        } catch (error) {
          console.error(`write(${table}) listener failed:`, error);
        }
      }
    }
  }
}

/** One announcement per table; one write of unknown rows (or columns) makes the table's ids (or columns) unknown. */
function merge(writes: readonly Write[]): Write[] {
  const byTable = new Map<string, Write>();
  const union = <T>(a: T[] | undefined, b: T[] | undefined) => (a && b ? [...new Set([...a, ...b])] : undefined);
  for (const w of writes) {
    const seen = byTable.get(w.table);
    byTable.set(w.table, seen ? { table: w.table, ids: union(seen.ids, w.ids), columns: union(seen.columns, w.columns) } : w);
  }
  return [...byTable.values()];
}

type Node = OperationNode & Record<string, any>;

function tableName(node: Node | undefined): string | undefined {
  if (!node) return undefined;
  if (node.kind === 'TableNode') return node.table.identifier.name;
  if (node.kind === 'AliasNode') return tableName(node.node);
  return undefined;
}

/** `remark` or `users.remark`, else undefined (a column made by raw SQL). */
const columnName = (node: Node | undefined): string | undefined =>
  node?.kind === 'ColumnNode' ? node.column.name : node?.kind === 'ReferenceNode' ? columnName(node.column) : undefined;

const isIdColumn = (node: Node) =>
  (node.kind === 'ReferenceNode' && node.column?.kind === 'ColumnNode' && node.column.column.name === 'id') ||
  (node.kind === 'ColumnNode' && node.column.name === 'id');

/** The ids a `where` pins the write to (`id = 1`, `id in (1, 2)`, either side of an `and`), else undefined. */
function idsOfWhere(node: Node | undefined): number[] | undefined {
  if (!node) return undefined;
  switch (node.kind) {
    case 'WhereNode': case 'ParensNode': return idsOfWhere(node.where ?? node.node);
    case 'AndNode': return idsOfWhere(node.left) ?? idsOfWhere(node.right);
    case 'BinaryOperationNode': {
      if (!isIdColumn(node.leftOperand)) return undefined;
      const op = node.operator.operator;
      const right: Node = node.rightOperand;
      const values =
        op === '=' && right.kind === 'ValueNode' ? [right.value]
        : op === 'in' && right.kind === 'ValueListNode' ? right.values.map((v: Node) => v.value)
        : op === 'in' && right.kind === 'PrimitiveValueListNode' ? right.values
        : undefined;
      const ids = values?.map(Number);
      return ids && ids.every(Number.isInteger) ? ids : undefined;
    }
    default: return undefined;
  }
}

/** What a statement wrote, from its node and result; undefined for anything that is not a data write. */
export function writeOf(query: RootOperationNode, result: QueryResult<unknown>): Write | undefined {
  const node = query as Node;
  switch (node.kind) {
    case 'InsertQueryNode': {
      const table = tableName(node.into);
      const rows = node.values?.values?.length ?? 0;
      const single = rows === 1 && !node.onConflict && !node.onDuplicateKey && result.insertId !== undefined && result.insertId > 0n;
      return table ? { table, ids: single ? [Number(result.insertId)] : undefined } : undefined;
    }
    case 'UpdateQueryNode': {
      const table = tableName(node.table);
      const columns = (node.updates as Node[] | undefined)?.map((u) => columnName(u.column));
      return table ? {
        table, ids: node.joins?.length ? undefined : idsOfWhere(node.where),
        columns: columns?.length && columns.every(Boolean) ? (columns as string[]) : undefined,
      } : undefined;
    }
    case 'DeleteQueryNode': {
      const table = tableName(node.from?.froms?.[0]);
      return table ? { table, ids: node.from.froms.length > 1 || node.using ? undefined : idsOfWhere(node.where) } : undefined;
    }
    case 'MergeQueryNode': {
      const table = tableName(node.into);
      return table ? { table, ids: undefined } : undefined;
    }
    default: return undefined;
  }
}

/** A connection that notes its writes: announced at once outside a transaction, kept until commit inside one. */
class NotingConnection implements DatabaseConnection {
  inTransaction = false;
  pending: Write[] = [];

  constructor(readonly inner: DatabaseConnection, private readonly writes: Writes) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.inner.executeQuery<R>(compiled);
    const write = writeOf(compiled.query, result);
    if (write) {
      if (this.inTransaction) this.pending.push(write);
      else await this.writes.announce([write]);
    }
    return result;
  }

  streamQuery<R>(compiled: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(compiled, chunkSize);
  }
}

class NotingDriver implements Driver {
  constructor(private readonly inner: Driver, private readonly writes: Writes) {}

  init() { return this.inner.init(); }
  destroy() { return this.inner.destroy(); }
  async acquireConnection() { return new NotingConnection(await this.inner.acquireConnection(), this.writes); }
  releaseConnection(c: DatabaseConnection) { return this.inner.releaseConnection((c as NotingConnection).inner); }

  async beginTransaction(c: DatabaseConnection, settings: TransactionSettings) {
    const noting = c as NotingConnection;
    await this.inner.beginTransaction(noting.inner, settings);
    noting.inTransaction = true;
    noting.pending = [];
  }

  async commitTransaction(c: DatabaseConnection) {
    const noting = c as NotingConnection;
    await this.inner.commitTransaction(noting.inner);
    const done = noting.pending;
    noting.inTransaction = false;
    noting.pending = [];
    await this.writes.announce(done);
  }

  async rollbackTransaction(c: DatabaseConnection) {
    const noting = c as NotingConnection;
    noting.inTransaction = false;
    noting.pending = [];
    await this.inner.rollbackTransaction(noting.inner);
  }

  // Savepoints (nested transactions) pass through; their writes are announced with the outer commit.
  savepoint(c: DatabaseConnection, name: string, compile: Parameters<NonNullable<Driver['savepoint']>>[2]) {
    return this.inner.savepoint!((c as NotingConnection).inner, name, compile);
  }
  rollbackToSavepoint(c: DatabaseConnection, name: string, compile: Parameters<NonNullable<Driver['savepoint']>>[2]) {
    return this.inner.rollbackToSavepoint!((c as NotingConnection).inner, name, compile);
  }
  releaseSavepoint(c: DatabaseConnection, name: string, compile: Parameters<NonNullable<Driver['savepoint']>>[2]) {
    return this.inner.releaseSavepoint!((c as NotingConnection).inner, name, compile);
  }
}

/** The dialect with its driver wrapped: every write through it is announced on `writes`. */
export function announcingDialect(dialect: Dialect, writes: Writes): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => new NotingDriver(dialect.createDriver(), writes),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  };
}
