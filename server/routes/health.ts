/**
 * Probes for load balancers, orchestrators and uptime monitors:
 *
 * - `GET /api/health`: the process answers. It touches nothing else, so a
 *   database outage does not make every instance look dead (and get
 *   restarted) at once.
 * - `GET /api/ready`: this instance can serve: the database answers, every
 *   migration this build knows is applied (an instance of a newer build may
 *   have applied more; that is fine), and the cache answers. Otherwise 503,
 *   naming the failed parts in `msg` and as `false` in `data`.
 *
 * Both are outside the permission system (no `config.rule`), so no token,
 * signature, rate limit or operation-log row applies, and their request-log
 * lines are silenced: a probe every few seconds would drown the log.
 * Details of a failure (host names, driver errors) go to the server's log,
 * once per change from ready to not ready, never to the caller.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { AppError, ok } from '../http';
import { t } from '../i18n';

/** How long one part may take before it counts as failed: a probe must answer while a dependency hangs. */
const PART_TIMEOUT_MS = 2000;

export const READY_PARTS = ['database', 'migrations', 'cache'] as const;
export type ReadyPart = (typeof READY_PARTS)[number];

function withTimeout<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${PART_TIMEOUT_MS} ms`)), PART_TIMEOUT_MS);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

export async function healthRoutes(app: FastifyInstance, o: { migrations: readonly string[] }) {
  const checks: Record<ReadyPart, () => Promise<void>> = {
    async database() {
      await sql`select 1`.execute(app.db.kysely);
    },
    async migrations() {
      const rows = await app.db.any.selectFrom('kysely_migration').select('name').execute();
      const applied = new Set(rows.map((row: { name: string }) => row.name));
      const missing = o.migrations.filter((name) => !applied.has(name));
      if (missing.length) throw new Error(`not applied: ${missing.join(', ')}`);
    },
    async cache() {
      // A write and a read back: a cache that answers reads but refuses writes cannot hold codes or tokens.
      const token = randomBytes(6).toString('hex');
      const cache = app.cache.kv();
      await cache.set('health:probe', token, 30);
      if ((await cache.get('health:probe')) !== token) throw new Error('read back a different value');
    },
  };

  let wasReady = true;
  app.get('/api/health', { logLevel: 'silent' }, async () => ok({ status: 'alive' }));
  app.get('/api/ready', { logLevel: 'silent' }, async (request) => {
    const outcomes = await Promise.allSettled(READY_PARTS.map((part) => withTimeout(checks[part](), part)));
    const data = Object.fromEntries(READY_PARTS.map((part, i) => [part, outcomes[i]!.status === 'fulfilled'])) as Record<ReadyPart, boolean>;
    const failed = READY_PARTS.filter((part) => !data[part]);
    if (failed.length && wasReady) {
      const reasons = failed.map((part) => `${part}: ${(outcomes[READY_PARTS.indexOf(part)] as PromiseRejectedResult).reason}`);
      app.log.warn(`not ready (${reasons.join('; ')})`);
    }
    wasReady = !failed.length;
    if (failed.length) {
      throw new AppError(503, 'errors.not_ready', { parts: failed.map((part) => t(request.lang, `health.${part}`)).join(', ') }, data);
    }
    return ok(data);
  });
}
