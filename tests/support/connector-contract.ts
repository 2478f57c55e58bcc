/**
 * The contract every payment connector passes against its own fake: what a
 * payer and an operator notice, whatever the provider. A connector's test
 * file (tests/api/connector-<name>.test.ts) builds a `ContractHarness` (its
 * app, its fake, and how a payer pays there) and calls `connectorContract`.
 * Where a connector cannot do something at all (manual has no look-up and no
 * provider to be down), the case says why and is skipped with that reason.
 *
 * The crash between the provider's answer and the local commit is a test of
 * real processes per provider (payments-stripe-crash, payments-paypal-crash).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataOf, expectRefused, type Reply } from './fixtures';
import { stored, type PayApi } from '../api/payments-support';

export interface ContractHarness {
  api: PayApi;
  /** The order's `channel`. */
  channel: string;
  /** A new order of this channel, amount 100 USD unless told. */
  order(body?: Record<string, unknown>): Promise<Record<string, any>>;
  /** The payer's pay click. */
  click(tradeNo: string): Promise<Reply>;
  /** The result page's look-up. */
  check(tradeNo: string): Promise<Reply>;
  /** The payer pays at the provider (another amount for an underpayment); `quiet`: no webhook of it reaches Paydesk. */
  pay(order: Record<string, any>, o?: { amount?: number; quiet?: boolean }): Promise<void>;
  /** Sends the last payment notification again, as the provider retries it; its HTTP status. */
  replay(): Promise<number>;
  /** A payment notification for `order` signed with the wrong key, and one signed ten minutes ago: their statuses. */
  forged(order: Record<string, any>): Promise<number>;
  stale(order: Record<string, any>): Promise<number>;
  /** Absent for a connector that asks no provider (manual): the next n provider calls fail as an outage. */
  down?(n: number): void;
  /** Absent where refunds are made off-gateway: the provider refuses the next refund. */
  refuseNextRefund?(): void;
  /** Whether a missed webhook is recovered by asking the provider (manual's gateway is the only word). */
  looksUp: boolean;
  close(): Promise<void>;
}

export function connectorContract(name: string, make: () => Promise<ContractHarness>) {
  describe(`the connector contract: ${name}`, () => {
    let h: ContractHarness;
    beforeAll(async () => {
      h = await make();
    }, 120_000);
    afterAll(() => h?.close());
    const refund = (id: number, amount?: number) =>
      h.api.call('POST', '/api/receive-money/refund', { id, ...(amount !== undefined && { amount }), reason: 'contract' });
    const paidOrder = async () => {
      const o = await h.order();
      await h.pay(o);
      expect((await stored(h.api, o.id)).row.status).toBe('completed');
      return o;
    };
    const skipUnless = (can: unknown, why: string) => {
      if (!can) console.info(`[contract ${name}] skipped: ${why}`);
      return !can;
    };

    it('gives the payer a checkout on the first click and the same one on later clicks', async () => {
      const o = await h.order();
      const first = dataOf(await h.click(o.tradeNo)).payUrl;
      expect(first).toMatch(/^https?:\/\//);
      h.api.clock.now += 120;
      expect(dataOf(await h.click(o.tradeNo)).payUrl).toBe(first);
    });

    it('a payment completes the order once, with one event and one callback, however often it is reported', async () => {
      const o = await h.order();
      await h.pay(o);
      expect([200]).toContain(await h.replay());
      await h.check(o.tradeNo);
      const { row, events, callbacks } = await stored(h.api, o.id);
      expect(row).toMatchObject({ status: 'completed', paidAmount: expect.anything() });
      expect(Number(row.paidAmount)).toBe(100);
      expect(events.filter((e) => e.toStatus === 'completed')).toHaveLength(1);
      expect(callbacks.filter((c) => JSON.parse(c.payload).type === 'order.completed')).toHaveLength(1);
    });

    it('an underpayment is kept as an exception of what was received, counted once', async () => {
      const o = await h.order();
      await h.pay(o, { amount: 60 });
      await h.replay();
      h.api.clock.now += 3600;
      await h.api.t.app.paydesk.payments.lookUpDue();
      await h.check(o.tradeNo);
      const { row } = await stored(h.api, o.id);
      expect(row).toMatchObject({ status: 'pending', exception: 'underpaid' });
      expect(Number(row.exceptionAmount)).toBe(60);
    });

    it('a payment whose webhook never came is found by the look-up', async () => {
      if (skipUnless(h.looksUp, 'no provider to ask: the gateway\'s own notification is the only word on a manual order')) return;
      const o = await h.order();
      await h.pay(o, { quiet: true });
      expect((await stored(h.api, o.id)).row.status).toBe('pending');
      h.api.clock.now += 3600;
      await h.api.t.app.paydesk.payments.lookUpDue();
      const { row, callbacks } = await stored(h.api, o.id);
      expect(row.status).toBe('completed');
      expect(callbacks.filter((c) => JSON.parse(c.payload).type === 'order.completed')).toHaveLength(1);
    });

    it('a forged or stale notification is refused and changes nothing', async () => {
      const o = await h.order();
      await h.click(o.tradeNo);
      expect(await h.forged(o)).toBe(401);
      expect(await h.stale(o)).toBe(401);
      expect((await stored(h.api, o.id)).row.status).toBe('pending');
    });

    it('refunds part, then the rest; never more than was paid', async () => {
      const o = await paidOrder();
      expect(dataOf(await refund(o.id, 40), 201).refund).toMatchObject({ state: 'succeeded', amount: 40 });
      expectRefused(await refund(o.id, 61), 'amount', 'receive-money');
      const rest = dataOf(await refund(o.id), 201);
      expect(rest.refund.amount).toBe(60);
      expect(rest.order).toMatchObject({ status: 'refunded', refundedAmount: 100 });
      expect((await refund(o.id, 1)).status).toBe(409);
    });

    it('refunds asked at once never pass what was paid', async () => {
      const o = await paidOrder();
      const answers = await Promise.all(Array.from({ length: 4 }, () => refund(o.id, 30)));
      expect(answers.filter((r) => r.status === 201)).toHaveLength(3);
      expect(Number((await stored(h.api, o.id)).row.refundedAmount)).toBe(90);
    });

    it('a refund the provider refuses is failed with its reason and gives the amount back', async () => {
      if (skipUnless(h.refuseNextRefund, 'refunds are made off-gateway and recorded as done')) return;
      const o = await paidOrder();
      h.refuseNextRefund!();
      const refused = await refund(o.id, 10);
      expect(refused.status).toBe(409);
      expect(refused.body.data.refund).toMatchObject({ state: 'failed', failure: expect.any(String) });
      expect(Number((await stored(h.api, o.id)).row.refundedAmount)).toBe(0);
    });

    it('a provider that is down is a 502 to the payer, a pending refund to the operator, and nothing is lost', async () => {
      if (skipUnless(h.down, 'no provider is called')) return;
      const o = await h.order();
      h.down!(3);
      const click = await h.click(o.tradeNo);
      expect(click.status).toBe(502);
      h.down!(0);
      expect(dataOf(await h.click(o.tradeNo)).payUrl).toMatch(/^https?:\/\//);
      const paid = await paidOrder();
      h.down!(3);
      const r = await refund(paid.id, 10);
      h.down!(0);
      // Held for the amount, waiting for the provider's word.
      expect(dataOf(r, 201).refund.state).toBe('pending');
      // Asked again later with the same key: one refund, recorded once.
      await h.api.t.app.paydesk.payments.resumeRefunds();
      h.api.clock.now += 3600;
      await h.api.t.app.paydesk.payments.resumeRefunds();
      expect(Number((await stored(h.api, paid.id)).row.refundedAmount)).toBe(10);
    });
  });
}
