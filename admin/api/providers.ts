/**
 * The payment providers as the server sees them now (`receive-money/providers`):
 * which can take an order (a Stripe key is set) and which run on a test key.
 * Asked once per console load; a failed read means "only what needs no key".
 */
import { useEffect, useState } from 'react';
import type { PayProvider } from '../../schema/options';
import { call } from './http';

export interface ProviderState {
  name: PayProvider;
  ready: boolean;
  testMode: boolean;
  /** The currencies it takes as set up now; null: any. */
  currencies?: readonly string[] | null;
}

let asked: Promise<ProviderState[]> | undefined;
const readers = new Set<() => void>();

function loadProviders(): Promise<ProviderState[]> {
  asked ??= call<ProviderState[]>('GET', 'receive-money/providers')
    .then((envelope) => (Array.isArray(envelope.data) ? envelope.data : []))
    .catch(() => {
      // Asked again next time: a signed-out console or a passing network error should not stick.
      asked = undefined;
      return [];
    });
  return asked;
}

/** Call after saving the pay settings: every reader asks the server again (a key set or removed shows at once). */
export function forgetProviders(): void {
  asked = undefined;
  for (const reread of readers) reread();
}

/** null while the answer is on its way. */
export function useProviders(): ProviderState[] | null {
  const [providers, setProviders] = useState<ProviderState[] | null>(null);
  useEffect(() => {
    let live = true;
    const read = () => void loadProviders().then((found) => live && setProviders(found));
    read();
    readers.add(read);
    return () => {
      live = false;
      readers.delete(read);
    };
  }, []);
  return providers;
}

export const isReady = (providers: readonly ProviderState[] | null, name: PayProvider) =>
  name === 'manual' || Boolean(providers?.find((p) => p.name === name)?.ready);

export const inTestMode = (providers: readonly ProviderState[] | null) => Boolean(providers?.some((p) => p.ready && p.testMode));

/** Whether the provider takes orders in this currency (unknown yet, or no currency chosen: yes; the server decides). */
export const takesCurrency = (providers: readonly ProviderState[] | null, name: PayProvider, currency: unknown) => {
  const taken = providers?.find((p) => p.name === name)?.currencies;
  return !taken || typeof currency !== 'string' || !currency || taken.includes(currency);
};
