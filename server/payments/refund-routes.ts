/**
 * The operator's money actions beyond a transition: refund a paid order
 * (full or partial, several times, never past what was paid) and resolve an
 * exception (accept the money, or send it back). Each is its own rule, so an
 * API key may hold `refund` without `resolve`; each needs a reason, and a
 * scoped operator acts only on his own orders. `refund` takes an
 * Idempotency-Key, which also becomes the provider's key for that refund.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { orderId, parseBody, reason } from './inputs';
import { AppError, created, forbidden, notFound, ok } from '../http';
import type { WriteContext } from '../engine/writes';
import { recordEvent, recordMoneyRevisions } from './events';
import { orderChanged } from './totals';
import { refundOrder, type RefundDeps } from './refunds';
import { findOrder } from './transitions';
import { retryLostRaces } from '../db/races';
import { UNPAID_END_STATUSES } from '../../schema/options';

export interface RefundRouteOptions {
  deps: RefundDeps;
  writeContext(request: FastifyRequest): WriteContext;
}

const id = orderId;
const refundBody = z.strictObject({
  id,
  amount: z.number({ error: 'validation.refund_amount' }).finite({ error: 'validation.refund_amount' }).positive({ error: 'validation.refund_amount' }).optional(),
  reason,
});
const resolveBody = z.strictObject({ id, action: z.enum(['accept', 'refund'], { error: 'validation.choice' }), reason });

const parse = parseBody;

/** The provider's key for a refund asked with an Idempotency-Key: the same caller and key make the same refund. */
const providerKey = (request: FastifyRequest) =>
  request.idempotency ? `rfk_${createHash('sha256').update(`${request.caller.user?.id ?? 0}:${request.idempotency.key}`).digest('hex').slice(0, 40)}` : undefined;

export async function refundRoutes(app: FastifyInstance, o: RefundRouteOptions) {
  const { deps } = o;

  async function ownOrder(request: FastifyRequest, orderId: number) {
    const order = await findOrder(deps.db, { id: orderId });
    if (!order) throw notFound('errors.order_not_found');
    if (request.caller.scopeUid !== null && order.uid !== request.caller.scopeUid) throw forbidden('errors.scope');
    return order;
  }

  app.post('/api/receive-money/refund', {
    config: { rule: { name: 'refund', group: 'receive-money', type: 'default', scene: 'update' }, idempotent: 'resumable' },
  }, async (request, reply) => {
    const input = parse(refundBody, request.body);
    const order = await ownOrder(request, input.id);
    const ctx = o.writeContext(request);
    const refund = await refundOrder(deps, order, {
      amount: input.amount, reason: input.reason, actor: String(request.caller.user?.id ?? 0), key: providerKey(request),
      audit: (trx) => ctx.audit(trx, { bindId: order.id }),
    });
    const after = await findOrder(deps.db, { id: order.id });
    if (refund.state === 'failed') throw new AppError(409, 'errors.refund_failed', { failure: refund.failure }, { refund, order: after });
    reply.code(201);
    return created({ refund, order: after }, `messages.refund_${refund.state}`);
  });

  app.post('/api/receive-money/resolve', {
    config: { rule: { name: 'resolve', group: 'receive-money', type: 'default', scene: 'update' } },
  }, async (request, reply) => {
    const input = parse(resolveBody, request.body);
    const order = await ownOrder(request, input.id);
    if (!order.exception) throw new AppError(409, 'errors.no_exception');
    const ctx = o.writeContext(request);
    const actor = String(request.caller.user?.id ?? 0);
    if (input.action === 'refund') {
      const refund = await refundOrder(deps, order, {
        exception: true, reason: input.reason, actor, audit: (trx) => ctx.audit(trx, { bindId: order.id }),
      });
      const after = await findOrder(deps.db, { id: order.id });
      if (refund.state === 'failed') throw new AppError(409, 'errors.refund_failed', { failure: refund.failure }, { refund, order: after });
      reply.code(201);
      return created({ refund, order: after }, `messages.refund_${refund.state}`);
    }
    // Money in another currency cannot be counted as this order's payment: it can only go back.
    if (order.exception === 'wrong_currency') throw new AppError(409, 'errors.accept_wrong_currency');
    const now = deps.clock();
    const after = await retryLostRaces(() => deps.db.transaction().execute(async (trx) => {
      const current = (await findOrder(trx, { id: order.id }))!;
      const payable = current.status === 'pending' || UNPAID_END_STATUSES.includes(current.status);
      // Accepting late or short money completes the order with what was received; an overpayment already completed it.
      const moved = await trx.updateTable('receive_money').set({
        exception: '', updateTime: now,
        ...(payable && { status: 'completed', paidAmount: current.exceptionAmount, paidTime: now }),
      }).where('id', '=', current.id).where('exception', '=', current.exception).where('status', '=', current.status).executeTakeFirst();
      if (Number(moved.numUpdatedRows) === 0) throw new AppError(409, 'errors.no_exception');
      const next = (await findOrder(trx, { id: current.id }))!;
      await recordMoneyRevisions(trx, { orders: [{ before: current, after: next }] }, { source: 'operator', actor }, now);
      await orderChanged(trx, current, next);
      await recordEvent(trx, next, {
        from: current.status, to: next.status, source: 'operator', actor, amount: current.exceptionAmount,
        currency: current.exceptionCurrency || current.currency, reason: input.reason, exception: current.exception,
      }, { type: payable ? 'order.completed' : 'order.resolved', data: { resolved: { exception: current.exception, action: 'accept' } } }, now);
      await ctx.audit(trx, { bindId: current.id });
      return next;
    }));
    await deps.committed({ changed: true, order: after });
    return ok({ order: after }, 'messages.exception_accepted');
  });
}
