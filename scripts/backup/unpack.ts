/**
 * Restores a backup into the folders an install names, in two passes over
 * the archive. The first proves it whole (a Paydesk manifest, every entry
 * present with the size and SHA-256 the manifest gives, nothing else) and
 * checks every target empty, writing nothing; only then does the second
 * write the files, checking each again as it lands. If the second pass fails
 * anyway (a full disk), what it wrote is removed: a restore leaves all or
 * nothing.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createGunzip } from 'node:zlib';
import { sqliteFile } from '../../server/db/connect';
import type { Places } from '../../server/places';
import { CONFIG_PREFIX, DATABASE_ENTRY, FORMAT, MANIFEST, Refusal, UPLOADS_PREFIX, VERSION, uploadsRoot, type Manifest } from './manifest';
import { TarError, TarReader, type TarVisitor } from './tar';

export interface RestoreReport {
  manifest: Manifest;
  to: { database: string | null; config: string; uploads: string };
}

/** Entries whose text the first pass keeps: the manifest, and the storage settings that say where uploads go. */
const KEPT = new Set([MANIFEST, `${CONFIG_PREFIX}storage.toml`]);
const MAX_KEPT = 16 * 1024 * 1024;

async function readArchive(file: string, visitor: TarVisitor): Promise<void> {
  const reader = new TarReader(visitor);
  try {
    for await (const chunk of fs.createReadStream(file).pipe(createGunzip()) as AsyncIterable<Buffer>) reader.push(chunk);
    reader.finish();
  } catch (error) {
    if (error instanceof Refusal) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new Refusal(`${file} does not exist`);
    if (code === 'EISDIR') throw new Refusal(`${file} is a folder, not a backup archive`);
    if (code === 'Z_BUF_ERROR') throw new Refusal(`${file} is cut short (it ends before its last byte): copy the whole backup again`);
    if (code === 'Z_DATA_ERROR') throw new Refusal(`${file} is not a Paydesk backup (it is not a gzip archive, or it is damaged): ${(error as Error).message}`);
    if (error instanceof TarError) throw new Refusal(`${file} is not a Paydesk backup, or it is damaged: ${error.message}`);
    throw error;
  }
}

/** A name of ours, not one that climbs out of the folder it is restored into. */
function safeName(name: string): boolean {
  if (name === MANIFEST || name === DATABASE_ENTRY) return true;
  if (!name.startsWith(CONFIG_PREFIX) && !name.startsWith(UPLOADS_PREFIX)) return false;
  return !name.includes('\\') && !name.includes('\0') && name.split('/').slice(1).every((part) => part !== '' && part !== '.' && part !== '..');
}

/** The first pass: the manifest of an archive proven whole, and the texts it kept. */
async function verify(file: string, signal?: AbortSignal): Promise<{ manifest: Manifest; kept: Map<string, string> }> {
  const seen = new Map<string, { size: number; sha256: string }>();
  const kept = new Map<string, string>();
  let current: { name: string; size: number; hash: ReturnType<typeof createHash>; chunks: Buffer[] | null } | null = null;
  await readArchive(file, {
    entry({ name, size }) {
      if (!safeName(name)) throw new Refusal(`${file} is not a Paydesk backup: it holds "${name}"`);
      if (seen.has(name)) throw new Refusal(`${file} is not a Paydesk backup: it holds "${name}" twice`);
      current = { name, size, hash: createHash('sha256'), chunks: KEPT.has(name) && size <= MAX_KEPT ? [] : null };
    },
    data(chunk) {
      if (signal?.aborted) throw new Refusal('interrupted while checking the archive; nothing was written');
      current!.hash.update(chunk);
      current!.chunks?.push(Buffer.from(chunk));
    },
    end() {
      const { name, size, hash, chunks } = current!;
      seen.set(name, { size, sha256: hash.digest('hex') });
      if (chunks) kept.set(name, Buffer.concat(chunks).toString('utf8'));
      current = null;
    },
  });
  const text = kept.get(MANIFEST);
  if (text === undefined) throw new Refusal(`${file} is not a Paydesk backup: it has no ${MANIFEST}`);
  let manifest: Manifest;
  try {
    manifest = JSON.parse(text) as Manifest;
  } catch {
    throw new Refusal(`${file} is damaged: its ${MANIFEST} is not JSON`);
  }
  if (manifest?.format !== FORMAT || !Array.isArray(manifest.files)) throw new Refusal(`${file} is not a Paydesk backup: its ${MANIFEST} is of another kind`);
  if (manifest.version > VERSION) throw new Refusal(`${file} was made by a newer Paydesk (backup format ${manifest.version}): restore it with that version`);
  const listed = new Set(manifest.files.map((f) => f.name));
  for (const f of manifest.files) {
    const found = seen.get(f.name);
    if (!found) throw new Refusal(`${file} is damaged: ${f.name} is missing from it`);
    if (found.size !== f.size || found.sha256 !== f.sha256) throw new Refusal(`${file} is damaged: ${f.name} is not what was backed up (its checksum differs)`);
  }
  for (const name of seen.keys()) {
    if (name !== MANIFEST && !listed.has(name)) throw new Refusal(`${file} is damaged: it holds ${name}, which its manifest does not list`);
  }
  return { manifest, kept };
}

/** Up to three files found under `dir` (not folders: empty folders count as empty). */
function filesUnder(dir: string): string[] {
  const found: string[] = [];
  const visit = (at: string) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(at, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      if ((error as NodeJS.ErrnoException).code === 'ENOTDIR') return void found.push(at);
      throw error;
    }
    for (const entry of entries) {
      if (found.length >= 3) return;
      if (entry.isDirectory()) visit(path.join(at, entry.name));
      else found.push(path.relative(dir, path.join(at, entry.name)) || entry.name);
    }
  };
  visit(dir);
  return found;
}

function refuseUnlessEmpty(what: string, dir: string): void {
  const found = filesUnder(dir);
  if (found.length === 0) return;
  throw new Refusal(
    `${what} (${dir}) is not empty: it holds ${found.join(', ')}${found.length === 3 ? ' and maybe more' : ''}.\n` +
    'A restore fills only empty folders, so that nothing is overwritten: move them aside, or name new folders with DATA_DIR and CONFIG_DIR.',
  );
}

/** `signal`: Ctrl-C; the restore stops at the next chunk and removes what it wrote. */
export async function restoreBackup(places: Places, file: string, signal?: AbortSignal): Promise<RestoreReport> {
  const { dataDir, configDir, databaseUrl } = places;
  const { manifest, kept } = await verify(file, signal);

  const databaseFile = sqliteFile(databaseUrl, dataDir);
  const hasDatabase = manifest.files.some((f) => f.name === DATABASE_ENTRY);
  if (databaseFile === ':memory:') throw new Refusal('DATABASE_URL names an in-memory database: a restore needs a database on disk');
  if (hasDatabase && !databaseFile) {
    throw new Refusal('this backup holds a SQLite database, but DATABASE_URL names MySQL/MariaDB: unset DATABASE_URL to restore it as SQLite');
  }
  if (!hasDatabase && databaseFile) {
    throw new Refusal(
      'this backup was made on MySQL/MariaDB and holds no database: restore the database with mysql (README, "Backup and restore"), ' +
      'then run the restore again with DATABASE_URL naming it, to put back the settings and uploads',
    );
  }
  const uploads = uploadsRoot(kept.get(`${CONFIG_PREFIX}storage.toml`), dataDir);
  refuseUnlessEmpty('CONFIG_DIR', configDir);
  refuseUnlessEmpty('DATA_DIR', dataDir);
  refuseUnlessEmpty('the uploads folder', uploads.root);
  if (databaseFile) refuseUnlessEmpty('the database file', databaseFile);

  const targetOf = (name: string) => {
    if (name === DATABASE_ENTRY) return databaseFile!;
    if (name.startsWith(CONFIG_PREFIX)) return path.join(configDir, name.slice(CONFIG_PREFIX.length));
    return path.join(uploads.root, name.slice(UPLOADS_PREFIX.length));
  };
  const expected = new Map(manifest.files.map((f) => [f.name, f]));
  const written: string[] = [];
  const madeDirs: string[] = [];
  let open: { fd: number; name: string; hash: ReturnType<typeof createHash> } | null = null;
  try {
    for (const dir of [configDir, dataDir]) {
      const made = fs.mkdirSync(dir, { recursive: true });
      if (made) madeDirs.push(made);
    }
    await readArchive(file, {
      entry({ name }) {
        if (!expected.has(name)) return;
        const target = targetOf(name);
        const made = fs.mkdirSync(path.dirname(target), { recursive: true });
        if (made) madeDirs.push(made);
        open = { fd: fs.openSync(target, 'wx', expected.get(name)!.mode & 0o777 || 0o600), name, hash: createHash('sha256') };
        written.push(target);
      },
      data(chunk) {
        if (signal?.aborted) throw new Refusal('interrupted; what it had written is removed, the folders are as before');
        if (!open) return;
        open.hash.update(chunk);
        fs.writeSync(open.fd, chunk);
      },
      end() {
        if (!open) return;
        const { fd, name, hash } = open;
        open = null;
        fs.fsyncSync(fd);
        fs.closeSync(fd);
        if (hash.digest('hex') !== expected.get(name)!.sha256) throw new Refusal(`${file} changed while it was being restored (${name} differs); nothing was restored`);
      },
    });
  } catch (error) {
    if (open) fs.closeSync((open as { fd: number }).fd);
    for (const target of written) fs.rmSync(target, { force: true });
    for (const dir of madeDirs.reverse()) fs.rmSync(dir, { recursive: true, force: true });
    if (error instanceof Refusal) throw error;
    throw new Refusal(`the restore stopped (${(error as Error).message}); what it had written is removed, the folders are as before`);
  }
  return { manifest, to: { database: databaseFile, config: configDir, uploads: uploads.root } };
}
