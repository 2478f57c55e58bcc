/**
 * Opens the cache that `config/cache.toml` names. To follow the file without a
 * restart, wrap it with `live` (server/services/live.ts):
 * `live(settings, 'cache', (s) => openCache(s, { dataDir }), (old) => old.close())`.
 */
import { resolve } from 'node:path';
import type { SettingsOf } from '../../../schema/settings';
import { cacheOn, type Cache } from './cache';
import { fileStore } from './file';
import { ramStore } from './ram';
import { redisStore } from './redis';

export type { Cache, Store } from './cache';

export interface CacheOptions {
  /** Base of a relative file-cache path (`runtime/cache` -> `<dataDir>/runtime/cache`). */
  dataDir: string;
  log?: (message: string, error?: unknown) => void;
  /** The app's clock (epoch ms), which ram and file lifetimes follow; Redis keeps its own time. */
  clock?: () => number;
}

type CacheSettings = SettingsOf<'cache'>;

export function openCache(settings: CacheSettings, options: CacheOptions): Cache {
  switch (settings.default.type) {
    case 'ram':
      // ram has no section of its own; it keeps entries as long as the file cache would.
      return cacheOn(ramStore(undefined, options.clock), settings.file.expired);
    case 'file': {
      const { path, prefix, expired } = settings.file;
      return cacheOn(fileStore(resolve(options.dataDir, path, prefix), options.clock), expired);
    }
    case 'redis': {
      const { expired, ...connection } = settings.redis;
      return cacheOn(redisStore({ ...connection, log: options.log }), expired);
    }
  }
}
