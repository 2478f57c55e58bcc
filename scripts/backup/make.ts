/**
 * Makes a backup of an install: the SQLite database copied with SQLite's
 * online backup API (through better-sqlite3) while the server keeps
 * writing, the settings folder, and the local uploads, into one tar.gz that
 * appears under its name only once it is complete.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { sqliteFile } from '../../server/db/connect';
import type { Places } from '../../server/places';
import {
  COUNTED, CONFIG_PREFIX, DATABASE_ENTRY, FORMAT, MANIFEST, Refusal, UPLOADS_PREFIX, VERSION, uploadsRoot,
  type DatabaseInfo, type Manifest,
} from './manifest';
import { TarWriter, type Written } from './tar';

export interface BackupReport {
  file: string;
  size: number;
  manifest: Manifest;
  /** Where each part came from. */
  from: { database: string | null; config: string; uploads: string };
  /** Uploads that vanished between being listed and being read. */
  vanished: string[];
}

/** Every regular file under `dir`, as paths relative to it, except what `skip` names; none when `dir` is absent. */
export function listFiles(dir: string, skip: (name: string) => boolean = () => false): string[] {
  const found: string[] = [];
  const visit = (relative: string) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(path.join(dir, relative), { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const name = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) visit(name);
      else if (entry.isFile() && !skip(entry.name)) found.push(name);
    }
  };
  visit('');
  return found;
}

// The server's own half-written files: a settings file being replaced, an upload being stored.
const settingsTemp = (name: string) => name.startsWith('.') && name.endsWith('.tmp');
const uploadTemp = (name: string) => name.endsWith('.partial');

const inside = (dir: string, file: string) => {
  const rel = path.relative(dir, file);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
};

/**
 * A consistent copy of the live database. The first step only opens the
 * backup; the second copies every page at once, under one read lock, so the
 * copy is the database as it was at one moment (WAL lets the server keep
 * writing meanwhile). A write between the steps makes SQLite start over,
 * which is still one step.
 */
async function copyDatabase(source: string, into: string): Promise<DatabaseInfo> {
  let live: Database.Database;
  try {
    live = new Database(source, { fileMustExist: true });
  } catch (error) {
    throw new Refusal(`cannot open the database ${source}: ${(error as Error).message}`);
  }
  try {
    live.pragma('busy_timeout = 5000');
    await live.backup(into, { progress: () => 0x7fffffff });
  } finally {
    live.close();
  }
  const copy = new Database(into);
  try {
    const check = copy.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new Refusal(`the database ${source} failed SQLite's check (${String(check)}); not backed up`);
    // One self-contained file in the archive, not a database that expects its WAL beside it.
    copy.pragma('journal_mode = DELETE');
    const names = (copy.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`).all() as Array<{ name: string }>).map((t) => t.name);
    const tables: Record<string, number> = {};
    for (const [table] of COUNTED) {
      if (names.includes(table)) tables[table] = (copy.prepare(`SELECT COUNT(*) AS n FROM "${table}"`).get() as { n: number }).n;
    }
    return { dialect: 'sqlite', size: 0, tables, tableCount: names.length };
  } finally {
    copy.close();
  }
}

/** `signal`: Ctrl-C; the backup stops at the next file and leaves no partial archive behind. */
export async function makeBackup(places: Places, file: string, signal?: AbortSignal): Promise<BackupReport> {
  const stopIfAsked = () => {
    if (signal?.aborted) throw new Refusal('interrupted: no archive was written');
  };
  const { dataDir, configDir, databaseUrl } = places;
  if (fs.existsSync(file)) throw new Refusal(`${file} already exists: name a new file, so that no backup is overwritten`);
  if (!fs.statSync(path.dirname(file), { throwIfNoEntry: false })?.isDirectory()) throw new Refusal(`the folder ${path.dirname(file)} does not exist`);
  if (!fs.statSync(configDir, { throwIfNoEntry: false })?.isDirectory()) {
    throw new Refusal(`CONFIG_DIR (${configDir}) does not exist: set DATA_DIR, CONFIG_DIR and DATABASE_URL as for npm start`);
  }
  const databaseFile = sqliteFile(databaseUrl, dataDir);
  if (databaseFile === ':memory:') throw new Refusal('DATABASE_URL names an in-memory database: there is nothing on disk to back up');
  if (databaseFile && !fs.existsSync(databaseFile)) {
    throw new Refusal(`there is no database at ${databaseFile}: set DATA_DIR (or DATABASE_URL) as for npm start, which creates it on first start`);
  }
  const storageToml = fs.existsSync(path.join(configDir, 'storage.toml')) ? fs.readFileSync(path.join(configDir, 'storage.toml'), 'utf8') : undefined;
  let uploads: ReturnType<typeof uploadsRoot>;
  try {
    uploads = uploadsRoot(storageToml, dataDir);
  } catch (error) {
    throw new Refusal(`cannot tell where the uploads are: ${(error as Error).message}`);
  }
  for (const dir of [configDir, uploads.root]) {
    if (inside(dir, file)) throw new Refusal(`${file} is inside ${dir}, which the backup copies: write it somewhere else`);
  }

  const partial = `${file}.partial`;
  if (fs.existsSync(partial)) throw new Refusal(`${partial} exists: another backup to this name is running, or one was interrupted (then remove it)`);
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'paydesk-backup-'));
  let tar: TarWriter | undefined;
  try {
    let database: DatabaseInfo = { dialect: 'mysql' };
    const copy = path.join(scratch, 'paydesk.db');
    if (databaseFile) database = await copyDatabase(databaseFile, copy);
    tar = new TarWriter(partial);
    const files: Written[] = [];
    if (database.dialect === 'sqlite') {
      const written = (await tar.addFile(DATABASE_ENTRY, copy))!;
      files.push(written);
      database.size = written.size;
    }
    for (const name of listFiles(configDir, settingsTemp)) {
      stopIfAsked();
      const written = await tar.addFile(CONFIG_PREFIX + name, path.join(configDir, name));
      if (written) files.push(written);
    }
    const vanished: string[] = [];
    for (const name of listFiles(uploads.root, uploadTemp)) {
      stopIfAsked();
      const written = await tar.addFile(UPLOADS_PREFIX + name, path.join(uploads.root, name));
      if (written) files.push(written);
      else vanished.push(name);
    }
    stopIfAsked();
    const manifest: Manifest = { format: FORMAT, version: VERSION, createdAt: new Date().toISOString(), database, storage: uploads.driver, files };
    await tar.addBuffer(MANIFEST, Buffer.from(JSON.stringify(manifest, null, 2)));
    await tar.close();
    fs.renameSync(partial, file);
    return {
      file, size: fs.statSync(file).size, manifest, vanished,
      from: { database: databaseFile, config: configDir, uploads: uploads.root },
    };
  } catch (error) {
    await tar?.abort();
    fs.rmSync(partial, { force: true });
    throw error;
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}
