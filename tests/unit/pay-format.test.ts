import { describe, expect, it } from 'vitest';
import { translate } from '../../schema/i18n';
import catalogs from '../../schema/i18n/pay';
import { CURRENCIES, CURRENCY_SYMBOLS } from '../../schema/options';
import { formatDuration, spokenTimeLeft } from '../../pay/countdown';
import { formatMoney, minorDigits } from '../../schema/money';
import { parseHash } from '../../pay/hash';

const zh = (key: string, params?: Record<string, unknown>) => translate(catalogs['zh-cn'], key, params);

describe('amount shown to the payer', () => {
  it.each(CURRENCIES)('%s starts with its own symbol', (currency) => {
    expect(formatMoney(12, currency, 'zh-cn').startsWith(CURRENCY_SYMBOLS[currency])).toBe(true);
  });

  it('pads to the currency minor digits and groups thousands', () => {
    expect(formatMoney(1234.5, 'HKD', 'zh-cn')).toBe('HK$1,234.50');
    expect(formatMoney('99.9', 'CNY', 'en-us')).toBe('¥99.90');
    expect(formatMoney(1000, 'JPY', 'en-us')).toBe('¥1,000');
  });

  it('never rounds away what is owed', () => {
    expect(formatMoney(12.34, 'JPY', 'en-us')).toBe('¥12.34');
  });

  it('uses each currency\'s minor units: none for JPY and KRW, two for most', () => {
    expect(minorDigits('JPY')).toBe(0);
    expect(minorDigits('KRW')).toBe(0);
    expect(minorDigits('USD')).toBe(2);
    expect(formatMoney(15000000, 'KRW', 'ko-kr')).toBe('₩15,000,000');
    expect(formatMoney(1234, 'JPY', 'ja-jp')).toBe('¥1,234');
    expect(formatMoney(15000000, 'CNY', 'zh-cn')).toBe('¥15,000,000.00');
    expect(formatMoney(1234.5, 'EUR', 'ru-ru')).toBe('€1\u00a0234,50');
  });

  it('shows nothing for a missing amount, and the code for an unknown currency', () => {
    expect(formatMoney(undefined, 'USD', 'en-us')).toBe('');
    expect(formatMoney(5, 'XYZ', 'en-us')).toBe('XYZ5.00');
  });
});

describe('countdown text', () => {
  it('uses minutes under an hour, hours under a day, then days', () => {
    expect(formatDuration(15 * 60, zh)).toBe('15:00');
    expect(formatDuration(59, zh)).toBe('00:59');
    expect(formatDuration(3600, zh)).toBe('01:00:00');
    expect(formatDuration(3 * 86_400 - 1, zh)).toBe('2 天 23:59:59');
  });

  it('speaks whole minutes, so the live region changes once a minute', () => {
    expect(spokenTimeLeft(14 * 60 + 1, zh)).toBe('剩余支付时间 15:00');
    expect(spokenTimeLeft(14 * 60 + 59, zh)).toBe(spokenTimeLeft(14 * 60 + 1, zh));
  });
});

describe('hash routes', () => {
  it('normalises the path and reads the query', () => {
    expect(parseHash('').path).toBe('/');
    expect(parseHash('#/').path).toBe('/');
    const route = parseHash('#/pay/emit/?tradeNo=a%2Bb&x=1');
    expect(route.path).toBe('/pay/emit');
    expect(route.query.get('tradeNo')).toBe('a+b');
  });
});
