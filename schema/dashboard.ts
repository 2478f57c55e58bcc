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

/** A callback that failed or is being tried again after a failure. */
export interface AttentionCallback { id: number; orderId: number; tradeNo: string; state: string; tries: number; lastCode: number; nextTime: number; updateTime: number }
/** An order with an open exception (paid late, under, over, in another currency). */
export interface AttentionException { id: number; tradeNo: string; title: string; exception: string; exceptionAmount: number; exceptionCurrency: string; currency: string; updateTime: number }

export interface Attention {
  callbacks: { total: number; rows: AttentionCallback[] };
  exceptions: { total: number; rows: AttentionException[] };
}

export interface DashboardData extends Figures {
  zone: string;
  from: string;
  to: string;
  attention: Attention;
}
