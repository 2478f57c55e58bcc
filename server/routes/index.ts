/**
 * The hand-written routes, one file per concern, each an encapsulated plugin
 * that declares its permission rule per route in `config.rule`.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Resource } from '../../schema/define';
import { settingsCeiling } from '../auth/ceiling';
import { localStorageRoot } from '../services/storage';
import { cacheRoutes } from './cache';
import { commRoutes } from './comm';
import { docsRoutes } from './docs';
import { fileRoutes, storageStatic } from './file';
import { healthRoutes } from './health';
import { mfaResetRoutes } from './mfa-reset';
import { mineRoutes } from './mine';
import { rateLimitRoutes } from './rate-limits';
import { staticRoutes } from './static';
import type { Lang } from '../../schema/i18n';
import { tomlRoutes } from './toml';
import { viewsRoutes } from './views';
import { authorOf, recordSettings } from '../engine/revisions';

export interface RoutesOptions {
  resources: readonly Resource[];
  dataDir: string;
  /** The built front end, served at `/`. */
  staticDir?: string;
  /** The install's language: what the front end speaks to a browser that chose none (static.ts). */
  lang?: Lang;
  /** Largest upload accepted, in bytes. */
  maxUploadBytes?: number;
}

export const routes: FastifyPluginAsync<RoutesOptions> = async (app, o) => {
  const { settings } = app;
  await app.register(healthRoutes, { migrations: app.migrations });
  await app.register(commRoutes, {
    db: app.db,
    tokens: app.tokens,
    keys: app.signInKeys,
    config: app.configRows,
    cache: () => app.cache.kv(),
    senders: () => app.senders.current(),
    codeSecret: () => settings.get('crypt').jwt.key,
    clock: app.clock,
  });
  await app.register(mfaResetRoutes);
  await app.register(mineRoutes, { guard: app.guard, rules: app.ruleBook });
  await app.register(viewsRoutes);
  await app.register(tomlRoutes, {
    settings,
    beforeWrite: (request, file) => settingsCeiling(app.db.any, request.caller, file),
    afterWrite: (request, file, section, before, after) =>
      recordSettings(app.db.any, file, section, before, after, authorOf(request.caller), Math.floor(app.clock() / 1000)),
  });
  await app.register(cacheRoutes, { cache: app.cache });
  await app.register(rateLimitRoutes);
  await app.register(fileRoutes, { storage: () => app.storage.current(), maxBytes: o.maxUploadBytes ?? 5 * 1024 * 1024 });
  await app.register(storageStatic, { root: () => localStorageRoot(settings.get('storage').local, o.dataDir) });
  await app.register(docsRoutes, { resources: o.resources, rules: app.ruleBook });
  if (o.staticDir) await app.register(staticRoutes, { root: o.staticDir, lang: o.lang });
};
