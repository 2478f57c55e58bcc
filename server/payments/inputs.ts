/** The request bodies the payment routes share: an order's id, an operator's reason, a payer's tradeNo, and their one parser. */
import { z } from 'zod';
import { receiveMoney } from '../../schema';
import { invalid, zodIssues } from '../engine/params';

export const orderId = z.number({ error: 'validation.invalid_id' }).int({ error: 'validation.invalid_id' }).positive({ error: 'validation.invalid_id' });
export const reason = z.string({ error: 'validation.reason_required' }).trim().min(1, { error: 'validation.reason_required' }).max(256, { error: 'validation.max_length' });
/** A payer's tradeNo, never blank, and otherwise as the order's schema field takes it (its length and characters). */
export const tradeNo = z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).pipe(receiveMoney.fields.tradeNo.input as z.ZodType<string, string>);

/** Parses a body, or refuses it with a 400 naming every bad field. */
export function parseBody<T>(schema: z.ZodType<T>, input: unknown): T {
  const result = schema.safeParse(input ?? {});
  if (!result.success) invalid(zodIssues(result.error));
  return result.data;
}
