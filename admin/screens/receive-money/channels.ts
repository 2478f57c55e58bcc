/**
 * Which payTypes an order may name: those of its channel (provider) and
 * currency, as the server checks them (`payTypesFor`); a currency without any
 * has none to choose.
 */
import { CURRENCIES, payTypesFor, type Currency } from '../../../schema/options';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** Only a known currency is looked up: a name like `constructor` must not reach the tables' prototypes. */
export const channelsOf = (currency: unknown, channel: unknown = 'manual'): readonly string[] =>
  CURRENCIES.includes(text(currency) as Currency) ? payTypesFor(text(channel) || 'manual', text(currency)) : [];

/** The payType kept after a currency or channel change: the same one if still offered, else none. */
export const keptChannel = (payType: unknown, currency: unknown, channel: unknown = 'manual'): string =>
  typeof payType === 'string' && channelsOf(currency, channel).includes(payType) ? payType : '';
