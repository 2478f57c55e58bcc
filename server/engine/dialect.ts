/** The few SQL differences between SQLite and MySQL the engine meets. */
import { sql } from 'kysely';
import type { DialectName } from '../db/connect';

export const randomOrder = (dialect: DialectName) => (dialect === 'mysql' ? sql`rand()` : sql`random()`);

/**
 * The column of a unique-constraint violation (two writers racing past the
 * engine's own check), or undefined when the error is something else.
 * SQLite says `UNIQUE constraint failed: users.account`; MySQL names the
 * index, which migrations call `<table>_<column>_unique`.
 */
export function uniqueViolation(error: unknown): string | undefined {
  const e = error as { code?: string; errno?: number; message?: string };
  if (e?.code === 'SQLITE_CONSTRAINT_UNIQUE') return /\.(\w+)$/.exec(e.message ?? '')?.[1] ?? 'id';
  if (e?.code === 'ER_DUP_ENTRY' || e?.errno === 1062) return /_(\w+?)_unique'/.exec(e.message ?? '')?.[1] ?? 'id';
  return undefined;
}

/**
 * `column LIKE %text%` with the user's text taken literally. `!` is the escape
 * character because a backslash means different things in MySQL and SQLite literals.
 */
export const containsText = (column: string, text: string) =>
  sql<boolean>`${sql.ref(column)} like ${`%${text.replace(/[!%_]/g, (c) => '!' + c)}%`} escape '!'`;
