/**
 * Opens the cache that `config/cache.toml` names, and keeps it current: the
 * live cache delegates to a driver that is replaced when the file changes
 * (here or in another instance), so the next call uses the new one without a
 * restart. The old driver is closed after the swap; calls already under way
 * on it finish or fail as that driver does.
 */
import { resolve } from 'node:path';
import type { SettingsOf } from '../../../schema/settings';
import type { Settings } from '../settings';
import { cacheOn, type Cache } from './cache';
import { fileStore } from './file';
import { ramStore } from './ram';
import { redisStore } from './redis';

export type { Cache, Store } from './cache';

export interface CacheOptions {
  /** Base of a relative file-cache path (`runtime/cache` -> `<dataDir>/runtime/cache`). */
  dataDir: string;
  log?: (message: string, error?: unknown) => void;
}

type CacheSettings = SettingsOf<'cache'>;

export function openCache(settings: CacheSettings, options: CacheOptions): Cache {
  switch (settings.default.type) {
    case 'ram':
      // ram has no section of its own; it keeps entries as long as the file cache would.
      return cacheOn(ramStore(), settings.file.expired);
    case 'file': {
      const { path, prefix, expired } = settings.file;
      return cacheOn(fileStore(resolve(options.dataDir, path, prefix)), expired);
    }
    case 'redis': {
      const { expired, ...connection } = settings.redis;
      return cacheOn(redisStore({ ...connection, log: options.log }), expired);
    }
  }
}

/** A cache that follows `cache.toml`. `close()` stops following and closes the driver in use. */
export function liveCache(settings: Settings, options: CacheOptions): Cache {
  let current = openCache(settings.get('cache'), options);
  const stop = settings.onChange('cache', (values) => {
    const previous = current;
    current = openCache(values, options);
    return previous.close();
  });
  return {
    get: (key) => current.get(key),
    set: (key, value, ttl) => current.set(key, value, ttl),
    del: (key) => current.del(key),
    add: (key, value, ttl) => current.add(key, value, ttl),
    incr: (key, ttl) => current.incr(key, ttl),
    remember: (tags, key, produce, ttl) => current.remember(tags, key, produce, ttl),
    invalidate: (tag) => current.invalidate(tag),
    clear: () => current.clear(),
    async close() {
      stop();
      await current.close();
    },
  };
}
