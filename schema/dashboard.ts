/**
 * The answer of `GET /api/dashboard/figures`, declared once for the server
 * that builds it (server/dashboard/) and the console that draws it.
 */
export interface CurrencyFigures {
  currency: string;
  /** Paid minus refunded in the period, in the currency's unit. */
  collected: number;
  paid: number;
  payments: number;
  refunded: number;
  refunds: number;
  /** Orders made in the period, by their status now. */
  orders: Record<string, number>;
  /** Paid (completed, or completed and later refunded) ÷ ended (those, failed and expired); null when none ended. */
  conversion: number | null;
  /** The histogram bucket holding the median creation-to-payment delay of the period's payments, in seconds (`high` null: past the last bound). */
  medianPay: { low: number; high: number | null } | null;
  /** Open exceptions on orders made in the period, by kind. */
  exceptions: Record<string, number>;
}

export interface Figures {
  days: string[];
  currencies: CurrencyFigures[];
  /** Net collected per day, per currency. */
  collectedByDay: Array<{ currency: string; values: number[] }>;
  /** Orders made per day, per status (every currency). */
  ordersByDay: Array<{ status: string; values: number[] }>;
}

/** Why a merchant callback's last try failed, in kinds the console words in the reader's language. */
export type CallbackErrorKind = 'http' | 'refused' | 'timeout' | 'dns' | 'blocked' | 'network' | 'none';

/** The kind of a callback attempt's failure: its HTTP status, or what the connection said (server/payments/outbox.ts keeps its text). */
export function callbackErrorKind(attempt: { code?: number; error?: string; refused?: boolean } | undefined): CallbackErrorKind {
  if (!attempt) return 'none';
  if (attempt.refused) return 'blocked';
  if (attempt.code) return 'http';
  const error = attempt.error ?? '';
  if (/ECONNREFUSED/.test(error)) return 'refused';
  if (/timeout|timed out|ETIMEDOUT|aborted/i.test(error)) return 'timeout';
  if (/ENOTFOUND|EAI_AGAIN/.test(error)) return 'dns';
  return 'network';
}

/** A merchant callback that gave up or is being tried again after a failure: its last error and its next try (0: none). */
export interface AttentionCallback { id: number; state: string; tries: number; code: number; error: CallbackErrorKind; nextTime: number }
/** Money on the order that did not fit (paid late, under, over, in another currency), still open. */
export interface AttentionException { id: number; kind: string; amount: number; currency: string }
/** One order that needs an operator, naming what is wrong with it. */
export interface AttentionEntry {
  orderId: number;
  tradeNo: string;
  title: string;
  updateTime: number;
  exceptions: AttentionException[];
  callback: AttentionCallback | null;
}

export interface Attention {
  /** Orders that need attention, callbacks failing and open exceptions, in all (the entries are the newest few). */
  orders: number;
  callbacks: number;
  exceptions: number;
  entries: AttentionEntry[];
}

export interface DashboardData extends Figures {
  zone: string;
  from: string;
  to: string;
  attention: Attention;
}
