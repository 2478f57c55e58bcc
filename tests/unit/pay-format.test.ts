import { describe, expect, it } from 'vitest';
import { translate } from '../../schema/i18n';
import catalogs from '../../schema/i18n/pay';
import { CURRENCIES } from '../../schema/options';
import { formatDuration, spokenTimeLeft } from '../../pay/countdown';
import { formatMoney, minorDigits } from '../../schema/money';
import { parseHash } from '../../pay/hash';

const zh = (key: string, params?: Record<string, unknown>) => translate(catalogs['zh-cn'], key, params);

describe('amount shown to the payer', () => {
  it.each(CURRENCIES)('%s shows its digits in every language', (currency) => {
    for (const lang of ['zh-cn', 'en-us', 'ja-jp', 'ko-kr', 'ru-ru']) expect(formatMoney(12, currency, lang)).toMatch(minorDigits(currency) ? /12[.,]00/ : /12(?![.,]\d)/);
  });

  it('tells the currencies that share a sign apart in the reader\'s language (issue 31 item 4)', () => {
    expect([formatMoney(1235, 'JPY', 'zh-cn'), formatMoney(1234.5, 'CNY', 'zh-cn')]).toEqual(['JP¥1,235', '¥1,234.50']);
    expect([formatMoney(1235, 'JPY', 'en-us'), formatMoney(1234.5, 'CNY', 'en-us')]).toEqual(['¥1,235', 'CN¥1,234.50']);
    expect([formatMoney(5, 'USD', 'zh-cn'), formatMoney(5, 'USD', 'en-us'), formatMoney(5, 'MXN', 'en-us')]).toEqual(['US$5.00', '$5.00', 'MX$5.00']);
    for (const lang of ['zh-cn', 'en-us', 'ja-jp', 'ko-kr', 'ru-ru']) {
      const signs = (['JPY', 'CNY', 'USD', 'MXN', 'HKD', 'TWD', 'SGD', 'AUD', 'CAD', 'NZD'] as const).map((c) => formatMoney(1, c, lang).replace(/[\d.,\s\u00a0]/g, ''));
      expect(new Set(signs).size, `${lang}: ${signs.join(' ')}`).toBe(signs.length);
    }
  });

  it('pads to the currency minor digits and groups thousands', () => {
    expect(formatMoney(1234.5, 'HKD', 'zh-cn')).toBe('HK$1,234.50');
    expect(formatMoney('99.9', 'CNY', 'zh-cn')).toBe('¥99.90');
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
    expect(formatMoney(1234, 'JPY', 'ja-jp')).toBe('￥1,234');
    expect(formatMoney(15000000, 'CNY', 'zh-cn')).toBe('¥15,000,000.00');
    expect(formatMoney(1234.5, 'EUR', 'ru-ru')).toBe('1\u00a0234,50\u00a0€');
  });

  it('shows nothing for a missing amount, and the code for an unknown currency', () => {
    expect(formatMoney(undefined, 'USD', 'en-us')).toBe('');
    expect(formatMoney(5, 'XYZ', 'en-us')).toBe('XYZ\u00a05.00');
    expect(formatMoney(5, 'not a code', 'en-us')).toBe('not a code 5.00');
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
