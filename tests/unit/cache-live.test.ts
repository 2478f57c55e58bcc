import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { liveCache } from '../../server/services/cache';
import { createSettings, type Settings } from '../../server/services/settings';

let root: string;
let settings: Settings;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'paydesk-live-cache-'));
  settings = await createSettings(join(root, 'config'), { pollMs: 20, log: () => {} });
});
afterEach(async () => {
  settings.close();
  await rm(root, { recursive: true, force: true });
});

it('starts on the file driver under the data dir and follows cache.toml without a restart', async () => {
  const cache = liveCache(settings, { dataDir: root });
  await cache.set('greeting', 'hello');
  expect(await readdir(join(root, 'runtime/cache/INIS'))).not.toEqual([]);

  await settings.update('cache', 'default', { type: 'ram' });
  expect(await cache.get('greeting')).toBeUndefined();
  await cache.set('greeting', 'from ram');
  expect(await cache.get('greeting')).toBe('from ram');

  await settings.update('cache', 'file', { path: 'runtime/cache', prefix: 'INIS', expired: 60 });
  await settings.update('cache', 'default', { type: 'file' });
  expect(await cache.get('greeting')).toBe('hello');
  await cache.close();
});

it('uses a new prefix for the file driver once it is saved', async () => {
  const cache = liveCache(settings, { dataDir: root });
  await cache.set('k', 1);
  await settings.update('cache', 'file', { path: 'runtime/cache', prefix: 'OTHER', expired: 60 });
  expect(await cache.get('k')).toBeUndefined();
  await cache.set('k', 2);
  expect((await readdir(join(root, 'runtime/cache'))).sort()).toEqual(['INIS', 'OTHER']);
  await cache.close();
});
