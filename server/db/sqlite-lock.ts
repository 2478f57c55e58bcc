/**
 * One server process per SQLite database. Two processes on one file do not
 * fail at once: they race, and some writes are refused with a conflict (6 of
 * 1,000 in a test). So the server takes a lock file beside the database
 * (`paydesk.db.lock` in DATA_DIR by default) holding its process id and host,
 * and a second process is refused with a message pointing to MySQL/MariaDB.
 * A lock left by a process that no longer runs on this host (a crash, kill -9)
 * is taken over. Scripts (backup, seed) do not take it.
 */
import fs from 'node:fs';
import os from 'node:os';

export class SqliteInUseError extends Error {
  constructor(readonly file: string, readonly lockFile: string, readonly pid: number, readonly host: string) {
    super(`${file} is in use by process ${pid} on ${host} (${lockFile})`);
  }
}

interface Holder {
  pid: number;
  host: string;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(lockFile: string): Holder | null {
  try {
    const holder = JSON.parse(fs.readFileSync(lockFile, 'utf8')) as Holder;
    return Number.isInteger(holder.pid) ? holder : null;
  } catch {
    return null;
  }
}

/** Takes the lock of `file` for this process; returns its release. Throws SqliteInUseError when another live process holds it. */
export function lockSqlite(file: string): () => void {
  const lockFile = `${file}.lock`;
  const me: Holder = { pid: process.pid, host: os.hostname() };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(lockFile, JSON.stringify(me), { flag: 'wx' });
      return () => {
        // Only our own: a process that took over a lock it judged stale keeps its file.
        if (readHolder(lockFile)?.pid === me.pid) fs.rmSync(lockFile, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readHolder(lockFile);
    // This process already holds it (tests build several apps on one file in one process).
    if (holder?.pid === me.pid && holder.host === me.host) return () => {};
    if (holder && (holder.host !== me.host || alive(holder.pid))) throw new SqliteInUseError(file, lockFile, holder.pid, holder.host);
    // Stale (its process is gone) or unreadable (a half-written file of a crash): taken over.
    fs.rmSync(lockFile, { force: true });
  }
  throw new Error(`could not take the lock ${lockFile}`);
}
