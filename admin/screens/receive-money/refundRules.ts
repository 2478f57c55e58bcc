/**
 * What an operator may refund: a paid order with money not yet given
 * back, never more than is left, never finer than the currency's minor unit.
 * The server checks the same cap in the refund's own transaction.
 */
import { decimalsOf, minorDigits } from '../../../schema/money';
import { REFUNDABLE_STATUSES } from '../../../schema/options';

const num = (value: unknown) => (Number.isFinite(Number(value)) ? Number(value) : 0);

/** What is left to refund, rounded to the currency's minor unit (no 0.30000000000000004). */
export function refundLeft(order: Readonly<Record<string, unknown>>): number {
  const digits = minorDigits(String(order.currency ?? ''));
  const left = num(order.paidAmount) - num(order.refundedAmount);
  return Math.max(0, Number(left.toFixed(digits)));
}

export const canRefund = (order: Readonly<Record<string, unknown>>) =>
  (REFUNDABLE_STATUSES as readonly unknown[]).includes(order.status) && refundLeft(order) > 0;

/** The i18n key of what is wrong with a typed amount, or undefined when it may be sent. */
export function refundAmountError(typed: string, left: number, currency: string): string | undefined {
  const text = typed.trim();
  if (!text) return 'validation.required';
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) return 'admin.screens.receive-money.refund.amount_positive';
  if (decimalsOf(value) > minorDigits(currency)) return 'admin.screens.receive-money.refund.amount_decimals';
  if (value > left) return 'admin.screens.receive-money.refund.amount_over';
  return undefined;
}
