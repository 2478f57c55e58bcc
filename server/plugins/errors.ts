/**
 * i18n and errors: the caller's language (`lang` cookie, else
 * Accept-Language, else the install's), envelopes translated on the way out, and the one error
 * and not-found handler of the API contract. Tests that mount a single route
 * plugin register this same plugin, so they see what a client sees.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { DEFAULT_LANG, pickLang, type Lang } from '../../schema/i18n';
import { databaseAway } from '../db/outage';
import { lostRace } from '../db/races';
import { AppError, type Envelope } from '../http';
import { t } from '../i18n';

declare module 'fastify' {
  interface FastifyInstance {
    /** What an error answers (status, translated message, field errors), logging the unexpected ones with their request id. */
    errorEnvelope(error: Error & { statusCode?: number }, request: FastifyRequest): Envelope;
  }
}

export interface ErrorsOptions {
  /** With the Fastify logger off, an unexpected error is still printed (with its request id). */
  logger?: boolean;
  /** The install's language (INSTALL_LANG): what a caller naming none (no cookie, no Accept-Language we speak) reads. */
  lang?: Lang;
}

function cookie(header: string | undefined, name: string): string | undefined {
  const m = header?.match(new RegExp(`(?:^|;\\s*)${name}=([^;]*)`));
  return m ? decodeURIComponent(m[1]!) : undefined;
}

/** The i18n key of a framework error below 500 (body limit, content type, rate limit, bad JSON). */
function frameworkKey(error: Error & { statusCode?: number; code?: unknown }): string {
  if (error.statusCode === 413) return 'errors.body_too_large';
  if (error.statusCode === 415) return 'errors.unsupported_type';
  if (error.statusCode === 429) return 'errors.too_many_requests';
  return String(error.code).startsWith('FST_ERR_CTP') ? 'errors.bad_json' : 'errors.bad_request';
}

/** What a 503 tells a client to wait: about the time a database restart or a failover takes. */
export const RETRY_AFTER_SECONDS = 5;

/** A body with thousands of bad fields gets the first few named, and a count of the rest, not an answer as big as itself. */
export const MAX_FIELD_ERRORS = 20;

/**
 * Field errors as the API answers them: at most MAX_FIELD_ERRORS, each with
 * its message in words in the caller's language (`text`) beside the message's
 * key (`message`, which the console translates itself), so a reader of the
 * raw answer never meets `validation.required` alone.
 */
function fieldErrors(error: AppError, lang: Lang, group: string | undefined): unknown {
  const data = error.data;
  const errors = (data as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(errors)) return data;
  // A lone issue without parameters of its own says what the error's message says (`errors.unknown_param` and its param).
  const paramsOf = (issue: { params?: Record<string, unknown> }) => issue.params ?? (errors.length === 1 ? error.params : {});
  const worded = errors.slice(0, MAX_FIELD_ERRORS).map((issue: { message?: unknown; params?: Record<string, unknown> }) =>
    issue && typeof issue.message === 'string' ? { ...issue, text: t(lang, issue.message, paramsOf(issue), group) } : issue);
  return { ...(data as object), errors: worded, ...(errors.length > MAX_FIELD_ERRORS && { moreErrors: errors.length - MAX_FIELD_ERRORS }) };
}

/**
 * Every 429 says when to try again (issue 32): the rate limits set their own
 * fields; any other refusal (wrong codes, passwords, code requests) gets them
 * from the seconds it names, as a policy of one try per wait.
 */
function retryFields(reply: FastifyReply, error: Error) {
  if (reply.hasHeader('retry-after')) return;
  const named = error instanceof AppError ? Number(error.params.seconds) : NaN;
  const seconds = Number.isFinite(named) && named > 0 ? Math.ceil(named) : 1;
  const policy = error instanceof AppError ? error.key.replace(/^errors\./, '') : 'limit';
  reply.header('retry-after', seconds);
  reply.header('ratelimit-policy', `"${policy}";q=1;w=${seconds}`);
  reply.header('ratelimit', `"${policy}";r=0;t=${seconds}`);
}

const errors: FastifyPluginAsync<ErrorsOptions> = async (app, options) => {
  const installLang = options.lang ?? DEFAULT_LANG;
  app.decorateRequest('lang', installLang);
  app.decorateReply('outcome', null as never);
  app.addHook('onRequest', async (request, reply) => {
    request.lang = pickLang(cookie(request.headers.cookie, 'lang'), request.headers['accept-language'], installLang);
    reply.outcome = { code: 0, msg: '' };
  });
  // Envelopes carry i18n keys until here: translate into the caller's language.
  app.addHook('preSerialization', async (request, reply, payload: unknown) => {
    const env = payload as Envelope | null;
    if (env && typeof env === 'object' && typeof env.msg === 'string' && typeof env.code === 'number') {
      reply.outcome = { code: env.code, msg: t(request.lang, env.msg, {}, request.routeOptions.config?.rule?.group) };
      return { ...env, msg: reply.outcome.msg };
    }
    return payload;
  });

  // One policy for what an error says, shared by every dialect (the envelope here, engine/rest.ts its own shape).
  const envelopeOf = (error: Error & { statusCode?: number }, request: FastifyRequest): Envelope => {
    if (error instanceof AppError) {
      const group = request.routeOptions.config?.rule?.group;
      return { code: error.code, msg: t(request.lang, error.key, error.params, group), data: fieldErrors(error, request.lang, group) };
    }
    if (error.statusCode && error.statusCode < 500) return { code: error.statusCode, msg: t(request.lang, frameworkKey(error)), data: null };
    // A write that lost its race (a deadlock, a lock wait) more often than it runs again rolled back whole: the caller
    // may try again. A conflict, not a fault of the server; logged, as many of them say the database is overloaded.
    if (lostRace(error)) {
      request.log.warn({ err: error, reqId: request.id }, 'write lost its race');
      return { code: 409, msg: t(request.lang, 'errors.write_race'), data: null };
    }
    // The database is away (db/outage.ts): 503, which balancers and clients retry, with a message in words.
    if (databaseAway(error)) {
      request.log.warn({ err: error, reqId: request.id }, 'database unreachable');
      return { code: 503, msg: t(request.lang, 'errors.database_away'), data: null };
    }
    request.log.error({ err: error, reqId: request.id }, 'unhandled error');
    if (!options.logger) console.error(`[${request.id}]`, error);
    return { code: 500, msg: t(request.lang, 'errors.internal', { id: request.id }), data: null };
  };
  app.decorate('errorEnvelope', envelopeOf);
  app.setErrorHandler(async (error: Error & { statusCode?: number }, request, reply) => {
    const env = envelopeOf(error, request);
    reply.outcome = { code: env.code, msg: env.msg };
    if (env.code === 429) retryFields(reply, error);
    return reply.code(env.code).type('application/json').send(JSON.stringify(env));
  });
  // Every 503 (the database away, not ready) says when to ask again.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode === 503 && !reply.hasHeader('retry-after')) reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    return payload;
  });
  app.setNotFoundHandler(async (request, reply) => {
    const msg = t(request.lang, 'errors.route_not_found', { method: request.method, url: request.url.split('?')[0] });
    return reply.code(404).send({ code: 404, msg, data: null });
  });
};

export const errorsPlugin = fp(errors, { name: 'paydesk-errors', fastify: '5.x' });
