/**
 * File store: one file per key under `<path>/<prefix>/`, so entries survive a
 * restart on one machine without any other service. Names are the SHA-256 of
 * the key (any key is a safe name) spread over 256 subfolders. A write goes to
 * a temporary file renamed over the entry, so a reader never sees half a
 * value; `add` and `incr` read-modify-write under a per-key lock file, so they
 * stay atomic between the processes of one machine. Expired entries are
 * removed when read and by `clear()`.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Store } from './cache';
import { counter } from './ram';

interface Entry {
  /** Epoch milliseconds, 0 for never. */
  expires: number;
  text: string;
}

/** A lock older than this belongs to a process that died holding it. */
const STALE_LOCK_MS = 10_000;

export function fileStore(dir: string, now: () => number = Date.now): Store {
  const pathOf = (key: string) => {
    const hash = createHash('sha256').update(key).digest('hex');
    return join(dir, hash.slice(0, 2), `${hash}.json`);
  };
  const expiresAt = (seconds: number) => (seconds > 0 ? now() + seconds * 1000 : 0);

  async function read(path: string): Promise<Entry | undefined> {
    const raw = await readFile(path, 'utf8').catch(() => undefined);
    if (raw === undefined) return undefined;
    let entry: Entry;
    try {
      entry = JSON.parse(raw) as Entry;
    } catch {
      return undefined; // not ours (or from an older format): treat as absent, the next write replaces it
    }
    if (entry.expires !== 0 && entry.expires <= now()) {
      await unlink(path).catch(() => {});
      return undefined;
    }
    return entry;
  }

  async function write(path: string, entry: Entry): Promise<void> {
    const temp = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await writeFile(temp, JSON.stringify(entry));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      await mkdir(dirname(path), { recursive: true });
      await writeFile(temp, JSON.stringify(entry));
    }
    await rename(temp, path);
  }

  async function locked<T>(path: string, task: () => Promise<T>): Promise<T> {
    const lock = `${path}.lock`;
    await mkdir(dirname(path), { recursive: true });
    for (;;) {
      const handle = await open(lock, 'wx').catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'EEXIST') throw error;
        return undefined;
      });
      if (handle) {
        await handle.close();
        break;
      }
      const held = await stat(lock).catch(() => undefined);
      if (held && Date.now() - held.mtimeMs > STALE_LOCK_MS) await unlink(lock).catch(() => {});
      else await sleep(2 + Math.random() * 5);
    }
    try {
      return await task();
    } finally {
      await unlink(lock).catch(() => {});
    }
  }

  return {
    get: async (key) => (await read(pathOf(key)))?.text,
    set: (key, text, seconds) => write(pathOf(key), { expires: expiresAt(seconds), text }),
    add(key, text, seconds) {
      const path = pathOf(key);
      return locked(path, async () => {
        if (await read(path)) return false;
        await write(path, { expires: expiresAt(seconds), text });
        return true;
      });
    },
    incr(key, seconds) {
      const path = pathOf(key);
      return locked(path, async () => {
        const current = await read(path);
        const next = current ? counter(current.text) + 1 : 1;
        await write(path, { expires: current ? current.expires : expiresAt(seconds), text: String(next) });
        return next;
      });
    },
    del: (key) => unlink(pathOf(key)).catch(() => {}),
    clear: () => rm(dir, { recursive: true, force: true }),
    close: async () => {},
  };
}
