/** The answer of `GET /api/dashboard/figures` (server/dashboard/figures.ts and attention.ts). */
export interface CurrencyFigures {
  currency: string;
  collected: number;
  paid: number;
  payments: number;
  refunded: number;
  refunds: number;
  orders: Record<string, number>;
  conversion: number | null;
  medianPay: { low: number; high: number | null } | null;
  exceptions: Record<string, number>;
}

export interface CallbackRow { id: number; orderId: number; tradeNo: string; state: string; tries: number; lastCode: number }
export interface ExceptionRow { id: number; tradeNo: string; title: string; exception: string; exceptionAmount: number; exceptionCurrency: string; currency: string }

export interface DashboardData {
  zone: string;
  from: string;
  to: string;
  days: string[];
  currencies: CurrencyFigures[];
  collectedByDay: Array<{ currency: string; values: number[] }>;
  ordersByDay: Array<{ status: string; values: number[] }>;
  attention: {
    callbacks: { total: number; rows: CallbackRow[] };
    exceptions: { total: number; rows: ExceptionRow[] };
  };
}
