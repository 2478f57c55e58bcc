/** The payment providers Paydesk takes orders through, by the name an order's `channel` holds. */
import type { PayProvider } from '../../../schema/options';
import type { Connector } from './connector';
import { manualConnector } from './manual';
import { stripeConnector } from './stripe';

export type { Connector } from './connector';

export interface ConnectorSettings {
  standard: { secrets: string };
  stripe: { secret_key: string; secrets: string };
}

export function makeConnectors(settings: () => ConnectorSettings): Record<PayProvider, Connector> {
  return {
    manual: manualConnector(() => settings().standard),
    stripe: stripeConnector(() => settings().stripe),
  };
}
