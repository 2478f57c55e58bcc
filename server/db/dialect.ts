/**
 * Everything SQLite and MySQL/MariaDB do differently, in one adapter object
 * per dialect. Code elsewhere asks `db.adapter`, never `dialect === 'mysql'`.
 */
import { MysqlAdapter, sql, type InsertQueryBuilder, type Kysely, type RawBuilder } from 'kysely';

export type DialectName = 'sqlite' | 'mysql';

export interface DialectAdapter {
  name: DialectName;
  /** ORDER BY term of a random pick (`rand`). */
  randomOrder: RawBuilder<unknown>;
  /** `a || b` of two text values. */
  concat(a: RawBuilder<string>, b: string): RawBuilder<string>;
  /** Column type of long text and JSON: MySQL TEXT stops at 64 KB; articles and JSON lists may be longer. */
  longText: RawBuilder<unknown>;
  /** MySQL refuses defaults on TEXT columns (the engine fills them from the schema). */
  textDefaults: boolean;
  /** Table options of CREATE TABLE. */
  tableOptions?: RawBuilder<unknown>;
  /** The collation of a column compared byte for byte (`Column.exact`), where the table's default would fold case and accents. */
  exactCollation?: RawBuilder<unknown>;
  /** MySQL's DROP INDEX names the table. */
  dropIndexNamesTable: boolean;
  /** Whether `SELECT … FOR UPDATE` locks rows (MySQL); SQLite has one writer at a time and no such clause. */
  forUpdate: boolean;
  /** A transaction that lost a race to another (deadlock, lock timeout, busy database) and may simply run again. */
  retryable(error: unknown): boolean;
  /**
   * The column of a unique-constraint violation (two writers racing past a
   * check), or undefined when the error is something else.
   */
  uniqueViolation(error: unknown): string | undefined;
  /**
   * The insert made an atomic upsert that adds: a row whose unique key
   * (`keys`) is taken gets the new values of `sums` added onto its own
   * (SQLite `ON CONFLICT … DO UPDATE`, MySQL `ON DUPLICATE KEY UPDATE`).
   */
  addOnConflict<Q extends InsertQueryBuilder<any, any, any>>(qb: Q, keys: readonly string[], sums: readonly string[]): Q;
}

type DbError = { code?: string; errno?: number; message?: string } | undefined;

export const ADAPTERS: Record<DialectName, DialectAdapter> = {
  sqlite: {
    name: 'sqlite',
    randomOrder: sql`random()`,
    concat: (a, b) => sql<string>`${a} || ${b}`,
    longText: sql`text`,
    textDefaults: true,
    dropIndexNamesTable: false,
    forUpdate: false,
    retryable: (error) => /^SQLITE_BUSY/.test((error as DbError)?.code ?? ''),
    // `UNIQUE constraint failed: users.account`
    uniqueViolation: (error) => {
      const e = error as DbError;
      return e?.code === 'SQLITE_CONSTRAINT_UNIQUE' ? /\.(\w+)$/.exec(e.message ?? '')?.[1] ?? 'id' : undefined;
    },
    addOnConflict: (qb, keys, sums) => qb.onConflict((oc) => oc.columns([...keys]).doUpdateSet(
      Object.fromEntries(sums.map((c) => [c, sql`${sql.ref(c)} + ${sql.ref(`excluded.${c}`)}`])),
    )) as typeof qb,
  },
  mysql: {
    name: 'mysql',
    randomOrder: sql`rand()`,
    concat: (a, b) => sql<string>`concat(${a}, ${b})`,
    longText: sql`mediumtext`,
    textDefaults: false,
    tableOptions: sql`engine=InnoDB default charset=utf8mb4 collate=utf8mb4_unicode_ci`,
    exactCollation: sql`character set utf8mb4 collate utf8mb4_bin`,
    dropIndexNamesTable: true,
    forUpdate: true,
    // ER_LOCK_DEADLOCK, ER_LOCK_WAIT_TIMEOUT.
    retryable: (error) => [1213, 1205].includes((error as DbError)?.errno ?? 0),
    // MySQL names the index, which migrations call `<table>_<column>_unique`: the column is the part before `_unique`
    // (a table may hold underscores, receive_money; a column never does).
    uniqueViolation: (error) => {
      const e = error as DbError;
      return e?.code === 'ER_DUP_ENTRY' || e?.errno === 1062 ? /_([A-Za-z0-9]+)_unique'/.exec(e.message ?? '')?.[1] ?? 'id' : undefined;
    },
    // VALUES(c) is the row that was refused (MariaDB has no row alias for it).
    addOnConflict: (qb, _keys, sums) => qb.onDuplicateKeyUpdate(
      Object.fromEntries(sums.map((c) => [c, sql`${sql.ref(c)} + values(${sql.ref(c)})`])),
    ) as typeof qb,
  },
};

/** The adapter of a Kysely instance or transaction, for code handed only the query builder (the payment writes). */
export const adapterOf = (db: Kysely<any>): DialectAdapter => (db.getExecutor().adapter instanceof MysqlAdapter ? ADAPTERS.mysql : ADAPTERS.sqlite);
