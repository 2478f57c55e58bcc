/**
 * The database is away (stopped, restarting, the network to it cut): not a
 * fault of the request or of the server, and it passes. Such a request is
 * answered 503 with Retry-After (server/plugins/errors.ts), which a load
 * balancer and a client know to try again later, not 500. A transaction cut
 * off this way is rolled back by the database, so nothing is half-written;
 * the pool drops the dead connections and the first request after the
 * database is back opens new ones.
 */
type DbError = { code?: string; errno?: number; fatal?: boolean; message?: string; cause?: unknown; errors?: unknown[] };

/** Connection-level codes of mysql2 and Node's sockets. */
const AWAY_CODES = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EHOSTDOWN', 'ENOTFOUND', 'EAI_AGAIN',
  'PROTOCOL_CONNECTION_LOST', 'PROTOCOL_SEQUENCE_TIMEOUT', 'PROTOCOL_ENQUEUE_AFTER_FATAL_ERROR', 'PROTOCOL_ENQUEUE_AFTER_QUIT',
  'ER_SERVER_SHUTDOWN', 'ER_CONNECTION_KILLED', 'ER_CON_COUNT_ERROR',
]);

export function databaseAway(error: unknown): boolean {
  for (let e = error as DbError | undefined, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    if (e.code && AWAY_CODES.has(e.code)) return true;
    // mysql2 refuses a query on a connection that died under it with a plain error, no code.
    if (/connection is in closed state/i.test(e.message ?? '')) return true;
    e = (e.cause ?? e.errors?.[0]) as DbError | undefined;
  }
  return false;
}
