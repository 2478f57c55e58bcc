/**
 * What a Paydesk backup is: a tar.gz whose entries are the database
 * (`database/paydesk.db`), the settings folder (`config/…`) and the local
 * uploads (`uploads/…`), and last a manifest listing each of them with its
 * size and SHA-256, so a restore can prove the archive whole before it
 * writes a byte.
 */
import { parseSettings } from '../../server/services/settings/values';
import { localStorageRoot } from '../../server/services/storage/local';
import type { Written } from './tar';

export const MANIFEST = 'paydesk-backup.json';
export const FORMAT = 'paydesk-backup';
export const VERSION = 1;
export const DATABASE_ENTRY = 'database/paydesk.db';
export const CONFIG_PREFIX = 'config/';
export const UPLOADS_PREFIX = 'uploads/';

export type DatabaseInfo =
  | { dialect: 'sqlite'; size: number; tables: Record<string, number>; tableCount: number }
  | { dialect: 'mysql' };

export interface Manifest {
  format: typeof FORMAT;
  version: number;
  createdAt: string;
  database: DatabaseInfo;
  /** The storage driver in use when the backup was made (uploads elsewhere than `local` are not in it). */
  storage: string;
  files: Written[];
}

/** Something the operator must fix or decide: printed as it is, without a stack trace, and the command exits 1. */
export class Refusal extends Error {}

/** Tables worth a count in the report, with the words an operator uses for them. */
export const COUNTED: Array<[table: string, one: string, many: string]> = [
  ['receive_money', 'order', 'orders'],
  ['order_events', 'order event', 'order events'],
  ['pay_notifications', 'payment notification', 'payment notifications'],
  ['callbacks', 'callback', 'callbacks'],
  ['refunds', 'refund', 'refunds'],
  ['users', 'user', 'users'],
  ['api_keys', 'API key', 'API keys'],
  ['logs', 'log row', 'log rows'],
];

/** Where the local uploads live for the settings in `storage.toml` (its text, or none for the defaults). */
export function uploadsRoot(storageToml: string | undefined, dataDir: string): { root: string; driver: string } {
  const storage = parseSettings('storage', storageToml ?? '') as { default: { type: string }; local: { path: string } };
  return { root: localStorageRoot(storage.local, dataDir), driver: storage.default.type };
}

export function bytes(size: number): string {
  if (size < 1024) return `${size} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = size / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

export function describeDatabase(info: DatabaseInfo): string {
  if (info.dialect !== 'sqlite') return 'not in this archive (MySQL/MariaDB)';
  const counts = COUNTED.filter(([table]) => table in info.tables)
    .map(([table, one, many]) => `${info.tables[table]!.toLocaleString('en-US')} ${info.tables[table] === 1 ? one : many}`);
  const tables = `${info.tableCount} table${info.tableCount === 1 ? '' : 's'} in all`;
  return `SQLite, ${bytes(info.size)}: ${counts.length ? `${counts.join(', ')}; ${tables}` : tables}`;
}

export function describeFiles(files: Written[], prefix: string): string {
  const mine = files.filter((f) => f.name.startsWith(prefix));
  const total = mine.reduce((sum, f) => sum + f.size, 0);
  return `${mine.length} file${mine.length === 1 ? '' : 's'}, ${bytes(total)}`;
}

export const MYSQLDUMP_HINT =
  'The database is on MySQL/MariaDB (DATABASE_URL), so it is not in this archive: back it up with\n' +
  '  mysqldump --single-transaction --hex-blob --default-character-set=utf8mb4 -h HOST -u USER -p DATABASE > paydesk.sql\n' +
  '(README, "Backup and restore"). This archive holds the settings and the local uploads.';
