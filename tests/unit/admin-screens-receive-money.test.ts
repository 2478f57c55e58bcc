/**
 * The order screen's payment channels: offered per currency (SPEC §3), and a
 * channel the new currency lacks is dropped.
 */
import { describe, expect, it } from 'vitest';
import { channelsOf, keptChannel } from '../../admin/screens/receive-money/channels';

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
