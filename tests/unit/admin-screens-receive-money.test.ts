/**
 * The order screen: payment methods offered per provider and currency (the
 * server's own table), one the new currency or provider lacks is dropped;
 * what freezes once money moved; what may be refunded; the dialog's own
 * checks.
 */
import { describe, expect, it } from 'vitest';
import { validateValue } from '../../admin/form/validation';
import { channelsOf, keptChannel } from '../../admin/screens/receive-money/channels';
import { chargeFrozen, payUrlFrozen } from '../../admin/screens/receive-money/frozen';
import { canRefund, refundAmountError, refundLeft } from '../../admin/screens/receive-money/refundRules';
import { receiveMoney } from '../../schema/index';

describe('payment methods', () => {
  it('offers a manual order the methods of its currency, none for a currency without any', () => {
    expect(channelsOf('HKD')).toEqual(['wechat', 'alipay']);
    expect(channelsOf('HKD', 'manual')).toEqual(['wechat', 'alipay']);
    expect(channelsOf('TWD').length).toBeGreaterThan(0);
    expect(channelsOf('CNY')).toEqual([]);
    expect(channelsOf('constructor')).toEqual([]);
    expect(channelsOf('constructor', 'stripe')).toEqual([]);
    expect(channelsOf(undefined)).toEqual([]);
  });

  it('offers a Stripe order only what Stripe takes in that currency', () => {
    expect(channelsOf('HKD', 'stripe')).toEqual(['card', 'alipay', 'wechat']);
    expect(channelsOf('SGD', 'stripe')).toEqual(['card', 'alipay', 'wechat', 'paynow', 'grabpay']);
    expect(channelsOf('MYR', 'stripe')).toEqual(['card', 'alipay', 'fpx', 'grabpay']);
    expect(channelsOf('THB', 'stripe')).toEqual(['card', 'promptpay']);
    // Taiwan ATM and Indonesia's QRIS and bank transfer: no Stripe account takes them.
    expect(channelsOf('TWD', 'stripe')).toEqual(['card']);
    expect(channelsOf('IDR', 'stripe')).toEqual(['card']);
  });

  it('keeps a method the new currency or provider has and clears one it lacks', () => {
    expect(keptChannel('wechat', 'HKD')).toBe('wechat');
    expect(keptChannel('wechat', 'SGD')).toBe('');
    expect(keptChannel('wechat', 'USD')).toBe('');
    expect(keptChannel('', 'HKD')).toBe('');
    expect(keptChannel(null, 'HKD')).toBe('');
    expect(keptChannel('wechat', 'MYR', 'stripe')).toBe('');
    expect(keptChannel('card', 'MYR', 'stripe')).toBe('card');
    expect(keptChannel('card', 'MYR', 'manual')).toBe('card');
    expect(keptChannel('promptpay', 'THB', 'stripe')).toBe('promptpay');
    expect(keptChannel('qris', 'IDR', 'stripe')).toBe('');
  });
});

describe('what an order may still change', () => {
  it('lets a new order and a pending one without a checkout change what is charged', () => {
    expect(chargeFrozen({})).toBe(false);
    expect(chargeFrozen({ id: 3, status: 'pending', checkoutId: '' })).toBe(false);
    expect(payUrlFrozen({ id: 3, status: 'pending' })).toBe(false);
  });

  it('fixes the amount once a checkout exists or the order left pending, and the pay link once it left pending', () => {
    expect(chargeFrozen({ id: 3, status: 'pending', checkoutId: 'cs_test_1' })).toBe(true);
    expect(payUrlFrozen({ id: 3, status: 'pending', checkoutId: 'cs_test_1' })).toBe(false);
    for (const status of ['completed', 'failed', 'expired', 'refunded']) {
      expect(chargeFrozen({ id: 3, status })).toBe(true);
      expect(payUrlFrozen({ id: 3, status })).toBe(true);
    }
  });
});

describe('refunds', () => {
  it('leaves what was paid less what was refunded, to the currency\'s minor unit', () => {
    expect(refundLeft({ paidAmount: 88, refundedAmount: 44, currency: 'HKD' })).toBe(44);
    expect(refundLeft({ paidAmount: 0.3, refundedAmount: 0.1, currency: 'USD' })).toBe(0.2);
    expect(refundLeft({ paidAmount: 1000, refundedAmount: 0, currency: 'JPY' })).toBe(1000);
    expect(refundLeft({ paidAmount: 10, refundedAmount: 10, currency: 'USD' })).toBe(0);
  });

  it('offers a refund only on a completed order with money left', () => {
    expect(canRefund({ status: 'completed', paidAmount: 88, refundedAmount: 0, currency: 'HKD' })).toBe(true);
    expect(canRefund({ status: 'completed', paidAmount: 88, refundedAmount: 88, currency: 'HKD' })).toBe(false);
    expect(canRefund({ status: 'pending', paidAmount: 0, refundedAmount: 0, currency: 'HKD' })).toBe(false);
    expect(canRefund({ status: 'refunded', paidAmount: 88, refundedAmount: 88, currency: 'HKD' })).toBe(false);
  });

  it('refuses an amount that is blank, not above 0, finer than the currency or over what is left', () => {
    expect(refundAmountError('44', 88, 'HKD')).toBeUndefined();
    expect(refundAmountError('88.00', 88, 'HKD')).toBeUndefined();
    expect(refundAmountError(' ', 88, 'HKD')).toBe('validation.required');
    expect(refundAmountError('0', 88, 'HKD')).toMatch(/amount_positive$/);
    expect(refundAmountError('abc', 88, 'HKD')).toMatch(/amount_positive$/);
    expect(refundAmountError('1.5', 1000, 'JPY')).toMatch(/amount_decimals$/);
    expect(refundAmountError('88.01', 88, 'HKD')).toMatch(/amount_over$/);
  });
});

describe('order dialog checks', () => {
  const { title, amount, currency } = receiveMoney.fields;
  it('asks for a title in its own words (请填写标题) and a currency in the generic ones', () => {
    expect(validateValue(title, '')?.message).toBe('validation.title_required');
    expect(validateValue(title, 't'.repeat(25))?.message).toBe('validation.max_length');
    expect(validateValue(currency, '')?.message).toBe('validation.required');
  });

  it('takes an amount of at least 1 with at most 2 decimals', () => {
    expect(validateValue(amount, 12.5)).toBeUndefined();
    expect(validateValue(amount, 1)).toBeUndefined();
    expect(validateValue(amount, 0.99)?.message).toBe('validation.min_value');
    expect(validateValue(amount, 12.345)?.message).toBe('validation.decimals');
  });
});
