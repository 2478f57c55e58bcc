/**
 * The operator's actions on an order (issue 13 item 1): mark paid, mark
 * failed, close. Each is its own rule, so a group may be granted one and not
 * the others; each needs a reason, which goes into the order's event. A scoped
 * operator acts only on their own orders. `callbacks/resend` queues a merchant
 * callback again, now.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { orderId, parseBody, reason } from './inputs';
import { forbidden, notFound, ok } from '../http';
import { invalid } from '../engine/params';
import type { WriteContext } from '../engine/writes';
import type { Outbox } from './outbox';
import { findOrder, transition, type Change, type TransitionDeps } from './transitions';

export interface OperatorRouteOptions {
  deps: TransitionDeps;
  writeContext(request: FastifyRequest): WriteContext;
  /** After a callback was queued again: the outbox looks at once. */
  requeued(): void;
  /** Sends a signed message as callbacks are sent (Outbox.post). */
  post: Outbox['post'];
}

const ACTIONS: Record<string, Change['to']> = { 'mark-paid': 'completed', 'mark-failed': 'failed', close: 'closed' };
/** The most callbacks one "Resend all" sends again. */
const RESEND_MAX = 100;
/** How much of a test callback's answer the operator sees. */
const TEST_BODY_BYTES = 200;

const body = z.strictObject({
  id: orderId,
  reason,
  /** mark-paid: the gateway's transaction id, when the operator has it. */
  channelTradeNo: z.string().trim().max(128, { error: 'validation.max_length' }).optional(),
});

const parse = parseBody;

export async function operatorRoutes(app: FastifyInstance, o: OperatorRouteOptions) {
  const db = o.deps.db;
  for (const [name, to] of Object.entries(ACTIONS)) {
    app.post(`/api/receive-money/${name}`, { config: { rule: { name, group: 'receive-money', type: 'default', scene: 'update' } } }, async (request) => {
      const input = parse(body, request.body);
      if (input.channelTradeNo !== undefined && name !== 'mark-paid') invalid([{ field: 'channelTradeNo', message: 'validation.unknown_field' }]);
      const order = await findOrder(db, { id: input.id });
      if (!order) throw notFound('errors.order_not_found');
      const { caller } = request;
      if (caller.scopeUid !== null && order.uid !== caller.scopeUid) throw forbidden('errors.scope');
      const ctx = o.writeContext(request);
      const outcome = await transition(o.deps, { id: order.id }, {
        to, source: 'operator', actor: String(caller.user?.id ?? 0), reason: input.reason, reference: input.channelTradeNo,
      }, (trx) => ctx.audit(trx, { bindId: order.id }));
      return ok({ changed: outcome.changed, status: outcome.order.status, eventId: outcome.eventId ?? null }, outcome.changed ? 'messages.order_moved' : 'messages.order_unchanged');
    });
  }

  // One callback (`id`) or several at once (`ids`, needs attention's "Resend all"): all of them or none.
  app.post('/api/callbacks/resend', { config: { rule: { name: 'resend', group: 'callbacks', type: 'default', scene: 'update' } } }, async (request) => {
    const input = parse(z.union([
      z.strictObject({ id: body.shape.id }),
      z.strictObject({ ids: z.array(body.shape.id, { error: 'errors.bad_ids' }).min(1, { error: 'errors.bad_ids' }).max(RESEND_MAX, { error: 'errors.bad_ids' }) }),
    ], { error: 'errors.bad_ids' }), request.body);
    const ids = [...new Set('id' in input ? [input.id] : input.ids)];
    const rows = await db.selectFrom('callbacks').select(['id', 'uid', 'state']).where('id', 'in', ids).execute();
    if (rows.length !== ids.length) throw notFound();
    if (request.caller.scopeUid !== null && rows.some((row) => row.uid !== request.caller.scopeUid)) throw forbidden('errors.scope');
    const now = o.deps.clock();
    const ctx = o.writeContext(request);
    await db.transaction().execute(async (trx) => {
      // Back in line now with a fresh budget of attempts; a lease held by a send in flight is left to end.
      await trx.updateTable('callbacks').set({ state: 'pending', nextTime: now, tries: 0, updateTime: now }).where('id', 'in', ids).execute();
      for (const id of ids) await ctx.audit(trx, { bindId: id });
    });
    o.requeued();
    return 'id' in input ? ok({ id: input.id, state: 'pending' }, 'messages.callback_queued') : ok({ ids, state: 'pending' }, 'messages.callbacks_queued');
  });

  // "Send test callback" (BTCPay's "send test webhook"): a signed `ping` to a URL the operator gives, under the same address rule as real callbacks.
  app.post('/api/callbacks/test', { config: { rule: { name: 'test', group: 'callbacks', type: 'default', scene: 'create' } } }, async (request) => {
    const { url } = parse(z.strictObject({
      url: z.string({ error: 'validation.url' }).trim().max(1024, { error: 'validation.max_length' }).regex(/^https?:\/\/\S+$/, { error: 'validation.url' }),
    }), request.body);
    const messageId = `msg_test_${randomBytes(8).toString('hex')}`;
    const payload = JSON.stringify({
      type: 'ping', timestamp: new Date(o.deps.clock() * 1000).toISOString(), data: { message: 'Paydesk test callback', test: true },
    });
    const result = await o.post(url, messageId, payload, request.caller.user?.id ?? 0, TEST_BODY_BYTES);
    if (result.refused) invalid([{ field: 'url', message: 'errors.callback_not_public' }]);
    return ok({ status: result.code, ms: result.ms, body: result.body, error: result.error ?? '', messageId }, result.code ? 'messages.callback_tested' : 'messages.callback_unanswered');
  });
}
