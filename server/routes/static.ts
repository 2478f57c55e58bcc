/**
 * The built front end at `/`: hashed assets cached for a year, index.html
 * never (so a new build is picked up at once).
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
    setHeaders(res, file) {
      const immutable = file.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      res.header('x-content-type-options', 'nosniff');
    },
  });
}
