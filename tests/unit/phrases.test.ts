/**
 * A payment notification's reason is written in one fixed form by the notify
 * route and read in the reader's words by the console's list (issue 31 item
 * 11): every form the server writes reads back, amounts with their currency.
 */
import { describe, expect, it } from 'vitest';
import { catalogs } from '../../schema/i18n/catalogs';
import { translate, type Lang } from '../../schema/i18n';
import { notifyReasonText, readPhrase, type NotifyReason } from '../../schema/phrases';

const read = (lang: Lang, r: NotifyReason | string) =>
  readPhrase('notifyReason', typeof r === 'string' ? r : notifyReasonText(r), (key, params) => translate(catalogs[lang], key, params), lang);

describe('notification reasons', () => {
  it('read every written form in the reader\'s words, amounts with their currency', () => {
    expect(read('en-us', { kind: 'exception', exception: 'paid_late', expected: 88, expectedCurrency: 'USD', got: 88, gotCurrency: 'USD' }))
      .toBe('Paid late: expected $88.00, received $88.00');
    expect(read('zh-cn', { kind: 'exception', exception: 'wrong_currency', expected: 88, expectedCurrency: 'HKD', got: 1288, gotCurrency: 'JPY' }))
      .toBe('币种不符：应付 HK$88.00，实收 JP¥1,288');
    expect(read('en-us', { kind: 'overpaid', excess: 2.5, currency: 'HKD' })).toBe('Overpaid by HK$2.50');
    expect(read('en-us', { kind: 'already', status: 'completed' })).toBe('Nothing changed: the order was already “Paid”');
    expect(read('ja-jp', { kind: 'ended', status: 'closed' })).not.toMatch(/order is|closed/);
  });

  it('show a text in no known form as it was stored', () => {
    expect(read('en-us', 'the gateway said so')).toBe('the gateway said so');
  });
});
