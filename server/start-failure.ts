/**
 * A start that fails says so in one line, in the install's language, naming
 * the cause and the fix with the real values (the address, DATABASE_URL
 * without its password, the folder and the user the process runs as, the
 * settings file and key). A deployer reads the line, not a driver's stack;
 * the stack is printed too with DEBUG=1 or LOG=debug (server/main.ts).
 */
import path from 'node:path';
import type { Lang } from '../schema/i18n';
import { SqliteInUseError } from './db/sqlite-lock';
import type { DatabaseTarget } from './db/url';
import { t } from './i18n';
import { processUser } from './places';
import { SettingsFileError } from './services/settings/values';

/** `npm run serve` with no built front end: refused, as `npm start` refuses when it cannot build one. */
export class FrontEndMissingError extends Error {
  constructor(readonly dir: string) {
    super(`no index.html in ${dir}`);
  }
}

export interface StartContext {
  lang: Lang;
  database: DatabaseTarget;
  /** DATABASE_URL as given (its password is masked before it is shown). */
  databaseUrl: string | undefined;
  dataDir: string;
  configDir: string;
  host: string;
  port: number;
}

type Coded = Error & { code?: string; errno?: number; syscall?: string; path?: string; address?: string; port?: number; errors?: unknown[] };

const UNREACHABLE = new Set(['ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNRESET', 'EHOSTDOWN', 'EPIPE']);
const NOT_WRITABLE = new Set(['EACCES', 'EPERM', 'EROFS', 'ENOTDIR', 'ENOENT']);

/** The error and everything it wraps (`cause`, an AggregateError's first), outermost first. */
function chain(error: unknown): Coded[] {
  const out: Coded[] = [];
  for (let e = error as Coded | undefined; e && typeof e === 'object' && out.length < 6;) {
    out.push(e);
    e = (e.cause ?? e.errors?.[0]) as Coded | undefined;
  }
  return out;
}

const maskedUrl = (url: string | undefined) => (url ?? '').replace(/^([a-z][\w+.-]*:\/\/[^:/@]*:)[^@/]*@/i, '$1***@');
const within = (file: string, dir: string) => file === dir || file.startsWith(dir + path.sep);

export function explainStartFailure(error: unknown, c: StartContext): string {
  const say = (key: string, params: Record<string, unknown> = {}) => t(c.lang, `startup.${key}`, params);
  const all = chain(error);
  const codeOf = (...codes: string[]) => all.find((e) => e.code && codes.includes(e.code));
  const user = processUser();

  const found = all.find((e) => e instanceof SettingsFileError || e instanceof FrontEndMissingError || e instanceof SqliteInUseError);
  if (found instanceof SettingsFileError) {
    const { problem } = found;
    if (problem.kind === 'syntax') return say('settings_syntax', { path: found.path, line: problem.line, column: problem.column, text: problem.text });
    if (problem.kind === 'unknown') return say('settings_unknown', { path: found.path, key: problem.key });
    return say('settings_value', { path: found.path, key: problem.key, message: t(c.lang, problem.message, problem.params) });
  }
  if (found instanceof FrontEndMissingError) return say('front_end_missing', { dir: found.dir });
  if (found instanceof SqliteInUseError) return say('sqlite_in_use', { file: found.file, pid: found.pid, lock: found.lockFile });

  const listen = all.find((e) => e.syscall === 'listen');
  if (listen) {
    const address = `${c.host}:${c.port}`;
    if (listen.code === 'EADDRINUSE') return say('port_in_use', { address });
    if (listen.code === 'EACCES') return say('port_denied', { address, user, port: c.port });
    if (listen.code === 'EADDRNOTAVAIL') return say('address_unavailable', { host: c.host });
  }

  const db = c.database;
  if (db.kind === 'mysql') {
    const where = { host: db.host, port: db.port, url: maskedUrl(c.databaseUrl), user: db.user, database: db.database };
    if (codeOf('ER_ACCESS_DENIED_ERROR', 'ER_DBACCESS_DENIED_ERROR', 'ER_ACCESS_DENIED_NO_PASSWORD_ERROR')) return say('db_denied', where);
    if (codeOf('ER_BAD_DB_ERROR')) return say('db_missing', where);
    if (codeOf('ECONNREFUSED')) return say('db_refused', where);
    const away = all.find((e) => e.code && UNREACHABLE.has(e.code));
    if (away) return say('db_unreachable', { ...where, code: away.code });
  }

  // A folder or file this user may not write: the settings folder, the data folder, the SQLite file.
  const sqliteFile = db.kind === 'sqlite' && db.file !== ':memory:' ? db.file : undefined;
  const denied = all.find((e) => (e.code && NOT_WRITABLE.has(e.code) && e.path) || /^SQLITE_(CANTOPEN|READONLY|PERM|AUTH)/.test(e.code ?? ''));
  if (denied) {
    const at = denied.path ? path.resolve(denied.path) : sqliteFile;
    if (at && within(at, c.configDir)) return say('dir_unwritable', { what: say('config_dir'), path: c.configDir, dir: c.configDir, user, variable: 'CONFIG_DIR' });
    if (at && within(at, c.dataDir)) return say('dir_unwritable', { what: say('data_dir'), path: c.dataDir, dir: c.dataDir, user, variable: 'DATA_DIR' });
    if (at && at === sqliteFile) return say('dir_unwritable', { what: say('sqlite_file'), path: at, dir: path.dirname(at), user, variable: 'DATABASE_URL' });
  }

  const first = all[0];
  const message = first instanceof Error ? first.message.split('\n')[0] : String(error);
  return say('other', { message: message.replace(/[.。]$/, '') });
}
