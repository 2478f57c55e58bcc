/**
 * What a payment provider declares about itself, browser-safe (schema/
 * imports no server code), beside its connector's code and read by it: the
 * Payments settings (its pay.toml section, rules and defaults), the channel
 * picker, the method-by-currency table, the docs and its labels in every
 * language (schema/i18n/inline/providers.ts files them under the catalog
 * keys) follow from it. A new provider is its declaration here and its line in
 * `index.ts`, its connector and its line in server/payments/connectors/index.ts.
 */
import type { z } from 'zod';
import type { Lang } from '../i18n/index';

/** What a provider is called in one language; each line says the catalog key it fills. */
export interface ProviderLabels {
  /** The channel's name (an order's channel, the pickers): `options.channel.<name>`. */
  channel: string;
  /** The rule of its notify endpoint (API keys, permissions): `actions.notify-<section>`. */
  notify: string;
  /** Its part of the Payments settings: `settings.sections.pay.<section>`. */
  section: string;
  /** Its settings' fields: `settings.pay.<section>.<field>`. */
  fields: Readonly<Record<string, string>>;
  /** Its settings' choices: `settings.options.<set>.<value>`. */
  options?: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** A settings value of its own refused: `validation.<key>` (its fields' `message`). */
  validation?: Readonly<Record<string, string>>;
  /** Refusals of its own (an order it cannot take): `errors.<key>`. */
  errors?: Readonly<Record<string, string>>;
}

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
  /** Its pay.toml section: a strict object made with schema/settings-fields.ts's builders. */
  settings: z.ZodObject;
  /** That section's values on first start: credentials blank, so a provider nobody set up is "not set up". */
  defaults: Readonly<Record<string, unknown>>;
  /** Its names and messages in every language, beside its code as a table's schema carries its own. */
  labels: Readonly<Record<Lang, ProviderLabels>>;
}
