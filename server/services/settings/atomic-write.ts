/**
 * Whole-file writes that a crash cannot tear: the new text goes to a temporary
 * file in the same folder (same filesystem, so the final step is atomic), is
 * flushed to disk, then renamed over the target (or hard-linked to it when the
 * target must not exist yet). A reader sees the old file or the new one, never
 * half of either. A crash can only leave a stray temporary file behind, which
 * `removeStaleTemps` sweeps at start.
 */
import { randomBytes } from 'node:crypto';
import { link, open, readdir, rename, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

const TEMP_SUFFIX = '.tmp';

export type Rename = (from: string, to: string) => Promise<void>;

/** Replaces `target`. `swap` is the final rename; tests replace it to simulate a crash at the worst moment. */
export async function writeFileAtomic(target: string, text: string, swap: Rename = rename): Promise<void> {
  const temp = await writeTemp(target, text);
  try {
    await swap(temp, target);
  } catch (error) {
    await unlink(temp).catch(() => {});
    throw error;
  }
  await syncDirectory(dirname(target));
}

/**
 * Creates `target` only if it does not exist (a hard link never replaces a
 * file), so two instances starting together agree on one file. Returns
 * whether this call created it.
 */
export async function createFileAtomic(target: string, text: string): Promise<boolean> {
  const temp = await writeTemp(target, text);
  try {
    await link(temp, target);
    await syncDirectory(dirname(target));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    await unlink(temp).catch(() => {});
  }
}

async function writeTemp(target: string, text: string): Promise<string> {
  const temp = join(dirname(target), `.${basename(target)}.${process.pid}.${randomBytes(6).toString('hex')}${TEMP_SUFFIX}`);
  const handle = await open(temp, 'wx', 0o600);
  try {
    await handle.writeFile(text, 'utf8');
    await handle.sync();
  } catch (error) {
    await unlink(temp).catch(() => {});
    throw error;
  } finally {
    await handle.close();
  }
  return temp;
}

/** Makes the rename itself durable; some platforms cannot open a folder, which is fine there. */
async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r').catch(() => null);
  if (!handle) return;
  try {
    await handle.sync();
  } catch {
    // Folders cannot be fsynced on every filesystem; the rename is still atomic.
  } finally {
    await handle.close();
  }
}

/**
 * Temporary files left by a process that died mid-write. Only old ones: another
 * instance sharing the folder may be writing one right now.
 */
export async function removeStaleTemps(dir: string, olderThanMs = 60_000): Promise<void> {
  for (const name of await readdir(dir)) {
    if (!name.startsWith('.') || !name.endsWith(TEMP_SUFFIX)) continue;
    const path = join(dir, name);
    const info = await stat(path).catch(() => null);
    if (info && Date.now() - info.mtimeMs >= olderThanMs) await unlink(path).catch(() => {});
  }
}
