/**
 * Amounts in Stripe's minor units, against Stripe's own list of currencies
 * (docs.stripe.com/currencies, "Zero-decimal currencies" and "Special cases"),
 * written out here rather than read from the module: a currency dropped from
 * the module's list would charge a payer 100 times the order.
 */
import { describe, expect, it } from 'vitest';
import { fromMinor, stripeCanCharge, toMinor } from '../../server/payments/connectors/stripe-money';

const STRIPE_ZERO_DECIMAL = ['BIF', 'CLP', 'DJF', 'GNF', 'JPY', 'KMF', 'KRW', 'MGA', 'PYG', 'RWF', 'UGX', 'VND', 'VUV', 'XAF', 'XOF', 'XPF'];
const STRIPE_WHOLE_UNITS = ['HUF', 'TWD', 'ISK'];

describe('Stripe amounts', () => {
  it.each(STRIPE_ZERO_DECIMAL)('%s is sent and read in whole units', (currency) => {
    expect([toMinor(1288, currency), fromMinor(1288, currency)]).toEqual([1288, 1288]);
  });

  it.each(['USD', 'EUR', 'HKD', 'CNY', ...STRIPE_WHOLE_UNITS])('%s is sent and read in hundredths', (currency) => {
    expect([toMinor(300, currency), fromMinor(30000, currency)]).toEqual([30000, 300]);
  });

  it.each(STRIPE_WHOLE_UNITS)('%s is charged only in whole units', (currency) => {
    expect([stripeCanCharge(300, currency), stripeCanCharge(12.5, currency)]).toEqual([true, false]);
  });

  it('charges fractions where the currency has them, rounding to the cent', () => {
    expect([stripeCanCharge(12.5, 'USD'), toMinor(12.345, 'USD'), toMinor(0.1 + 0.2, 'EUR')]).toEqual([true, 1235, 30]);
  });
});
