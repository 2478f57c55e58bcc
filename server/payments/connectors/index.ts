/**
 * The payment providers Paydesk takes orders through, by the name an order's
 * `channel` holds: one line each. Each connector is handed its own pay.toml
 * section (named by its declaration, schema/providers/) and what the
 * process was told from outside (another API base: a fake).
 */
import { PAY_PROVIDER_DECLARATIONS } from '../../../schema/providers';
import { PAY_PROVIDERS, type PayProvider } from '../../../schema/options';
import type { SettingsOf } from '../../../schema/settings';
import type { Connector } from './connector';
import { manualConnector } from './manual';
import { paypalConnector } from './paypal';
import { stripeConnector } from './stripe';

export type { Connector } from './connector';

const FACTORIES = { manual: manualConnector, stripe: stripeConnector, paypal: paypalConnector };

/** pay.toml, of which each connector reads its own section. */
export type ConnectorSettings = SettingsOf<'pay'>;

/** What every connector is handed besides its settings. */
export interface ConnectorEnv {
  /** Another API base per provider (main.ts: `<NAME>_API_BASE`, e.g. STRIPE_API_BASE): a local fake; the provider's own when unset. */
  apiBases?: Partial<Record<PayProvider, string>>;
  /** Epoch milliseconds (the app's clock): token and checkout lifetimes follow it. */
  now?: () => number;
}

type Factory = (settings: () => never, options: { apiBase?: string; now?: () => number }) => Connector;

export function makeConnectors(settings: () => ConnectorSettings, env: ConnectorEnv = {}): Record<PayProvider, Connector> {
  const factories: Record<PayProvider, Factory> = FACTORIES;
  return Object.fromEntries(PAY_PROVIDERS.map((name) => {
    const section = PAY_PROVIDER_DECLARATIONS[name].section as keyof ConnectorSettings;
    return [name, factories[name](() => settings()[section] as never, { apiBase: env.apiBases?.[name], now: env.now })];
  })) as Record<PayProvider, Connector>;
}
