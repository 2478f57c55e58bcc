/**
 * Operation log: every API call becomes a `logs` row. A write's row is
 * inserted inside the write's own transaction (both commit or neither); other
 * calls are queued and inserted in batches at least every second and on
 * close, so reads never wait on a log insert.
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { LOG_SCENES } from '../../schema/rules';
import type { Db } from '../db/connect';

export interface LogRow {
  uid: number;
  title: string;
  scene: string;
  method: string;
  api: string;
  code: number;
  content: string;
  bindId: number;
  bindType: string;
  ip: string;
  agent: string;
  params: string;
  createTime: number;
  updateTime: number;
  deleteTime: number;
}

/** Parameter names whose values never reach the log: credentials, codes (invitations too), keys and anything named like a secret. */
const SECRET = /pass|code|invite|token|secret|key|sign|authorization|captcha|credential|salt|private/i;
const MAX_PARAMS = 16_000;

export function redact(value: unknown, depth = 0): unknown {
  if (depth > 5) return '…';
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => redact(v, depth + 1));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, SECRET.test(k) ? '***' : redact(v, depth + 1)]));
  }
  return typeof value === 'string' && value.length > 1000 ? value.slice(0, 1000) + '…' : value;
}

export class Logs {
  private queue: LogRow[] = [];
  private timer: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();

  constructor(private readonly db: Db, flushMs = 1000) {
    this.timer = setInterval(() => void this.flush(), flushMs);
    this.timer.unref();
  }

  /** The row describing a request (its code and message are filled in once known). */
  rowOf(request: FastifyRequest, code: number, content: string, bindId = 0): LogRow {
    const rule = request.routeOptions.config?.rule;
    const scene = rule?.scene ?? rule?.name ?? '';
    const params = JSON.stringify(redact({ ...(request.query as object), ...(typeof request.body === 'object' ? (request.body as object) : {}) }));
    const now = Math.floor(Date.now() / 1000);
    return {
      uid: request.caller?.user?.id ?? 0,
      title: rule ? `${rule.group}.${rule.name}` : '',
      scene: (LOG_SCENES as readonly string[]).includes(scene) ? scene : '',
      method: request.method,
      api: (request.routeOptions.url ?? request.url.split('?')[0]!).slice(0, 255),
      code,
      content: content.slice(0, 255),
      bindId,
      bindType: rule?.group ?? '',
      ip: request.ip,
      agent: String(request.headers['user-agent'] ?? '').slice(0, 512),
      params: params.length > MAX_PARAMS ? params.slice(0, MAX_PARAMS) : params,
      createTime: now,
      updateTime: now,
      deleteTime: 0,
    };
  }

  /** Inside a write's transaction. */
  async insert(trx: Kysely<any>, row: LogRow) {
    await trx.insertInto('logs').values(row).execute();
  }

  enqueue(row: LogRow) {
    this.queue.push(row);
    if (this.queue.length >= 500) void this.flush();
  }

  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      while (this.queue.length) {
        const batch = this.queue.splice(0, 200);
        try {
          await this.db.kysely.insertInto('logs').values(batch).execute();
        } catch (error) {
          // The database is gone or refused the batch: keep serving, say so once per batch.
          console.error('operation log: %d rows not written: %s', batch.length, (error as Error).message);
        }
      }
    });
    return this.flushing;
  }

  async close() {
    clearInterval(this.timer);
    await this.flush();
  }
}
