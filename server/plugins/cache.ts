/**
 * The cache that `cache.toml` names, switched live when the file changes.
 * Cached reads of a table are dropped on any committed write to it, whoever
 * wrote it (db.writes), unless its schema keeps its reads uncached; its
 * counts only when rows may have come or gone or a counted column changed.
 */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { Resource } from '../../schema/define';
import { countTagsDroppedBy, type TableCache } from '../engine/store';
import { openCache } from '../services/cache';
import { live } from '../services/live';
import type { KeyValueCache } from '../types';

export interface AppCache {
  /** The current driver: codes, denylisted tokens, counters. */
  kv(): KeyValueCache;
  /** Stable handle for the engine: always the current driver, also after a live switch. */
  tables: TableCache;
  /** Empties this app's entries (its prefix only). */
  clear(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    cache: AppCache;
  }
}

const cachePlugin: FastifyPluginAsync<{ dataDir: string; resources: readonly Resource[] }> = async (app, o) => {
  const cache = live(app.settings, 'cache', (s) => openCache(s, { dataDir: o.dataDir, clock: app.clock }), (old) => old.close());
  const tables: TableCache = {
    remember: (tag, key, produce) => cache.current().remember(tag, key, produce),
    invalidate: (tag) => cache.current().invalidate(tag),
    version: (tag) => cache.current().version(tag),
  };
  app.decorate('cache', { kv: () => cache.current(), tables, clear: () => cache.current().clear() } satisfies AppCache);
  const uncached = new Set(o.resources.filter((r) => !r.cacheReads).map((r) => r.table));
  const byTable = new Map(o.resources.map((r) => [r.table, r]));
  const off = app.db.writes.on(async (table, _ids, columns) => {
    if (uncached.has(table)) return;
    const resource = byTable.get(table);
    if (resource) for (const tag of countTagsDroppedBy(resource, columns)) await tables.invalidate(tag);
    // The table's own tag (the ETag's) last: whoever sees it change reads the new counts too.
    await tables.invalidate(table);
  });
  app.addHook('onClose', async () => {
    off();
    await cache.close();
  });
};

export const appCachePlugin = fp(cachePlugin, { name: 'paydesk-cache', fastify: '5.x', dependencies: ['paydesk-db', 'paydesk-settings'] });
