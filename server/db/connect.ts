/**
 * One Kysely instance over SQLite (better-sqlite3, the default) or MySQL
 * (mysql2), chosen by the database URL. Dialect differences live in the
 * adapter of `dialect.ts`, nowhere else.
 */
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, MysqlDialect, SqliteDialect } from 'kysely';
import { ADAPTERS, type DialectAdapter, type DialectName } from './dialect';
import type { Database } from './types';
import { announcingDialect, Writes } from './writes';

export type { DialectName };

export interface Db {
  kysely: Kysely<Database>;
  /** The same connection, untyped: the generic engine reaches tables named at run time. */
  any: Kysely<any>;
  dialect: DialectName;
  /** What this dialect does differently (the one place that knows). */
  adapter: DialectAdapter;
  /** Every committed insert, update and delete, announced as `write(table, ids)`: subscribe here, never invalidate by hand. */
  writes: Writes;
  close(): Promise<void>;
}

/** The SQLite file a database URL names (`:memory:` for none on disk), or null for MySQL. */
export function sqliteFile(databaseUrl: string | undefined, dataDir: string): string | null {
  if (databaseUrl?.startsWith('mysql://')) return null;
  if (databaseUrl === 'sqlite::memory:') return ':memory:';
  if (databaseUrl?.startsWith('sqlite:')) return databaseUrl.slice('sqlite:'.length);
  return path.join(dataDir, 'paydesk.db');
}

/** `mysql://user:pass@host:port/db`, `sqlite::memory:`, `sqlite:/path/file.db`, or absent: `<dataDir>/paydesk.db`. */
export function connect(databaseUrl: string | undefined, dataDir: string): Db {
  if (databaseUrl?.startsWith('mysql://')) {
    // mysql2 is loaded only for a MySQL URL (Kysely asks for the pool at the first query), not on every start.
    const pool = async () => (await import('mysql2')).createPool({
      uri: databaseUrl,
      connectionLimit: 10,
      // Amounts are DECIMAL: numbers, not strings, so SQLite and MySQL rows look the same.
      decimalNumbers: true,
      supportBigNumbers: true,
      bigNumberStrings: false,
      charset: 'utf8mb4',
      timezone: 'Z',
    });
    const writes = new Writes();
    const kysely = new Kysely<Database>({ dialect: announcingDialect(new MysqlDialect({ pool }), writes) });
    return { kysely, any: kysely, dialect: 'mysql', adapter: ADAPTERS.mysql, writes, close: () => kysely.destroy() };
  }
  const file = sqliteFile(databaseUrl, dataDir)!;
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const database = new SQLite(file);
  // WAL lets readers run beside the writer; the busy timeout makes a second
  // process wait for the lock instead of failing at once.
  database.pragma('journal_mode = WAL');
  database.pragma('busy_timeout = 5000');
  database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = ON');
  const writes = new Writes();
  const kysely = new Kysely<Database>({ dialect: announcingDialect(new SqliteDialect({ database: reusingStatements(database) }), writes) });
  return { kysely, any: kysely, dialect: 'sqlite', adapter: ADAPTERS.sqlite, writes, close: () => kysely.destroy() };
}

/**
 * Kysely's SQLite driver prepares every statement it runs; the engine runs
 * the same few hundred SQL texts again and again, so their prepared
 * statements are kept (compiling was about 7% of a payment notification's
 * CPU). A statement still being iterated (a stream) is not handed out twice.
 */
function reusingStatements(database: SQLite.Database, keep = 500) {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => database.close(),
    prepare(sql: string) {
      const kept = statements.get(sql);
      if (kept && !kept.busy) {
        // Most recently used last, so the first key is the one to drop.
        statements.delete(sql);
        statements.set(sql, kept);
        return kept;
      }
      const statement = database.prepare(sql);
      if (!kept) {
        statements.set(sql, statement);
        if (statements.size > keep) statements.delete(statements.keys().next().value!);
      }
      return statement;
    },
  };
}
