/**
 * The manual connector: the order's creator gives its `payUrl` (a checkout he
 * made at his own gateway), and that gateway notifies Paydesk by Standard
 * Webhooks at `/api/receive-money/notify/standard`, signed with a secret of
 * pay.toml `[standard]`. Refunds are made off-gateway by the operator and
 * recorded here as done.
 */
import { Webhook } from 'standardwebhooks';
import { z } from 'zod';
import { AMOUNT_LIMIT } from '../../../schema/money';
import { PAY_PROVIDER_SETTINGS } from '../../../schema/settings';
import { AppError, badRequest } from '../../http';
import type { Connector, Verified } from './connector';
import { badSignature, header, requireSecrets } from './verify';

const body = z.object({
  tradeNo: z.string().min(1).max(64),
  status: z.enum(['paid', 'failed']),
  // What the money columns can hold: a larger amount is no payment of ours, and could not be recorded.
  amount: z.number().nonnegative().lt(AMOUNT_LIMIT),
  currency: z.string().min(3).max(16),
  channelTradeNo: z.string().max(128).optional(),
  paidTime: z.number().int().nonnegative().optional(),
});

export function manualConnector(settings: () => { secrets: string }): Connector {
  return {
    notifyPath: PAY_PROVIDER_SETTINGS.manual.section,
    ready: () => true,

    verify(raw, headers): Verified {
      // A missing header stays blank, and the library refuses a message with any of the three blank
      // ("Missing required headers").
      // Stryker disable next-line StringLiteral: what stands in for a missing header cannot matter, as any blank one is refused
      const given = (name: string) => header(headers, name) ?? '';
      const signed = { 'webhook-id': given('webhook-id'), 'webhook-timestamp': given('webhook-timestamp'), 'webhook-signature': given('webhook-signature') };
      const secrets = requireSecrets(settings().secrets);
      const signedWith = (secret: string) => {
        try {
          new Webhook(secret).verify(raw, signed, { jsonParse: false });
        } catch {
          return false;
        }
        return true;
      };
      if (!secrets.some(signedWith)) throw badSignature();
      const parsed = body.safeParse(parseJson(raw));
      if (!parsed.success) throw badRequest('errors.notify_bad_body');
      const b = parsed.data;
      return {
        id: signed['webhook-id'],
        notice: {
          // Stryker disable next-line StringLiteral: the union's tag, for the type checker (which refuses any other); at run time all but 'refund' is a payment
          kind: 'payment',
          tradeNo: b.tradeNo, to: b.status === 'paid' ? 'completed' : 'failed', amount: b.amount,
          currency: b.currency.toUpperCase(), reference: b.channelTradeNo ?? '', paidTime: b.paidTime,
        },
      };
    },

    async checkout(order) {
      // The pay page checks the link too; a manual order without one cannot be paid.
      if (!/^https?:\/\/\S+$/.test(order.payUrl)) throw new AppError(409, 'errors.pay_url_missing');
      return { url: order.payUrl };
    },

    // Money went back outside Paydesk (the operator did it at his gateway): recorded as done.
    async refund() {
      return { state: 'succeeded', reference: '' };
    },
  };
}

// Stryker disable BlockStatement: an empty catch returns undefined too (a directive inside the try would not reach its catch)
/** The body as JSON, or undefined (which the schema then refuses) when it is not JSON. */
function parseJson(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    return undefined;
  }
}
// Stryker restore BlockStatement
