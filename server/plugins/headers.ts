/**
 * Security headers on every answer (@fastify/helmet):
 * - `X-Content-Type-Options: nosniff` everywhere, so nothing we send is read
 *   as another type than we said;
 * - a Content-Security-Policy that the built app passes as it is: scripts
 *   only from our own origin (the front door has no inline script), styles
 *   from our origin or inline (emotion, MUI's engine, writes `<style>` tags at
 *   run time), images also from `data:`, `blob:` (upload previews) and any
 *   http(s) host (avatars and object storage live elsewhere), calls to our own
 *   origin only, and `frame-ancestors 'none'`: no page of ours may be framed,
 *   so a console button can never be clicked through someone else's page;
 * - `Cache-Control: no-store` on every API answer that did not choose its own
 *   caching: sign-in and sign-up answers carry tokens, a new API key is shown
 *   once, and no shared cache or back button should keep any of them. Cached
 *   reads say `private, no-cache` with an ETag (engine/etag.ts) and keep it.
 */
import fastifyHelmet from '@fastify/helmet';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';

export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:', 'https:', 'http:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

const headers: FastifyPluginAsync = async (app) => {
  await app.register(fastifyHelmet, {
    global: true,
    // Spelled out instead of helmet's defaults: its `upgrade-insecure-requests` would break a site served over plain HTTP on a LAN.
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    // Uploaded images may be shown by the merchant's own pages on another origin.
    crossOriginResourcePolicy: { policy: 'same-site' },
    frameguard: { action: 'deny' },
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
};

export const headersPlugin = fp(headers, { name: 'paydesk-headers', fastify: '5.x' });
