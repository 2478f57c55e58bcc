/**
 * The platform services of one app instance, built from the settings files
 * and the config rows, and swapped live when the settings change: the cache,
 * the storage and the code senders. Also the request-signing check and the
 * routes of the services (settings, cache, uploads).
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/connect';
import { cacheRoutes } from '../routes/cache';
import { fileRoutes, storageStatic } from '../routes/file';
import { tomlRoutes } from '../routes/toml';
import { openCache } from './cache';
import { ConfigRows } from './config-rows';
import { live } from './live';
import { createSender } from './sender';
import { rateLimits } from './rate-limit';
import { SignatureCheck } from './signing';
import { createSettings } from './settings';
import { createStorage, localStorageRoot } from './storage';

export interface ServiceOptions {
  db: Db;
  dataDir: string;
  configDir: string;
  /** Largest upload accepted, in bytes. */
  maxUploadBytes?: number;
}

export async function createServices(app: FastifyInstance, o: ServiceOptions) {
  const settings = await createSettings(o.configDir);
  const cache = live(settings, 'cache', (s) => openCache(s, { dataDir: o.dataDir }), (old) => old.close());
  const storage = live(settings, 'storage', (s) => createStorage(s.default.type, s[s.default.type] as never, { dataDir: o.dataDir }));
  // Phones go through the configured SMS provider, addresses through email.
  const senders = live(settings, 'sms', (s) => ({
    phone: () => createSender(s.drive.sms, s),
    email: () => createSender('email', s),
  }));
  const config = new ConfigRows(o.db);
  const signature = new SignatureCheck(config, () => cache.current());

  return {
    settings,
    config,
    senders,
    cache: {
      kv: () => cache.current(),
      /** Stable handle for the engine: always the current driver, also after a live switch. */
      tables: {
        remember: <T>(tag: string, key: string, produce: () => Promise<T>) => cache.current().remember(tag, key, produce),
        invalidate: (tag: string) => cache.current().invalidate(tag),
      },
    },
    checkSignature: signature.check.bind(signature),
    /** Registers the limits; call before the routes so every API route gets them. */
    rateLimits: (instance: FastifyInstance) => rateLimits(instance, { config, cache: () => cache.current(), cacheSettings: settings.get('cache') }),
    async routes(instance: FastifyInstance) {
      await instance.register(tomlRoutes, { settings });
      await instance.register(cacheRoutes, { cache: { clear: () => cache.current().clear() } });
      await instance.register(fileRoutes, { storage: () => storage.current(), maxBytes: o.maxUploadBytes ?? 5 * 1024 * 1024 });
      await instance.register(storageStatic, { root: localStorageRoot(settings.get('storage').local, o.dataDir) });
    },
    async close() {
      settings.close();
      await Promise.all([cache.close(), storage.close(), senders.close()]);
    },
  };
}

export type Services = Awaited<ReturnType<typeof createServices>>;
