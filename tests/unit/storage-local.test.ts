import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storageStatic } from '../../server/routes/file';
import { createStorage, localStorageRoot, objectKey } from '../../server/services/storage';
import { envelopeApp } from '../fakes/envelope-app';
import { PNG } from '../fakes/images';

let dataDir: string;
let app: FastifyInstance;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'paydesk-storage-'));
  // A file beside the storage folder that no URL may reach.
  await writeFile(join(dataDir, 'secret.txt'), 'database password');
  app = await envelopeApp();
  await app.register(storageStatic, { root: () => localStorageRoot({ path: 'storage' }, dataDir) });
});

afterAll(async () => {
  await app.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('local storage', () => {
  it('writes the file under the data directory and serves it at its path, cached for good', async () => {
    const storage = createStorage('local', { path: 'storage', domain: '' }, { dataDir });
    const key = objectKey('png');
    const { path } = await storage.put(key, PNG, 'image/png');

    expect(path).toBe(`/storage/${key}`);
    expect(await readFile(join(dataDir, 'storage', key))).toEqual(PNG);

    const res = await app.inject({ url: path });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload).toEqual(PNG);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toContain('max-age=31536000');
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers the public URL on the configured domain', async () => {
    const storage = createStorage('local', { path: 'storage', domain: 'https://cdn.example.com/' }, { dataDir });
    const { path } = await storage.put(objectKey('png'), PNG, 'image/png');
    expect(path).toMatch(/^https:\/\/cdn\.example\.com\/storage\/\d{4}\/\d{2}\/\d{2}\/[0-9a-f]{24}\.png$/);
  });

  it('refuses a key that would leave the storage folder', async () => {
    const storage = createStorage('local', { path: 'storage' }, { dataDir });
    await expect(storage.put('../escaped.png', PNG, 'image/png')).rejects.toThrow(/escapes/);
  });

  it.each([
    '/storage/../secret.txt',
    '/storage/%2e%2e/secret.txt',
    '/storage/%2E%2E%2Fsecret.txt',
    '/storage/..%2fsecret.txt',
    '/storage/..%5csecret.txt',
    '/storage/%252e%252e/secret.txt',
  ])('never serves a file outside the folder: %s', async (url) => {
    const res = await app.inject({ url });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.body).not.toContain('database password');
  });

  it('does not list directories', async () => {
    const storage = createStorage('local', { path: 'storage' }, { dataDir });
    const key = objectKey('png');
    await storage.put(key, PNG, 'image/png');
    const folder = `/storage/${key.slice(0, key.lastIndexOf('/') + 1)}`;
    for (const url of ['/storage/', folder, folder.slice(0, -1)]) {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain(key.split('/').pop());
    }
  });
});
