/**
 * `DATABASE_URL`, read strictly: a value that names no database Paydesk
 * speaks stops the start, since falling back to a new local SQLite file would
 * send a site with a typo in its settings to an empty database.
 *
 *   (unset or empty)            SQLite in `<dataDir>/paydesk.db`
 *   sqlite:<path>               SQLite at that file (relative to the working directory)
 *   sqlite::memory:             SQLite in memory (tests)
 *   mysql://user:pass@host:port/database     MySQL or MariaDB
 *   mariadb://user:pass@host:port/database   the same
 *
 * Scheme names are case-insensitive, as in any URL.
 */
import path from 'node:path';

export type DatabaseTarget =
  | { kind: 'sqlite'; file: string }
  | { kind: 'mysql'; /** What mysql2 is given: always `mysql://`. */ url: string; host: string; port: number; database: string; user: string };

export const ACCEPTED_FORMS = [
  'mysql://user:password@host:3306/database',
  'mariadb://user:password@host:3306/database',
  'sqlite:<path> (for example sqlite:data/paydesk.db)',
];

export class DatabaseUrlError extends Error {}

/** The URL with its password replaced, for messages. */
function masked(value: string): string {
  return value.replace(/^([a-z][\w+.-]*:\/\/[^:/@]*:)[^@/]*@/i, '$1***@');
}

function refuse(value: string, why: string): never {
  throw new DatabaseUrlError(
    `DATABASE_URL "${masked(value)}" ${why}. Use one of:\n${ACCEPTED_FORMS.map((form) => `  ${form}`).join('\n')}\n` +
    'or leave it unset for SQLite in the data folder.',
  );
}

export function parseDatabaseUrl(value: string | undefined, dataDir: string): DatabaseTarget {
  if (!value) return { kind: 'sqlite', file: path.join(dataDir, 'paydesk.db') };
  const scheme = /^([a-z][\w+.-]*):/i.exec(value)?.[1]?.toLowerCase();
  if (scheme === 'sqlite') {
    const rest = value.slice('sqlite:'.length);
    if (rest === ':memory:') return { kind: 'sqlite', file: ':memory:' };
    if (!rest.trim()) refuse(value, 'names no file');
    return { kind: 'sqlite', file: path.resolve(rest) };
  }
  if (scheme !== 'mysql' && scheme !== 'mariadb') refuse(value, 'is not a database Paydesk can use');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    refuse(value, 'is not a valid URL');
  }
  if (!url.hostname) refuse(value, 'names no host');
  const database = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (!database || database.includes('/')) refuse(value, 'names no database (the path after the host, as in /paydesk)');
  return {
    kind: 'mysql',
    url: `mysql:${value.slice(scheme.length + 1)}`,
    host: url.hostname,
    port: Number(url.port || 3306),
    database,
    user: decodeURIComponent(url.username),
  };
}

/** One line for people: which database and where, never the password. */
export function describeDatabase(target: DatabaseTarget): string {
  if (target.kind === 'sqlite') return `SQLite, ${target.file === ':memory:' ? 'in memory' : target.file}`;
  return `MySQL/MariaDB, database "${target.database}" on ${target.host}:${target.port}${target.user ? ` as ${target.user}` : ''}`;
}
