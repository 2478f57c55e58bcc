import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname, isAbsolute, relative, resolve } from 'node:path';
import type { Storage } from './index';

/** The site path under which `storageStatic` serves the local folder. */
export const LOCAL_PUBLIC_PREFIX = '/storage/';

export interface LocalStorageOptions {
  /** Folder of the files; relative paths are taken from the data directory. */
  path: string;
  /** Origin (e.g. a CDN) in front of this site; blank keeps site-relative paths. */
  domain?: string;
}

export function localStorageRoot(options: LocalStorageOptions, dataDir: string): string {
  return resolve(dataDir, options.path || 'storage');
}

export function createLocalStorage(options: LocalStorageOptions, dataDir: string): Storage {
  const root = localStorageRoot(options, dataDir);
  const origin = (options.domain ?? '').replace(/\/+$/, '');
  return {
    async put(key, bytes) {
      const file = resolve(root, key);
      const inside = relative(root, file);
      if (!inside || inside.startsWith('..') || isAbsolute(inside)) throw new Error(`storage key escapes the root: ${key}`);
      await mkdir(dirname(file), { recursive: true });
      // Write beside the target and rename: a reader never sees half a file.
      const partial = `${file}.${process.pid}.partial`;
      await writeFile(partial, bytes, { flag: 'wx' });
      await rename(partial, file);
      return { path: origin + LOCAL_PUBLIC_PREFIX + inside.split(/[\\/]/).join('/') };
    },
  };
}

