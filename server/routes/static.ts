/**
 * The built front end at `/`: hashed assets cached for a year, index.html
 * revalidated on every load (so a new build is picked up at once, and an
 * unchanged one costs a 304). Each file is sent in the brotli or gzip form
 * the build made beside it (scripts/build/precompress.ts), as the browser's
 * Accept-Encoding allows, so nothing is compressed per request. The page
 * itself (`/`, `/index.html`) carries the install's language as its `lang`
 * (issue 33 item 2): the console and the pay pages speak it to a browser
 * that has chosen no language and whose own languages we do not speak.
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_LANG, type Lang } from '../../schema/i18n';

/** `en-us` -> `en-US`, as HTML writes a language. */
const htmlLang = (lang: Lang) => lang.replace(/-(\w+)$/, (_, region: string) => `-${region.toUpperCase()}`);

export async function staticRoutes(app: FastifyInstance, o: { root: string; lang?: Lang }) {
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
  const lang = o.lang ?? DEFAULT_LANG;
  const file = path.join(root, 'index.html');
  // Remade when the build changes (a new build is served at once, as every static file is), and compressed once
  // per build like the build's own copies of the other files: no request pays for it.
  let made: { mtimeMs: number; etag: string; bodies: Record<'br' | 'gzip' | 'identity', Buffer> } | undefined;
  function page(): NonNullable<typeof made> {
    const { mtimeMs } = fs.statSync(file);
    if (made?.mtimeMs === mtimeMs) return made;
    const html = Buffer.from(fs.readFileSync(file, 'utf8').replace(/<html lang="[^"]*"/, `<html lang="${htmlLang(lang)}" data-install-lang="${lang}"`));
    const etag = `"${createHash('sha1').update(html).digest('base64url')}"`;
    made = { mtimeMs, etag, bodies: { br: brotliCompressSync(html), gzip: gzipSync(html, { level: 9 }), identity: html } };
    return made;
  }
  async function sendPage(request: FastifyRequest, reply: FastifyReply) {
    const { etag, bodies } = page();
    reply.header('cache-control', 'no-cache').header('etag', etag).header('vary', 'accept-encoding').type('text/html; charset=utf-8');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    const accepted = String(request.headers['accept-encoding'] ?? '');
    const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : 'identity';
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.send(bodies[encoding]);
  }
  app.get('/', { compress: false }, sendPage);
  app.get('/index.html', { compress: false }, sendPage);
}
