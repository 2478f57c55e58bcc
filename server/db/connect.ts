/**
 * One Kysely instance over SQLite (better-sqlite3, the default) or MySQL
 * (mysql2), chosen by the database URL. Dialect differences live here and in
 * `dialect.ts`, nowhere else.
 */
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, MysqlDialect, SqliteDialect } from 'kysely';
import { createPool } from 'mysql2';
import type { Database } from './types';

export type DialectName = 'sqlite' | 'mysql';

export interface Db {
  kysely: Kysely<Database>;
  /** The same connection, untyped: the generic engine reaches tables named at run time. */
  any: Kysely<any>;
  dialect: DialectName;
  close(): Promise<void>;
}

/** `mysql://user:pass@host:port/db`, `sqlite::memory:`, `sqlite:/path/file.db`, or absent: `<dataDir>/paydesk.db`. */
export function connect(databaseUrl: string | undefined, dataDir: string): Db {
  if (databaseUrl?.startsWith('mysql://')) {
    const pool = createPool({
      uri: databaseUrl,
      connectionLimit: 10,
      // Amounts are DECIMAL: numbers, not strings, so SQLite and MySQL rows look the same.
      decimalNumbers: true,
      supportBigNumbers: true,
      bigNumberStrings: false,
      charset: 'utf8mb4',
      timezone: 'Z',
    });
    const kysely = new Kysely<Database>({ dialect: new MysqlDialect({ pool }) });
    return { kysely, any: kysely, dialect: 'mysql', close: () => kysely.destroy() };
  }
  let file = path.join(dataDir, 'paydesk.db');
  if (databaseUrl === 'sqlite::memory:') file = ':memory:';
  else if (databaseUrl?.startsWith('sqlite:')) file = databaseUrl.slice('sqlite:'.length);
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const database = new SQLite(file);
  // WAL lets readers run beside the writer; the busy timeout makes a second
  // process wait for the lock instead of failing at once.
  database.pragma('journal_mode = WAL');
  database.pragma('busy_timeout = 5000');
  database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = ON');
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
  return { kysely, any: kysely, dialect: 'sqlite', close: () => kysely.destroy() };
}
