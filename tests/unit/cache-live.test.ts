import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openCache, type Cache } from '../../server/services/cache';
import { live, type Live } from '../../server/services/live';
import { createSettings, type Settings } from '../../server/services/settings';

let root: string;
let settings: Settings;
let cache: Live<Cache>;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'paydesk-live-cache-'));
  settings = await createSettings(join(root, 'config'), { log: () => {} });
  cache = live(settings, 'cache', (s) => openCache(s, { dataDir: root }), (old) => old.close());
});
afterEach(async () => {
  await cache.close();
  settings.close();
  await rm(root, { recursive: true, force: true });
});

it('starts on the file driver under the data dir and follows cache.toml without a restart', async () => {
  await cache.current().set('greeting', 'hello');
  expect(await readdir(join(root, 'runtime/cache/INIS'))).not.toEqual([]);

  await settings.update('cache', 'default', { type: 'ram' });
  expect(await cache.current().get('greeting')).toBeUndefined();
  await cache.current().set('greeting', 'from ram');
  expect(await cache.current().get('greeting')).toBe('from ram');

  await settings.update('cache', 'default', { type: 'file' });
  expect(await cache.current().get('greeting')).toBe('hello');
});

it('uses a new prefix for the file driver once it is saved', async () => {
  await cache.current().set('k', 1);
  await settings.update('cache', 'file', { path: 'runtime/cache', prefix: 'OTHER', expired: 60 });
  expect(await cache.current().get('k')).toBeUndefined();
  await cache.current().set('k', 2);
  expect((await readdir(join(root, 'runtime/cache'))).sort()).toEqual(['INIS', 'OTHER']);
});
