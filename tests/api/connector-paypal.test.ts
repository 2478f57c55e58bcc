/** The connector contract (tests/support/connector-contract.ts) for PayPal, against the fake PayPal. */
import { describe } from 'vitest';
import { DIALECTS } from '../support/app';
import { connectorContract } from '../support/connector-contract';
import { paypalTestApi } from './payments-paypal-support';

describe.each(DIALECTS)('PayPal on %s', (dialect) => {
  connectorContract('paypal', async () => {
    const api = await paypalTestApi(dialect);
    const { fake } = api;
    const lastPayment = () => [...fake.events].reverse().find((e) => e.type.startsWith('PAYMENT.CAPTURE.') || e.type === 'CHECKOUT.ORDER.APPROVED')!;
    const captureEvent = (o: Record<string, any>) => JSON.stringify({
      id: `WH-FORGED${Date.now()}`, event_type: 'PAYMENT.CAPTURE.COMPLETED', resource_type: 'capture',
      resource: { id: 'CAPTUREFORGED', status: 'COMPLETED', amount: { currency_code: 'USD', value: '100.00' }, custom_id: o.tradeNo },
    });
    return {
      api, channel: 'paypal', looksUp: true,
      order: (body = {}) => api.paypalOrder({ amount: 100, currency: 'USD', ...body }),
      click: api.click, check: api.check,
      async pay(o, p = {}) {
        const paypalOrder = api.orderOf(await api.click(o.tradeNo));
        if (p.amount !== undefined) fake.captureValue = p.amount.toFixed(2);
        try {
          await (p.quiet ? fake.quietly(() => fake.approve(paypalOrder.id)) : fake.approve(paypalOrder.id));
        } finally {
          fake.captureValue = undefined;
        }
        // The capture's own event is sent while the app commits the capture's answer: both have landed once it is counted.
        if (!p.quiet) await waitFor(() => fake.events.some((e) => e.type.startsWith('PAYMENT.CAPTURE.') && e.sent && e.payload.includes(o.tradeNo)));
      },
      replay: async () => (await fake.resend(lastPayment())).status ?? 0,
      async forged(o) {
        const body = captureEvent(o);
        const headers = fake.sign(body);
        return (await api.notify(body, { ...headers, 'paypal-transmission-sig': headers['paypal-transmission-sig']!.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')) })).status;
      },
      async stale(o) {
        const body = captureEvent(o);
        return (await api.notify(body, fake.sign(body, new Date(Date.now() - 10 * 60_000).toISOString()))).status;
      },
      down: (n) => fake.failNext(n, 503),
      refuseNextRefund: () => fake.failNext(1, 422, 'REFUND_NOT_ALLOWED'),
      close: api.close,
    };
  });
});

async function waitFor(done: () => boolean) {
  for (let i = 0; i < 200 && !done(); i++) await new Promise((r) => setTimeout(r, 10));
}
