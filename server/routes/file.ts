/**
 * Uploads (`POST /api/file/upload`) and the public folder of the local
 * storage driver (`/storage/...`). An upload is trusted only as far as its
 * bytes: the client's file name, extension and declared type are ignored, the
 * format is sniffed, and the stored name is generated.
 */
import { mkdir } from 'node:fs/promises';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import { AppError, badRequest, ok } from '../http';
import { objectKey, sniffImage, type Storage } from '../services/storage';
import { LOCAL_PUBLIC_PREFIX } from '../services/storage/local';

export interface FileRoutesOptions {
  /** Asked on every upload, so a storage settings change applies at once. */
  storage: () => Storage;
  maxBytes: number;
}

/** The one multipart field an upload may carry. */
const FILE_FIELD = 'file';

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 100) / 100} MB`;

/** Register with `app.register(fileRoutes, ...)`: multipart parsing stays inside this plugin. */
export const fileRoutes: FastifyPluginAsync<FileRoutesOptions> = async (app, { storage, maxBytes }) => {
  await app.register(multipart, {
    // One part more than allowed lets the handler tell "a second file" (400)
    // from the plugin's generic limit error; field values stay tiny.
    limits: { fileSize: maxBytes, files: 2, fields: 8, fieldSize: 1024, parts: 10 },
  });

  app.post('/api/file/upload', { config: { rule: { name: 'upload', group: 'file', type: 'default' } } }, async (request) => {
    if (!request.isMultipart()) throw badRequest('errors.upload_not_multipart');
    let bytes: Buffer | undefined;
    try {
      for await (const part of request.parts()) {
        if (part.fieldname !== FILE_FIELD || part.type !== 'file' || bytes) {
          throw badRequest('errors.upload_field', { field: FILE_FIELD });
        }
        bytes = await part.toBuffer();
      }
    } catch (error) {
      if (error instanceof app.multipartErrors.RequestFileTooLargeError) {
        throw new AppError(413, 'errors.too_large', { max: megabytes(maxBytes) });
      }
      if (error instanceof AppError) throw error;
      throw Object.assign(badRequest('errors.upload_malformed'), { cause: error });
    }
    if (!bytes) throw badRequest('errors.upload_missing', { field: FILE_FIELD });
    if (bytes.length === 0) throw badRequest('errors.upload_empty');
    const image = sniffImage(bytes);
    if (!image) throw new AppError(415, 'errors.unsupported_type');
    try {
      const { path } = await storage().put(objectKey(image.ext), bytes, image.mime);
      return ok({ path }, 'messages.uploaded');
    } catch (cause) {
      // The store's own message may name buckets, keys or folders: log it, never show it.
      throw Object.assign(new AppError(503, 'errors.upload_storage_failed'), { cause });
    }
  });
};

export interface StorageStaticOptions {
  /** The local storage folder (`localStorageRoot(...)`), asked on every request: a settings change applies at once. */
  root: () => string;
}

const ONE_YEAR_MS = 365 * 24 * 3600 * 1000;

/**
 * Serves the local storage folder at `/storage/`: files only, cached for
 * good. The folder is looked up per request (not fixed when the route is
 * made), so uploads under a newly set path are served without a restart.
 */
export const storageStatic: FastifyPluginAsync<StorageStaticOptions> = async (app, { root }) => {
  // The plugin warns at start about a root that does not exist, as on a fresh install before the first upload.
  await mkdir(root(), { recursive: true });
  await app.register(fastifyStatic, {
    root: root(),
    // This plugin serves through its own route below; `sendFile` stays inside this plugin.
    serve: false,
    decorateReply: true,
    list: false,
    index: false,
    dotfiles: 'deny',
    // Stored names are random and never reused, so a file never changes.
    maxAge: ONE_YEAR_MS,
    immutable: true,
    setHeaders(res) {
      // Said here as well as by plugins/headers.ts: uploads are where sniffing would hurt most, wherever this route is mounted.
      res.setHeader('X-Content-Type-Options', 'nosniff');
      // Should anything but an image ever land here, it still runs nothing.
      res.setHeader('Content-Security-Policy', "default-src 'none'");
    },
  });
  app.get(`${LOCAL_PUBLIC_PREFIX}*`, async (request, reply) => {
    const file = (request.params as { '*'?: string })['*'] ?? '';
    // A folder is never a file: 404 like any missing file, not send's 403.
    if (!file || file.endsWith('/')) return reply.callNotFound();
    return reply.sendFile(file, root());
  });
};
