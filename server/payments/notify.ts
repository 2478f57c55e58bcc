/**
 * Inbound payment notifications: `POST /api/receive-money/notify/<channel>`.
 * The rule is public; the route authenticates the notification itself over
 * the raw request bytes (so these routes, and only these, keep the body as a
 * Buffer). A verified notification is recorded under a unique key of its
 * channel and id in the transaction that moves the order, so 20 copies at
 * once, or a copy after a restart, take effect once.
 *
 * Answers: applied 200; already applied (a gateway's retry) 200; order already
 * finished 200 and recorded, so the gateway stops; amount or currency not the
 * order's 400, recorded as rejected; unknown tradeNo 404; bad signature 401.
 */
import type { FastifyInstance } from 'fastify';
import { AppError, notFound, ok } from '../http';
import type { Connector, PaymentNotice } from './connectors/connector';
import { applyIn, findOrder, retryDeadlocks, sameAmount, sha256, type Outcome, type TransitionDeps } from './transitions';

export interface NotifyOptions {
  deps: TransitionDeps;
  connectors: readonly Connector[];
}

export type NotifyResult =
  | { kind: 'applied'; outcome: Outcome }
  | { kind: 'duplicate' | 'finished' | 'rejected' | 'ignored' };

/** Records and applies one verified notification. */
export async function applyNotification(deps: TransitionDeps, channel: string, id: string, digest: string, notice: PaymentNotice): Promise<NotifyResult> {
  const order = await findOrder(deps.db, { tradeNo: notice.tradeNo });
  if (!order) throw notFound('errors.order_not_found');
  const matches = sameAmount(notice.amount, order.amount) && notice.currency === order.currency;
  const now = deps.clock();
  let result: NotifyResult;
  try {
    result = await retryDeadlocks(() => deps.db.transaction().execute(async (trx): Promise<NotifyResult> => {
      const row = await trx.insertInto('pay_notifications').values({
        dedupeKey: `${channel}:${id}`.slice(0, 255), channel, notificationId: id.slice(0, 200), orderId: order.id,
        tradeNo: order.tradeNo, outcome: matches ? 'applied' : 'rejected',
        reason: matches ? '' : `expected ${order.amount} ${order.currency}, got ${notice.amount} ${notice.currency}`.slice(0, 256),
        amount: Number.isFinite(notice.amount) && notice.amount < 1e12 ? notice.amount : 0,
        currency: notice.currency.slice(0, 16), digest, uid: order.uid, createTime: now, updateTime: now,
      }).executeTakeFirstOrThrow();
      if (!matches) return { kind: 'rejected' };
      const finished = async (reason: string): Promise<NotifyResult> => {
        await trx.updateTable('pay_notifications').set({ outcome: 'finished', reason }).where('id', '=', Number(row.insertId)).execute();
        return { kind: 'finished' };
      };
      try {
        const outcome = await applyIn(trx, { id: order.id }, {
          to: notice.to, source: 'notify', actor: channel, reference: notice.reference,
          amount: notice.amount, currency: notice.currency, paidTime: notice.paidTime, digest,
        }, deps.clock);
        return outcome.changed ? { kind: 'applied', outcome } : finished(`already ${outcome.order.status}`);
      } catch (error) {
        if (error instanceof AppError && error.code === 409) return finished(`order is ${(error.data as { status: string }).status}`);
        throw error;
      }
    }));
  } catch (error) {
    // The unique key of channel and id: this notification was recorded before (a retry, or a copy racing this one).
    if (deps.uniqueViolation(error)) return { kind: 'duplicate' };
    throw error;
  }
  if (result.kind === 'applied') await deps.committed(result.outcome);
  return result;
}

const MESSAGES = {
  applied: 'messages.notify_applied',
  duplicate: 'messages.notify_duplicate',
  finished: 'messages.notify_finished',
  ignored: 'messages.notify_ignored',
} as const;

export async function notifyRoutes(app: FastifyInstance, o: NotifyOptions) {
  // An encapsulated scope: the raw-body parser applies to these routes only.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    // The operation log records a body's fields; of raw bytes it keeps only their size.
    scope.addHook('onSend', async (request) => {
      if (Buffer.isBuffer(request.body)) request.body = { bytes: request.body.length };
    });
    for (const connector of o.connectors) {
      const channel = connector.notifyPath;
      scope.post(`/api/receive-money/notify/${channel}`, {
        config: { rule: { name: `notify-${channel}`, group: 'receive-money', type: 'common', ownSignature: true } },
      }, async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const { id, notice } = connector.verify(raw, request.headers);
        if (!notice || notice.kind !== 'payment') return ok({ id, result: 'ignored' }, MESSAGES.ignored);
        const result = await applyNotification(o.deps, channel, id, sha256(raw), notice);
        if (result.kind === 'rejected') throw new AppError(400, 'errors.notify_mismatch');
        return ok({ id, result: result.kind }, MESSAGES[result.kind]);
      });
    }
  });
}
