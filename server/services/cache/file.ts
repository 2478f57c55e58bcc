/**
 * File store: one file per key under `<path>/<prefix>/`, so entries survive a
 * restart on one machine without any other service. Names are the SHA-256 of
 * the key (any key is a safe name) spread over 256 subfolders. A write goes to
 * a temporary file renamed into place, so a reader never sees half a value; `add` and `incr` read-modify-write under a per-key lock file, so they
 * stay atomic between the processes of one machine. Expired entries are
 * removed when read and by `clear()`.
 *
 * Reads are served from a process-local copy of each file while the file is
 * the same one: a write never changes a file in place but puts a new one in
 * its place, so a `stat` that shows the same inode, size and modification time
 * proves the copy current, whichever process wrote last. A hit costs one
 * `stat` system call instead of an open, a read and a JSON parse (and the
 * requests of one event-loop turn share it), and an invalidation by another
 * process on this host is seen from the next turn on.
 */
import { createHash, randomBytes } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync, type Stats } from 'node:fs';
import { rm, stat, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { LRUCache } from 'lru-cache';
import type { Store } from './cache';
import { counter } from './ram';

interface Entry {
  /** Epoch milliseconds, 0 for never. */
  expires: number;
  text: string;
}

/** A lock older than this belongs to a process that died holding it. */
const STALE_LOCK_MS = 10_000;

/** A file as last read: valid while the file on disk has the same identity. */
interface Copy {
  ino: number;
  size: number;
  mtimeMs: number;
  entry: Entry;
}

// What a stat found, kept until the event loop turns: the requests of one turn (a list read, its count and its
// ETag check the same tag file, and a busy server answers many requests a turn) share one stat per file. A write
// by another process shows from the next turn on; a write by any store of this process drops its path at once
// (so the memo is the process's, not one store's: two stores on one folder never disagree).
const statsThisTurn = new Map<string, Stats | undefined>();
let clearing = false;
function statOf(path: string, fresh: boolean): Stats | undefined {
  if (!fresh && statsThisTurn.has(path)) return statsThisTurn.get(path);
  // Synchronous on purpose: a stat is one system call, cheaper than the thread-pool round trip of an async one.
  const seen = statSync(path, { throwIfNoEntry: false });
  statsThisTurn.set(path, seen);
  if (!clearing) {
    clearing = true;
    setImmediate(() => {
      statsThisTurn.clear();
      clearing = false;
    });
  }
  return seen;
}

export function fileStore(dir: string, now: () => number = Date.now): Store {
  // A key's path is a hash: worked out once per key, since the same few keys (tag versions, lists) are read on every request.
  const paths = new LRUCache<string, string>({ max: 20_000 });
  const pathOf = (key: string) => {
    let path = paths.get(key);
    if (path === undefined) {
      const hash = createHash('sha256').update(key).digest('hex');
      path = join(dir, hash.slice(0, 2), `${hash}.json`);
      paths.set(key, path);
    }
    return path;
  };
  const expiresAt = (seconds: number) => (seconds > 0 ? now() + seconds * 1000 : 0);
  const copies = new LRUCache<string, Copy>({ max: 20_000, maxSize: 64 * 1024 * 1024, sizeCalculation: (c) => c.entry.text.length + 200 });

  /** An entry as of this turn; `fresh` (under a key's lock) looks at the file itself. */
  async function read(path: string, fresh = false): Promise<Entry | undefined> {
    const seen = statOf(path, fresh);
    if (!seen) {
      copies.delete(path);
      return undefined;
    }
    const copy = copies.get(path);
    let entry: Entry;
    if (copy && copy.ino === seen.ino && copy.size === seen.size && copy.mtimeMs === seen.mtimeMs) {
      entry = copy.entry;
    } else {
      let raw: string;
      try {
        raw = readFileSync(path, 'utf8');
      } catch {
        return undefined; // gone since the stat
      }
      try {
        entry = JSON.parse(raw) as Entry;
      } catch {
        return undefined; // not ours (or from an older format): treat as absent, the next write replaces it
      }
      // Kept with the identity seen before reading: if the file changed since, the next stat differs and reads again.
      copies.set(path, { ino: seen.ino, size: seen.size, mtimeMs: seen.mtimeMs, entry });
    }
    if (entry.expires !== 0 && entry.expires <= now()) {
      copies.delete(path);
      await unlink(path).catch(() => {});
      return undefined;
    }
    return entry;
  }

  async function write(path: string, entry: Entry): Promise<void> {
    copies.delete(path);
    const temp = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
    const text = JSON.stringify(entry);
    // Written on this thread as a new file: a few system calls, cheaper than the thread pool's round trips. An
    // entry being replaced (a remembered list under a table's new version, many times a second on a busy site)
    // is unlinked first rather than renamed over, since ext4 makes a rename over a file wait for the new data to
    // reach the disk (auto_da_alloc). Another process may find no entry in between, a miss; never half a value.
    if (existsSync(path)) {
      try {
        unlinkSync(path);
      } catch {}
    }
    try {
      writeFileSync(temp, text);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(temp, text);
    }
    renameSync(temp, path);
    statsThisTurn.delete(path);
  }

  async function locked<T>(path: string, task: () => Promise<T>): Promise<T> {
    const lock = `${path}.lock`;
    // Taking and dropping the lock file are metadata calls with no data to flush: done on this thread.
    for (;;) {
      try {
        closeSync(openSync(lock, 'wx'));
        break;
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOENT') {
          mkdirSync(dirname(path), { recursive: true });
          continue;
        }
        if (code !== 'EEXIST') throw error;
      }
      const held = await stat(lock).catch(() => undefined);
      if (held && Date.now() - held.mtimeMs > STALE_LOCK_MS) await unlink(lock).catch(() => {});
      else await sleep(2 + Math.random() * 5);
    }
    try {
      return await task();
    } finally {
      try {
        unlinkSync(lock);
      } catch {}
    }
  }

  return {
    get: async (key) => (await read(pathOf(key)))?.text,
    set: (key, text, seconds) => write(pathOf(key), { expires: expiresAt(seconds), text }),
    add(key, text, seconds) {
      const path = pathOf(key);
      return locked(path, async () => {
        if (await read(path, true)) return false;
        await write(path, { expires: expiresAt(seconds), text });
        return true;
      });
    },
    incr(key, seconds) {
      const path = pathOf(key);
      return locked(path, async () => {
        const current = await read(path, true);
        const next = current ? counter(current.text) + 1 : 1;
        await write(path, { expires: current ? current.expires : expiresAt(seconds), text: String(next) });
        return next;
      });
    },
    async del(key) {
      const path = pathOf(key);
      copies.delete(path);
      // Often already gone (a tag dropped twice before anyone read it): looked at first, since a failed unlink
      // costs an error object; both are metadata calls, done on this thread.
      if (existsSync(path)) {
        try {
          unlinkSync(path);
        } catch {}
      }
      statsThisTurn.delete(path);
    },
    async clear() {
      copies.clear();
      await rm(dir, { recursive: true, force: true });
      statsThisTurn.clear();
    },
    close: async () => void copies.clear(),
  };
}
