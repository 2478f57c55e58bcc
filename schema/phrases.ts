/**
 * Texts the server stores in a fixed English form (why a payment
 * notification moved nothing, or was flagged), written and read here so that
 * the form stays one: the notify route writes `notifyReasonText`, and a list
 * cell of a field marked `phrase` reads it back in the reader's words
 * (`readPhrase`), amounts with their currency. A text in no known form (older
 * rows, a future form) reads as stored.
 */
import { formatMoney } from './money';

export type NotifyReason =
  | { kind: 'already'; status: string }
  | { kind: 'ended'; status: string }
  | { kind: 'overpaid'; excess: number; currency: string }
  | { kind: 'exception'; exception: string; expected: number; expectedCurrency: string; got: number; gotCurrency: string };

export function notifyReasonText(r: NotifyReason): string {
  switch (r.kind) {
    case 'already': return `already ${r.status}`;
    case 'ended': return `order is ${r.status}`;
    case 'overpaid': return `overpaid by ${r.excess} ${r.currency}`;
    case 'exception': return `${r.exception}: expected ${r.expected} ${r.expectedCurrency}, got ${r.got} ${r.gotCurrency}`;
  }
}

const NUMBER = '(-?\\d+(?:\\.\\d+)?)';
const FORMS: Array<[RegExp, (m: string[]) => NotifyReason]> = [
  [/^already (\w+)$/, (m) => ({ kind: 'already', status: m[1]! })],
  [/^order is (\w+)$/, (m) => ({ kind: 'ended', status: m[1]! })],
  [new RegExp(`^overpaid by ${NUMBER} (\\w+)$`), (m) => ({ kind: 'overpaid', excess: Number(m[1]), currency: m[2]! })],
  [new RegExp(`^(\\w+): expected ${NUMBER} (\\w+), got ${NUMBER} (\\w+)$`), (m) => ({
    kind: 'exception', exception: m[1]!, expected: Number(m[2]), expectedCurrency: m[3]!, got: Number(m[4]), gotCurrency: m[5]!,
  })],
];

export function parseNotifyReason(text: string): NotifyReason | undefined {
  for (const [form, read] of FORMS) {
    const m = form.exec(text);
    if (m) return read(m);
  }
  return undefined;
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A notification's reason in the reader's words: `notifyReason.<kind>`, statuses and exceptions by their labels. */
function readNotifyReason(text: string, translate: Translate, locale: string): string {
  const r = parseNotifyReason(text);
  if (!r) return text;
  const money = (amount: number, currency: string) => formatMoney(amount, currency, locale);
  switch (r.kind) {
    case 'already':
    case 'ended':
      return translate(`notifyReason.${r.kind}`, { status: translate(`options.status.${r.status}`, { _: r.status }) });
    case 'overpaid':
      return translate('notifyReason.overpaid', { excess: money(r.excess, r.currency) });
    case 'exception':
      return translate('notifyReason.exception', {
        exception: translate(`options.exception.${r.exception}`, { _: r.exception }),
        expected: money(r.expected, r.expectedCurrency), got: money(r.got, r.gotCurrency),
      });
  }
}

/** The stored forms a text field may be marked with (`phrase`), and how each reads. */
export const PHRASES = { notifyReason: readNotifyReason } as const;
export type Phrase = keyof typeof PHRASES;

export const readPhrase = (phrase: Phrase, text: string, translate: Translate, locale: string) => PHRASES[phrase](text, translate, locale);
