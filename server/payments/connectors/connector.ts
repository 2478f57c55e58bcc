/**
 * The one interface every payment provider implements (Medusa's payment
 * providers, Hyperswitch's connectors): create or reuse a checkout for an
 * order, verify what the provider sends, refund, and look an order up. A
 * connector turns what its provider says into a `Notice`; the state machine
 * (transitions.ts, notify.ts, refunds.ts) applies it and never names a
 * provider. Adding a provider is one file here, its line in `index.ts`, and
 * its section in pay.toml.
 *
 * Where providers differ, the interface leaves room: `verify` may ask the
 * provider (PayPal's verify endpoint), so it may answer a promise; a checkout
 * may need a second step after the payer approves it (PayPal's capture:
 * `complete`), which is signalled by an `ApprovalNotice`.
 */
import type { RefundState } from '../../../schema/options';

/** A provider's word on an order's payment, in Paydesk's terms (amounts in major units, currency upper case). */
export interface PaymentNotice {
  kind: 'payment';
  tradeNo: string;
  to: 'completed' | 'failed' | 'expired';
  /** Below AMOUNT_LIMIT (schema/money.ts): what the money columns hold; a connector refuses anything larger. */
  amount: number;
  /** At most 16 characters (the column); a connector refuses a longer one. */
  currency: string;
  /** The provider's transaction id (Stripe's PaymentIntent), at most 128 characters. */
  reference: string;
  paidTime?: number;
}

/** A provider's word on a refund made through it, or on money it took back on its own. */
export interface RefundNotice {
  kind: 'refund';
  /** The refund's idempotency key as the provider echoes it back (Stripe: `metadata.refundKey`), when it does. */
  refundKey?: string;
  /** The provider's refund id (Stripe `re_…`). */
  reference: string;
  state: RefundState;
  failure?: string;
  /**
   * Money the provider took back on its own (PayPal's reversal of a capture: a chargeback), matching no refund of
   * ours: recorded as a refund of the order whose payment it was (at most what is left of it), so that the order,
   * its totals and the merchant's callback say so. `payment` is the provider's id of that payment (the order's reference).
   */
  taken?: { payment: string; amount: number; currency: string };
}

/**
 * The payer approved a checkout that is not paid until Paydesk completes it
 * (PayPal: an approved order, captured by `complete`). Whoever hears it first
 * (the payer's return, the webhook, the look-up job) completes it; the provider
 * makes that second step once.
 */
export interface ApprovalNotice {
  kind: 'approval';
  tradeNo: string;
}

export type Notice = PaymentNotice | RefundNotice | ApprovalNotice;

export interface Verified {
  /** The notification's id at its provider: applied at most once. */
  id: string;
  /** Null for a verified message about nothing Paydesk tracks (Stripe sends many kinds). */
  notice: Notice | null;
}

/** The order as a connector sees it. */
export interface CheckoutOrder {
  id: number;
  tradeNo: string;
  title: string;
  describe: string;
  amount: number;
  currency: string;
  payType: string;
  status: string;
  expireTime: number;
  payUrl: string;
  checkoutId: string;
  checkoutUrl: string;
  checkoutExpires: number;
  channelTradeNo: string;
}

/** A checkout made at the provider, stored on the order so later clicks reuse it. */
export interface Checkout {
  id: string;
  url: string;
  /** Epoch seconds. */
  expiresAt: number;
}

export interface CheckoutContext {
  /** Epoch seconds: the app's clock. */
  now: number;
  /** Where the payer comes back to (`https://site.example`), for the success and cancel pages. */
  origin: string;
}

export interface RefundRequest {
  order: CheckoutOrder;
  /** refunds.id */
  refundId: number;
  amount: number;
  currency: string;
  reason: string;
  /** Stored before the call and sent with it, so a crash and a retry make one refund at the provider. */
  idempotencyKey: string;
}

export interface RefundResult {
  state: RefundState;
  /** The provider's refund id; blank off-gateway. */
  reference: string;
  failure?: string;
}

/** A provider's module; its name is the key it is registered under (connectors/index.ts). */
export interface Connector {
  /** The route segment of its notifications, `/api/receive-money/notify/<notifyPath>`, and its pay.toml section. */
  readonly notifyPath: string;
  /** Whether an order may be created for it now (Stripe: a secret key is set). */
  ready(): boolean;
  /** Whether it takes test payments only (Stripe: a test key), so the console can say so. */
  testMode?(): boolean;
  /** Whether the provider can charge this amount at all (Stripe takes TWD and HUF in whole units only). */
  canCharge?(amount: number, currency: string): boolean;
  /**
   * Which currencies it takes, and in how many decimals (PayPal: JPY, TWD and HUF in whole units);
   * undefined for a currency it does not take. Absent: it takes any currency (manual).
   */
  decimals?(currency: string): number | undefined;
  /**
   * Checks an inbound notification over its raw bytes: 401 (AppError) when the signature is wrong or stale.
   * May ask the provider (PayPal's verify-webhook-signature), so it may answer a promise.
   */
  verify(raw: Buffer, headers: Record<string, unknown>): Verified | Promise<Verified>;
  /** Where the payer goes: manual answers the order's payUrl; a provider reuses the open checkout or makes one (`created`). */
  checkout(order: CheckoutOrder, ctx: CheckoutContext): Promise<{ url: string; created?: Checkout }>;
  /** Ends the order's open checkout, so nobody pays an order Paydesk has closed. */
  expireCheckout?(order: CheckoutOrder): Promise<void>;
  /** What the provider says of the payment now (an approval when it waits on `complete`); null while nothing has happened there. */
  lookup?(order: CheckoutOrder): Promise<PaymentNotice | ApprovalNotice | null>;
  /**
   * The second step of a checkout the payer approved (PayPal: capture the order), and what the provider then says of
   * the payment. Called only for an order still pending and in its time; asking twice makes one payment at the provider.
   */
  complete?(order: CheckoutOrder): Promise<PaymentNotice | null>;
  refund(request: RefundRequest): Promise<RefundResult>;
  /**
   * One key per payment at the provider, the same whoever reports it (its webhook, a look-up, the second step), so
   * a payment reported twice is applied once and an underpayment is counted once. Absent: each report's own id.
   */
  paymentId?(notice: PaymentNotice): string;
}
