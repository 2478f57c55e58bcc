/** The connector contract (tests/support/connector-contract.ts) for Stripe, against the fake Stripe. */
import Stripe from 'stripe';
import { describe } from 'vitest';
import { DIALECTS } from '../support/app';
import { connectorContract } from '../support/connector-contract';
import { sessionOf, STRIPE_WEBHOOK_SECRET, stripeApi } from './payments-stripe-support';

describe.each(DIALECTS)('Stripe on %s', (dialect) => {
  connectorContract('stripe', async () => {
    const api = await stripeApi(dialect);
    const { fake } = api;
    const post = (payload: string, signature: string) => api.t.app.inject({
      method: 'POST', url: '/api/receive-money/notify/stripe', payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });
    const completed = (o: Record<string, any>) => JSON.stringify({
      id: `evt_forged${Date.now()}`, object: 'event', type: 'checkout.session.completed', created: api.clock.now,
      data: { object: { id: 'cs_forged', object: 'checkout.session', client_reference_id: o.tradeNo, amount_total: 10000, currency: 'usd', payment_status: 'paid', payment_intent: 'pi_forged' } },
    });
    return {
      api, channel: 'stripe', looksUp: true,
      order: (body = {}) => api.stripeOrder({ amount: 100, currency: 'USD', ...body }),
      click: api.click, check: api.check,
      async pay(o, p = {}) {
        const session = sessionOf(api, await api.click(o.tradeNo));
        const pay = () => fake.pay(session.id, p.amount === undefined ? {} : { amount: Math.round(p.amount * 100) });
        await (p.quiet ? fake.quietly(pay) : pay());
      },
      replay: async () => (await fake.resend(fake.events[fake.events.length - 1]!)).status ?? 0,
      forged: async (o) => {
        const payload = completed(o);
        return (await post(payload, Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_notthesecret0123456789' }))).statusCode;
      },
      stale: async (o) => {
        const payload = completed(o);
        const timestamp = Math.floor(Date.now() / 1000) - 10 * 60;
        return (await post(payload, Stripe.webhooks.generateTestHeaderString({ payload, secret: STRIPE_WEBHOOK_SECRET, timestamp }))).statusCode;
      },
      down: (n) => fake.failNext(n, 500),
      refuseNextRefund() {
        fake.refundOutcome = 'failed';
        fake.hold = async (endpoint) => {
          if (endpoint !== 'refunds.create') return;
          fake.refundOutcome = 'succeeded';
          fake.hold = undefined;
        };
      },
      close: api.close,
    };
  });
});
