/**
 * `Idempotency-Key` (Stripe's semantics) for the routes that declare
 * `config.idempotent`: the same key with the same body within 24 hours
 * answers the first answer again (status and body, with
 * `Idempotent-Replayed: true`) and runs nothing; the same key with another
 * body is a 409 that says so. Keys live in the database (`idempotency_keys`),
 * unique per caller and route, so several instances and restarts agree: of
 * ten concurrent requests with one key, one inserts the key and runs, the
 * others wait for its answer.
 *
 * A route whose handler is itself idempotent by the key (`'resumable'`: a
 * refund, which sends the same key to its provider) runs again when the
 * first request never answered (its process died), and so finishes what that
 * one began instead of waiting for ever.
 */
import { createHash } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, badRequest } from '../http';

declare module 'fastify' {
  interface FastifyContextConfig {
    idempotent?: true | 'resumable';
  }
  interface FastifyRequest {
    /** The idempotency key this request claimed, and what its handler may derive from it. */
    idempotency: { row: number; key: string } | null;
  }
}

export const IDEMPOTENCY_TTL_SECONDS = 24 * 3600;
/** How long a request waits for the first one with its key to answer before it is told to try again. */
const WAIT_MS = 10_000;
const POLL_MS = 50;
/** A first request still unanswered after this long is taken as dead (its process stopped): the key may run again. */
const ABANDONED_SECONDS = 120;

const digestOf = (request: FastifyRequest) => createHash('sha256').update(JSON.stringify(request.body ?? null)).digest('hex');

const idempotency: FastifyPluginAsync = async (app) => {
  const db = app.db.any;
  const now = () => Math.floor(app.clock() / 1000);
  app.decorateRequest('idempotency', null);

  async function replay(reply: FastifyReply, row: { status: number; response: string }) {
    reply.header('idempotent-replayed', 'true').header('content-type', 'application/json; charset=utf-8');
    // Sent as stored: the first answer, in the first caller's language.
    return reply.code(row.status).send(row.response);
  }

  async function claim(request: FastifyRequest, reply: FastifyReply) {
    const mode = request.routeOptions.config?.idempotent;
    const raw = request.headers['idempotency-key'];
    if (!mode || raw === undefined) return;
    const key = String(raw).trim();
    if (!key || key.length > 200) throw badRequest('errors.idempotency_key_invalid');
    const uid = request.caller.user?.id ?? 0;
    const dedupeKey = `${uid}:${request.routeOptions.url}:${key}`.slice(0, 255);
    const digest = digestOf(request);
    const t = now();
    // Keys past their day are forgotten first, so the same key may be used afresh.
    await db.deleteFrom('idempotency_keys').where('dedupeKey', '=', dedupeKey).where('expireTime', '<=', t).execute();
    try {
      const inserted = await db.insertInto('idempotency_keys').values({
        dedupeKey, digest, status: 0, response: '', expireTime: t + IDEMPOTENCY_TTL_SECONDS, uid, createTime: t, updateTime: t,
      }).executeTakeFirstOrThrow();
      request.idempotency = { row: Number(inserted.insertId), key };
      return;
    } catch (error) {
      if (!app.db.adapter.uniqueViolation(error)) throw error;
    }
    const started = Date.now();
    for (;;) {
      const row = await db.selectFrom('idempotency_keys').select(['id', 'digest', 'status', 'response', 'createTime'])
        .where('dedupeKey', '=', dedupeKey).executeTakeFirst();
      if (!row) throw new AppError(409, 'errors.idempotency_in_progress');
      if (row.digest !== digest) throw new AppError(409, 'errors.idempotency_mismatch');
      if (row.status > 0) return replay(reply, row);
      const abandoned = now() - Number(row.createTime) >= ABANDONED_SECONDS;
      if (mode === 'resumable' || abandoned) {
        request.idempotency = { row: row.id, key };
        return;
      }
      if (Date.now() - started >= WAIT_MS) throw new AppError(409, 'errors.idempotency_in_progress');
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  async function keep(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
    const claim = request.idempotency;
    if (!claim) return payload;
    request.idempotency = null;
    // A server error is not an answer to keep: the same key may try again.
    if (reply.statusCode >= 500) {
      await db.deleteFrom('idempotency_keys').where('id', '=', claim.row).where('status', '=', 0).execute();
      return payload;
    }
    // Kept whole (a MEDIUMTEXT on MySQL; answers are bounded by the 1 MB body limit): a cut answer would replay as broken JSON.
    const response = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : '';
    await db.updateTable('idempotency_keys').set({ status: reply.statusCode, response, updateTime: now() })
      .where('id', '=', claim.row).where('status', '=', 0).execute();
    return payload;
  }

  // Only the routes that declare it claim a key; route-level preHandlers run after the app's, so the caller is known by then.
  app.addHook('onRoute', (route) => {
    if (!route.config?.idempotent) return;
    const list = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
    route.preHandler = [...list(route.preHandler), claim] as typeof route.preHandler;
  });
  // The answer is kept by an app-level hook, registered before compression, so what is stored is the JSON itself and not
  // a compressed stream; a request that claimed nothing passes through without a promise.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!request.idempotency) return done(null, payload);
    keep(request, reply, payload).then((kept) => done(null, kept), (error: Error) => done(error));
  });
};

export const idempotencyPlugin = fp(idempotency, {
  name: 'paydesk-idempotency',
  fastify: '5.x',
  dependencies: ['paydesk-db', 'paydesk-auth'],
});
