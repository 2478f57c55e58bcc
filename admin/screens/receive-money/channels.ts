/**
 * Which payment channels an order may name (SPEC §3 "Payment channels for
 * currency"): those of its currency in `PAY_CHANNELS`; a currency without any
 * has no channel to choose.
 */
import { PAY_CHANNELS, type Currency } from '../../../schema/options';

export const channelsOf = (currency: unknown): readonly string[] =>
  (typeof currency === 'string' && Object.hasOwn(PAY_CHANNELS, currency) && PAY_CHANNELS[currency as Currency]) || [];

/** The channel kept after a currency change: the same one if the new currency has it, else none. */
export const keptChannel = (payType: unknown, currency: unknown): string =>
  typeof payType === 'string' && channelsOf(currency).includes(payType) ? payType : '';
