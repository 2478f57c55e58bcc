import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileRoutes, storageStatic } from '../../server/routes/file';
import { createStorage, localStorageRoot, type Storage } from '../../server/services/storage';
import { envelopeApp, says } from '../fakes/envelope-app';
import { GIF, JPEG, PNG, SVG_WITH_SCRIPT, WEBP } from '../fakes/images';

const MAX_BYTES = 64 * 1024;
let dataDir: string;
let storageDir: string;
let app: FastifyInstance;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'paydesk-upload-'));
  storageDir = localStorageRoot({ path: 'storage' }, dataDir);
  const storage = createStorage('local', { path: 'storage' }, { dataDir });
  app = await envelopeApp();
  await app.register(fileRoutes, { storage: () => storage, maxBytes: MAX_BYTES });
  await app.register(storageStatic, { root: () => storageDir });
});

afterAll(async () => {
  await app.close();
  await rm(dataDir, { recursive: true, force: true });
});

type Part = { field: string; bytes?: Uint8Array<ArrayBuffer>; text?: string; filename?: string; type?: string };

/** A real multipart/form-data body, serialised by the platform's FormData. */
async function upload(...parts: Part[]) {
  const form = new FormData();
  for (const p of parts) {
    if (p.text !== undefined) form.append(p.field, p.text);
    else form.append(p.field, new Blob([p.bytes!], { type: p.type ?? 'application/octet-stream' }), p.filename ?? 'upload.bin');
  }
  const request = new Request('http://local/', { method: 'POST', body: form });
  const res = await app.inject({
    method: 'POST',
    url: '/api/file/upload',
    headers: { 'content-type': request.headers.get('content-type')! },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  return { status: res.statusCode, body: res.json() as { code: number; msg: string; data: { path: string } | null } };
}

async function storedFiles(): Promise<string[]> {
  const entries = await readdir(storageDir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

describe('POST /api/file/upload', () => {
  it.each([
    ['png', PNG],
    ['jpg', JPEG],
    ['gif', GIF],
    ['webp', WEBP],
  ] as const)('stores a %s under a generated dated name and answers its path', async (ext, bytes) => {
    const { status, body } = await upload({ field: 'file', bytes, filename: 'holiday photo.jpeg', type: 'image/jpeg' });
    expect(status).toBe(200);
    expect(body).toMatchObject({ code: 200, msg: says('messages.uploaded') });
    expect(body.data!.path).toMatch(new RegExp(`^/storage/\\d{4}/\\d{2}/\\d{2}/[0-9a-f]{24}\\.${ext}$`));

    const served = await app.inject({ url: body.data!.path });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload).toEqual(Buffer.from(bytes));
  });

  it('ignores a path in the client file name', async () => {
    const { status, body } = await upload({ field: 'file', bytes: PNG, filename: '../../../etc/cron.d/evil.png' });
    expect(status).toBe(200);
    expect(body.data!.path).not.toContain('evil');
    expect(await readFile(join(storageDir, body.data!.path.replace('/storage/', '')))).toEqual(PNG);
  });

  it('refuses an SVG with script, whatever it claims to be (415), and stores nothing', async () => {
    const before = await storedFiles();
    const { status, body } = await upload({ field: 'file', bytes: SVG_WITH_SCRIPT, filename: 'logo.png', type: 'image/png' });
    expect(status).toBe(415);
    expect(body).toEqual({ code: 415, msg: says('errors.unsupported_type'), data: null });
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses a file over the limit (413)', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(MAX_BYTES)]);
    const { status, body } = await upload({ field: 'file', bytes: big, filename: 'big.png', type: 'image/png' });
    expect(status).toBe(413);
    expect(body.msg).toEqual(says('errors.too_large'));
  });

  it('accepts a file of exactly the limit', async () => {
    const exact = Buffer.concat([PNG, Buffer.alloc(MAX_BYTES - PNG.length)]);
    expect((await upload({ field: 'file', bytes: exact })).status).toBe(200);
  });

  it('refuses a file sent under another field name (400)', async () => {
    const { status, body } = await upload({ field: 'image', bytes: PNG });
    expect(status).toBe(400);
    expect(body.msg).toEqual(says('errors.upload_field'));
  });

  it('refuses a form with an extra field or a second file (400)', async () => {
    expect((await upload({ field: 'file', bytes: PNG }, { field: 'note', text: 'hi' })).body.msg).toEqual(says('errors.upload_field'));
    expect((await upload({ field: 'file', bytes: PNG }, { field: 'file', bytes: GIF })).body.msg).toEqual(says('errors.upload_field'));
  });

  it('refuses a zero-byte file (400)', async () => {
    const { status, body } = await upload({ field: 'file', bytes: new Uint8Array(), filename: 'empty.png' });
    expect(status).toBe(400);
    expect(body.msg).toEqual(says('errors.upload_empty'));
  });

  it('refuses a form without a file (400) and a body that is not multipart (400)', async () => {
    expect((await upload()).body).toMatchObject({ code: 400, msg: says('errors.upload_missing') });
    const json = await app.inject({ method: 'POST', url: '/api/file/upload', payload: { file: 'iVBORw0KGgo=' } });
    expect(json.statusCode).toBe(400);
    expect(json.json().msg).toEqual(says('errors.upload_not_multipart'));
  });

  it('answers 503 without details when the storage fails', async () => {
    const failing: Storage = { put: () => Promise.reject(new Error('disk full at /secret/path')) };
    const broken = await envelopeApp();
    await broken.register(fileRoutes, { storage: () => failing, maxBytes: MAX_BYTES });
    const form = new FormData();
    form.append('file', new Blob([PNG]), 'a.png');
    const request = new Request('http://local/', { method: 'POST', body: form });
    const res = await broken.inject({
      method: 'POST', url: '/api/file/upload',
      headers: { 'content-type': request.headers.get('content-type')! },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(res.statusCode).toBe(503);
    expect(res.body).not.toContain('/secret/path');
    await broken.close();
  });
});
