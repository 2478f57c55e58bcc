/**
 * Inbound payment notifications: `POST /api/receive-money/notify/<channel>`.
 * The rule is public; the route authenticates the notification itself over
 * the raw request bytes (so these routes, and only these, keep the body as a
 * Buffer). A verified notification is recorded under a unique key of its
 * channel and id in the transaction that moves the order, so 20 copies at
 * once, or a copy after a restart, take effect once.
 *
 * Answers: applied 200; already applied (a gateway's retry) 200; order already
 * finished 200 and recorded, so the gateway stops; money that does not fit
 * (late, another amount or currency) 200, kept as an order exception; unknown
 * tradeNo 404; bad signature 401.
 *
 * `GET /api/receive-money/webhooks` (its own rule): when each channel's last
 * verified notification arrived.
 */
import type { FastifyInstance } from 'fastify';
import { AppError, notFound, ok } from '../http';
import type { ApprovalNotice, Connector, PaymentNotice, RefundNotice } from './connectors/connector';
import { exceptionOf, flagException } from './exceptions';
import { applyIn, findOrder, sha256, type OrderRow, type Outcome, type Source, type TransitionDeps } from './transitions';
import { retryLostRaces } from '../db/races';
import { notifyReasonText } from '../../schema/phrases';

export interface NotifyOptions {
  deps: TransitionDeps;
  connectors: readonly Connector[];
  /** A provider's word on a refund made through it (refunds.ts settles it once); null when it is about no refund of ours. */
  refunded(notice: RefundNotice): Promise<unknown>;
  /** The payer approved a checkout that needs its second step (lookups.ts completes it once, if the order may still be paid). */
  approved(connector: Connector, notice: ApprovalNotice): Promise<unknown>;
}

export type NotifyResult =
  | { kind: 'applied'; outcome: Outcome }
  | { kind: 'flagged'; order: OrderRow }
  | { kind: 'duplicate' | 'finished' | 'ignored' };

/** How often the decision is made again when the order moved between reading it and writing (a race with expiry). */
const DECIDE_TRIES = 5;

/**
 * Records and applies one verified notification (or what a look-up at the
 * provider found: `source` 'lookup'). A payment that fits moves the order;
 * one that does not (late, short, over, another currency) flags it
 * (exceptions.ts) and is answered 200, so the gateway stops retrying and the
 * money waits for an operator.
 */
export async function applyNotification(
  deps: TransitionDeps, channel: string, id: string, digest: string, notice: PaymentNotice, source: Source = 'notify', dedupe = id,
): Promise<NotifyResult> {
  const known = await findOrder(deps.db, { tradeNo: notice.tradeNo });
  if (!known) throw notFound('errors.order_not_found');
  const now = deps.clock();
  let result: NotifyResult;
  try {
    result = await retryLostRaces(() => deps.db.transaction().execute(async (trx): Promise<NotifyResult> => {
      const row = await trx.insertInto('pay_notifications').values({
        dedupeKey: `${channel}:${dedupe}`.slice(0, 255), channel, notificationId: id.slice(0, 200), orderId: known.id,
        tradeNo: known.tradeNo, outcome: 'applied', reason: '',
        amount: notice.amount,
        currency: notice.currency, digest, uid: known.uid, createTime: now, updateTime: now,
      }).executeTakeFirstOrThrow();
      const settle = async (outcome: 'flagged' | 'finished', reason: string) => {
        await trx.updateTable('pay_notifications').set({ outcome, reason }).where('id', '=', Number(row.insertId)).execute();
      };
      const change = { source, actor: channel, reference: notice.reference, amount: notice.amount, currency: notice.currency, paidTime: notice.paidTime, digest };
      for (let attempt = 0; attempt < DECIDE_TRIES; attempt++) {
        // The first decision is made on the order as read before the transaction: every write below is conditional on
        // what was read, so a stale read only costs a second round on a fresh one.
        const order = attempt === 0 ? known : (await findOrder(trx, { id: known.id }))!;
        const verdict = notice.to === 'completed' ? exceptionOf(order, notice) : 'fits';
        if (verdict === 'already-paid') {
          await settle('finished', notifyReasonText({ kind: 'already', status: order.status }));
          return { kind: 'finished' };
        }
        if (verdict === 'fits' || verdict === 'overpaid') {
          try {
            const outcome = await applyIn(trx, { id: order.id }, { to: notice.to, ...change }, deps.clock);
            if (verdict === 'overpaid' && outcome.changed) {
              const excess = Math.round((notice.amount - order.amount) * 100) / 100;
              const flagged = await flagException(trx, outcome.order, { exception: 'overpaid', amount: excess, notice, source, actor: channel, digest }, now);
              if (flagged) {
                await settle('flagged', notifyReasonText({ kind: 'overpaid', excess, currency: notice.currency }));
                return { kind: 'applied', outcome: { ...outcome, order: flagged } };
              }
            }
            if (outcome.changed) return { kind: 'applied', outcome };
            await settle('finished', notifyReasonText({ kind: 'already', status: outcome.order.status }));
            return { kind: 'finished' };
          } catch (error) {
            // A failure or expiry notice for an order that already ended: recorded, nothing moves.
            if (error instanceof AppError && error.code === 409 && notice.to !== 'completed') {
              await settle('finished', notifyReasonText({ kind: 'ended', status: (error.data as { status: string }).status }));
              return { kind: 'finished' };
            }
            // Paid while it expired: decide again on what the order now is.
            if (error instanceof AppError && error.code === 409) continue;
            throw error;
          }
        }
        const flagged = await flagException(trx, order, { exception: verdict, amount: notice.amount, notice, source, actor: channel, digest }, now);
        if (!flagged) continue;
        await settle('flagged', notifyReasonText({
          kind: 'exception', exception: verdict, expected: order.amount, expectedCurrency: order.currency, got: notice.amount, gotCurrency: notice.currency,
        }));
        return { kind: 'flagged', order: flagged };
      }
      throw new AppError(409, 'errors.order_busy');
    }));
  } catch (error) {
    // The unique key of channel and id: this notification was recorded before (a retry, or a copy racing this one).
    if (deps.uniqueViolation(error)) return { kind: 'duplicate' };
    throw error;
  }
  if (result.kind === 'applied') await deps.committed(result.outcome);
  if (result.kind === 'flagged') await deps.committed({ changed: true, order: result.order });
  return result;
}

const MESSAGES = {
  applied: 'messages.notify_applied',
  flagged: 'messages.notify_flagged',
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
        const { id, notice } = await connector.verify(raw, request.headers);
        if (notice?.kind === 'approval') {
          await o.approved(connector, notice);
          return ok({ id, result: 'applied' }, MESSAGES.applied);
        }
        if (notice?.kind === 'refund') {
          const settled = await o.refunded(notice);
          return settled ? ok({ id, result: 'applied' }, MESSAGES.applied) : ok({ id, result: 'ignored' }, MESSAGES.ignored);
        }
        if (!notice) return ok({ id, result: 'ignored' }, MESSAGES.ignored);
        const result = await applyNotification(o.deps, channel, id, sha256(raw), notice, 'notify', connector.paymentId?.(notice) ?? id);
        return ok({ id, result: result.kind }, MESSAGES[result.kind]);
      });
    }
  });

  // When each channel's last verified notification arrived (epoch seconds, 0 for never), for the Payments
  // settings: an operator who pasted the notify URL into a provider's dashboard sees that it works.
  // What a look-up found at the provider is recorded beside them (`lookup:` ids) but came by no webhook.
  app.get('/api/receive-money/webhooks', { config: { rule: { name: 'webhooks', group: 'receive-money', type: 'default' } } }, async () =>
    ok(await Promise.all(o.connectors.map(async ({ notifyPath: channel }) => {
      const last = await o.deps.db.selectFrom('pay_notifications').select('createTime')
        .where('channel', '=', channel).where('notificationId', 'not like', 'lookup:%')
        .orderBy('id', 'desc').limit(1).executeTakeFirst();
      return { channel, lastTime: Number(last?.createTime ?? 0) };
    }))));
}
