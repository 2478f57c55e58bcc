/** The payment providers Paydesk takes orders through, by the name an order's `channel` holds. */
import type { PayProvider } from '../../../schema/options';
import type { Connector } from './connector';
import { manualConnector } from './manual';
import { paypalConnector, type PayPalOptions, type PayPalSettings } from './paypal';
import { stripeConnector, type StripeOptions } from './stripe';

export type { Connector } from './connector';

export interface ConnectorSettings {
  standard: { secrets: string };
  stripe: { secret_key: string; secrets: string };
  paypal: PayPalSettings;
}

export interface ConnectorOptions {
  stripe?: StripeOptions;
  paypal?: PayPalOptions;
}

export function makeConnectors(settings: () => ConnectorSettings, options: ConnectorOptions = {}): Record<PayProvider, Connector> {
  return {
    manual: manualConnector(() => settings().standard),
    stripe: stripeConnector(() => settings().stripe, options.stripe),
    paypal: paypalConnector(() => settings().paypal, options.paypal),
  };
}
