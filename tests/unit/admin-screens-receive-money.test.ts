/**
 * The order screen's payment channels: offered per currency (SPEC §3), and a
 * channel the new currency lacks is dropped; the dialog's SPEC §5 checks.
 */
import { describe, expect, it } from 'vitest';
import { validateValue } from '../../admin/form/validation';
import { channelsOf, keptChannel } from '../../admin/screens/receive-money/channels';
import { receiveMoney } from '../../schema/index';

describe('payment channels', () => {
  it('offers the channels of the currency and none for a currency without any', () => {
    expect(channelsOf('HKD')).toEqual(['wechat', 'alipay']);
    expect(channelsOf('TWD').length).toBeGreaterThan(0);
    expect(channelsOf('CNY')).toEqual([]);
    expect(channelsOf('constructor')).toEqual([]);
    expect(channelsOf(undefined)).toEqual([]);
  });

  it('keeps a channel the new currency has and clears one it lacks', () => {
    expect(keptChannel('wechat', 'HKD')).toBe('wechat');
    expect(keptChannel('wechat', 'SGD')).toBe('');
    expect(keptChannel('wechat', 'USD')).toBe('');
    expect(keptChannel('', 'HKD')).toBe('');
    expect(keptChannel(null, 'HKD')).toBe('');
  });
});

describe('order dialog checks', () => {
  const { title, amount, currency } = receiveMoney.fields;
  it('asks for a title in the SPEC\'s words (请填写标题) and a currency in the generic ones', () => {
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
