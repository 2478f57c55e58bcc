/** The few SQL differences between SQLite and MySQL the engine meets. */
import { sql } from 'kysely';
import type { DialectName } from '../db/connect';

export const randomOrder = (dialect: DialectName) => (dialect === 'mysql' ? sql`rand()` : sql`random()`);

/** Whether an error is a unique-constraint violation, and on which column if the driver says. */
export function uniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; errno?: number };
  return e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === 'ER_DUP_ENTRY' || e?.errno === 1062;
}

/**
 * `column LIKE %text%` with the user's text taken literally. `!` is the escape
 * character because a backslash means different things in MySQL and SQLite literals.
 */
export const containsText = (column: string, text: string) =>
  sql<boolean>`${sql.ref(column)} like ${`%${text.replace(/[!%_]/g, (c) => '!' + c)}%`} escape '!'`;
