/**
 * The operation log: a write logs itself inside its transaction (`audit`);
 * every other call with a rule is queued after its reply and written in
 * batches, flushed on close.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import { t } from '../i18n';
import { Logs } from '../services/logs';

declare module 'fastify' {
  interface FastifyInstance {
    opLog: Logs & {
      /** Writes the request's log row inside a write's transaction, so both commit or neither. */
      audit(request: FastifyRequest, trx: Kysely<any>, info: { bindId?: number }): Promise<void>;
    };
  }
}

/** Success messages of the writes, for their log rows (the row is written before the reply exists). */
const WRITE_CODE: Record<string, [number, string]> = { create: [201, 'messages.created'], 'rest-create': [201, 'messages.created'] };

const operationLog: FastifyPluginAsync<{ logFlushMs?: number }> = async (app, o) => {
  const logs = new Logs(app.db, o.logFlushMs);
  const audit = async (request: FastifyRequest, trx: Kysely<any>, info: { bindId?: number }) => {
    const [code, key] = WRITE_CODE[request.routeOptions.config?.rule?.name ?? ''] ?? [200, 'messages.ok'];
    await logs.insert(trx, logs.rowOf(request, code, t(request.lang, key), info.bindId));
    request.logged = true;
  };
  app.decorate('opLog', Object.assign(logs, { audit }));
  app.decorateRequest('logged', false);
  // Reads and failures are logged after the reply; a successful write logged itself in its transaction.
  app.addHook('onResponse', async (request, reply) => {
    if (!request.routeOptions.config?.rule || request.logged) return;
    logs.enqueue(logs.rowOf(request, reply.outcome.code || reply.statusCode, reply.outcome.msg));
  });
  app.addHook('onClose', () => logs.close());
};

export const logsPlugin = fp(operationLog, { name: 'paydesk-logs', fastify: '5.x', dependencies: ['paydesk-db', 'paydesk-errors', 'paydesk-auth'] });
