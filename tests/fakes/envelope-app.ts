/**
 * A bare Fastify instance that turns errors into envelopes the way the real
 * app does (`msg` stays the i18n key: the app translates it, these tests
 * assert which message was chosen).
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { AppError } from '../../server/http';

export function envelopeApp(): FastifyInstance {
  const app = Fastify();
  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof AppError) return reply.code(error.code).send({ code: error.code, msg: error.key, data: error.data });
    return reply.code(500).send({ code: 500, msg: 'errors.internal', data: null });
  });
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ code: 404, msg: 'errors.not_found', data: null }));
  return app;
}
