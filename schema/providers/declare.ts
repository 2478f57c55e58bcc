/**
 * What a payment provider declares about itself, browser-safe (schema/
 * imports no server code), beside its connector's code and read by it: the
 * Payments settings, the channel picker, the method-by-currency table and the
 * docs follow from it. A new provider is its declaration here and its line in
 * `index.ts`, its connector and its line in server/payments/connectors/index.ts.
 */

/** payType -> the provider's own name for the method, and the currencies it takes it in. */
export type MethodTable = Readonly<Record<string, { type: string; currencies: readonly string[] | 'any' }>>;

export interface ProviderDeclaration {
  /** Its pay.toml section, also the last segment of its notify URL (the connector's `notifyPath`). */
  section: string;
  /** The webhook events its connector reads, to subscribe to at the provider; absent: the provider sends all it has. */
  events?: readonly string[];
  /** Where in the provider's dashboard the webhook endpoint is added. */
  dashboard?: string;
  /** Whether these stored values take test payments only (the server asks: the values hold secrets). */
  testMode?(values: Record<string, unknown>): boolean;
  /**
   * The payTypes an order may name, with their currencies (Stripe's methods). Empty: none is chosen beforehand
   * (PayPal offers what the payer holds). Absent: the currency's own methods (`PAY_CHANNELS`: the merchant's gateway).
   */
  methods?: MethodTable;
  /** The order's creator gives the payer's link (`payUrl`); otherwise the connector makes the checkout on the pay click. */
  payLink?: boolean;
}
