/**
 * The operator's money actions beyond a transition: refund a paid order
 * (full or partial, several times, never past what was paid) and resolve
 * the exceptions of an order one by one (accept the money of one payment that
 * did not fit, or send it back). Each is its own rule, so an API key may
 * hold `refund` without `resolve`; each needs a reason, and a scoped
 * operator acts only on his own orders. `refund` takes an
 * Idempotency-Key, which also becomes the provider's key for that refund.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { orderId, parseBody, reason } from './inputs';
import { AppError, created, forbidden, notFound, ok } from '../http';
import type { WriteContext } from '../engine/writes';
import { recordEvent, recordMoneyRevisions } from './events';
import { exceptionCounted, orderChanged } from './totals';
import { findException, moveException, openExceptions, summarize, type ExceptionRow } from './exceptions';
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
/**
 * One exception is resolved at a time, named by its id (`exceptionId`). An order's id alone still names the exception
 * when the order holds exactly one open; with several it is refused, as it could settle money the caller did not mean.
 */
const resolveBody = z.strictObject({
  id: id.optional(), exceptionId: id.optional(), action: z.enum(['accept', 'refund'], { error: 'validation.choice' }), reason,
}).refine((body) => body.id !== undefined || body.exceptionId !== undefined, { error: 'validation.invalid_id', path: ['exceptionId'] });

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

  /** The exception a resolve names: by its id, or the one open exception of the order named. */
  async function pickException(input: { id?: number; exceptionId?: number }): Promise<ExceptionRow> {
    if (input.exceptionId !== undefined) {
      const exception = await findException(deps.db, { id: input.exceptionId });
      if (!exception) throw notFound('errors.exception_not_found');
      return exception;
    }
    const order = await findOrder(deps.db, { id: input.id! });
    if (!order) throw notFound('errors.order_not_found');
    const open = await openExceptions(deps.db, order.id);
    if (open.length === 0) throw new AppError(409, 'errors.no_exception');
    if (open.length > 1) throw new AppError(409, 'errors.exception_ambiguous', { count: open.length });
    return open[0]!;
  }

  app.post('/api/receive-money/resolve', {
    config: { rule: { name: 'resolve', group: 'receive-money', type: 'default', scene: 'update' } },
  }, async (request, reply) => {
    const input = parse(resolveBody, request.body);
    const exception = await pickException(input);
    const order = await ownOrder(request, exception.orderId);
    if (input.id !== undefined && input.id !== order.id) throw notFound('errors.exception_not_found');
    // Told only to who may see the order: resolved already (by another operator, or a second click).
    if (exception.state !== 'open') throw new AppError(409, 'errors.no_exception');
    const ctx = o.writeContext(request);
    const actor = String(request.caller.user?.id ?? 0);
    if (input.action === 'refund') {
      const refund = await refundOrder(deps, order, {
        exceptionId: exception.id, reason: input.reason, actor, audit: (trx) => ctx.audit(trx, { bindId: order.id }),
      });
      const after = await findOrder(deps.db, { id: order.id });
      if (refund.state === 'failed') throw new AppError(409, 'errors.refund_failed', { failure: refund.failure }, { refund, order: after });
      reply.code(201);
      return created({ refund, order: after, exception: await findException(deps.db, { id: exception.id }) }, `messages.refund_${refund.state}`);
    }
    // Money in another currency cannot be counted as this order's payment: it can only go back.
    if (exception.kind === 'wrong_currency') throw new AppError(409, 'errors.accept_wrong_currency');
    const now = deps.clock();
    const after = await retryLostRaces(() => deps.db.transaction().execute(async (trx) => {
      const current = (await findOrder(trx, { id: order.id }))!;
      const resolved = { state: 'accepted' as const, reason: input.reason, resolvedBy: actor, resolvedTime: now };
      if (!(await moveException(trx, exception, 'open', resolved, now))) throw new AppError(409, 'errors.no_exception');
      await exceptionCounted(trx, current, exception.kind, -1);
      const payable = current.status === 'pending' || UNPAID_END_STATUSES.includes(current.status);
      // Accepting late or short money completes the order with what was received. On an order already paid, money
      // paid late or short is added to what it was paid; an overpayment's excess was counted in it when it came.
      const adds = !payable && exception.kind !== 'overpaid' && exception.currency === current.currency;
      const moved = await trx.updateTable('receive_money').set({
        updateTime: now,
        ...(payable && { status: 'completed', paidAmount: exception.amount, paidTime: now }),
        ...(adds && { paidAmount: Math.round((current.paidAmount + exception.amount) * 100) / 100 }),
        // Refunded whole before this money was accepted: what it now holds was not all given back.
        ...(adds && current.status === 'refunded' && { status: 'partially_refunded' }),
      }).where('id', '=', current.id).where('status', '=', current.status).executeTakeFirst();
      if (Number(moved.numUpdatedRows) === 0) throw new AppError(409, 'errors.order_busy');
      await summarize(trx, current.id, now);
      const next = (await findOrder(trx, { id: current.id }))!;
      await recordMoneyRevisions(trx, {
        orders: [{ before: current, after: next }], exceptions: [{ before: exception, after: { ...exception, ...resolved } }],
      }, { source: 'operator', actor }, now);
      await orderChanged(trx, current, next);
      await recordEvent(trx, next, {
        from: current.status, to: next.status, source: 'operator', actor, amount: exception.amount,
        currency: exception.currency || current.currency, reason: input.reason, exception: exception.kind, reference: exception.reference,
      }, {
        type: payable ? 'order.completed' : 'order.resolved',
        data: { resolved: { exception: exception.kind, exceptionId: exception.id, amount: exception.amount, currency: exception.currency, action: 'accept' } },
      }, now);
      await ctx.audit(trx, { bindId: current.id });
      return next;
    }));
    await deps.committed({ changed: true, order: after });
    return ok({ order: after, exception: await findException(deps.db, { id: exception.id }) }, 'messages.exception_accepted');
  });
}
