/**
 * The built front end at `/`: hashed assets cached for a year, index.html
 * revalidated on every load (so a new build is picked up at once, and an
 * unchanged one costs a 304). Each file is sent in the brotli or gzip form
 * the build made beside it (scripts/build/precompress.ts), as the browser's
 * Accept-Encoding allows, so nothing is compressed per request.
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export async function staticRoutes(app: FastifyInstance, o: { root: string }) {
  const root = path.resolve(o.root);
  if (!fs.existsSync(path.join(root, 'index.html'))) {
    app.log.warn(`no built front end in ${root}: run \`npm run build\``);
    return;
  }
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    list: false,
    index: ['index.html'],
    decorateReply: false,
    preCompressed: true,
    // Ours alone (below): with send's own header on, it would overwrite ours after setHeaders ran.
    cacheControl: false,
    setHeaders(res, file) {
      const immutable = file.includes(`${path.sep}assets${path.sep}`);
      res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
}
