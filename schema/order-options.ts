/**
 * The option sets and constants of orders, users and lists that need no
 * payment provider: the pay pages import these, so that the providers'
 * declarations (their settings schemas and labels in five languages, and zod
 * with them) stay out of a payer's phone download. `options.ts` re-exports
 * them beside the providers' sets.
 */
/**
 * An order's states. `closed` is an operator's close (its own callback,
 * `order.closed`), apart from `expired` (the expiry job). A paid order refunded
 * in part is `partially_refunded` (stored, so that the status filter, the
 * dashboard's counts and the merchant's callback read it like any state);
 * the rest of its refunds make it `refunded`.
 */
export const ORDER_STATUSES = ['pending', 'completed', 'failed', 'expired', 'refunded', 'closed', 'partially_refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** A status no payment moves: only `pending` is paid, failed, expired or closed; a paid order is refunded. */
export const FINAL_STATUSES: readonly OrderStatus[] = ['completed', 'failed', 'expired', 'refunded', 'closed', 'partially_refunded'];
/** Statuses of an order that was paid and may still be refunded (what is left of it). */
export const REFUNDABLE_STATUSES: readonly OrderStatus[] = ['completed', 'partially_refunded'];
/** Statuses of an order whose payment counts as collected (a refund is counted apart, when it is made). */
export const PAID_STATUSES: readonly OrderStatus[] = ['completed', 'partially_refunded', 'refunded'];
/** Statuses of an order that ended unpaid: no payment fits it any more. */
export const UNPAID_END_STATUSES: readonly OrderStatus[] = ['failed', 'expired', 'closed'];
/** What may move an order (order-events `source`): a notification, the provider looked up, expiry, an operator, a refund. */
export const TRANSITION_SOURCES = ['notify', 'lookup', 'expiry', 'operator', 'refund'] as const;
/**
 * Money that arrived where it does not fit the order (BTCPay's model): paid
 * after the order ended, less or more than asked, or in another currency. The
 * order keeps the flag until an operator accepts or refunds it.
 */
export const ORDER_EXCEPTIONS = ['paid_late', 'underpaid', 'overpaid', 'wrong_currency'] as const;
export type OrderException = (typeof ORDER_EXCEPTIONS)[number];
/** Where one exception (order-exceptions `state`) stands: waiting for an operator, or resolved by accepting or refunding it. */
export const EXCEPTION_STATES = ['open', 'accepted', 'refunded'] as const;
export type ExceptionState = (typeof EXCEPTION_STATES)[number];
export const EXCEPTION_STATE_COLORS: Readonly<Record<string, string>> = { open: '#bf3989', accepted: '#1a7f37', refunded: '#6639ba' };
/** A refund's state at its provider (refunds `state`); a manual refund is recorded `succeeded`. */
export const REFUND_STATES = ['pending', 'succeeded', 'failed'] as const;
export type RefundState = (typeof REFUND_STATES)[number];
/** How a received payment notification ended (pay-notifications `outcome`). */
export const NOTIFY_OUTCOMES = ['applied', 'flagged', 'finished', 'rejected'] as const;
/** A merchant callback's delivery state (callbacks `state`). */
export const CALLBACK_STATES = ['pending', 'delivered', 'failed', 'gone'] as const;
export const USER_STATUSES = ['normal', 'banned'] as const;
export const GENDERS = ['unknown', 'boy', 'girl'] as const;
export const USER_SOURCES = ['default', 'install', 'qq', 'phone', 'email'] as const;
export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** Payment windows of the confirmation pages. */
export const PAY_WINDOW_SECONDS = { index: 15 * 60, emit: 3 * 24 * 3600 } as const;
/** An order expires at most this long after its creation (the emit window); its creator may choose sooner. */
export const ORDER_LIFETIME_SECONDS = PAY_WINDOW_SECONDS.emit;
export const PAGE_SIZES = [10, 20, 30, 40, 50, 100, 200] as const;
export const DEFAULT_PAGE_SIZE = 10;

/** The pay link a payer opens. */
export const payLink = (origin: string, tradeNo: string) => `${origin}/#/pay/emit?tradeNo=${encodeURIComponent(tradeNo)}`;

/**
 * The largest page a list may ask for: `SYSTEM_SAFETY_API.paging.limit` while
 * paging is on, else the largest page size. The server clamps to it and the
 * console offers no larger size, so the two always agree.
 */
export const pageLimit = (paging: { enable: boolean; limit?: number }): number =>
  paging.enable && paging.limit ? paging.limit : PAGE_SIZES[PAGE_SIZES.length - 1]!;

/** The page sizes a list offers under that limit: the usual ones below it, and the limit itself. */
export const pageSizesUpTo = (limit: number): number[] => [...PAGE_SIZES.filter((size) => size < limit), limit];

/**
 * Colours of the order statuses (completed green, pending orange,
 * failed red, anything else grey): the pay result page and the console's
 * status chips both read them here.
 */
export const ORDER_STATUS_COLORS: Readonly<Record<string, string>> = {
  completed: '#1a7f37',
  pending: '#a65200',
  failed: '#cf222e',
  refunded: '#6639ba',
  partially_refunded: '#8250df',
};
export const REFUND_STATE_COLORS: Readonly<Record<string, string>> = { pending: '#a65200', succeeded: '#1a7f37', failed: '#cf222e' };
/** An order exception is a warning an operator must act on. */
export const EXCEPTION_COLORS: Readonly<Record<string, string>> = Object.fromEntries(
  ['paid_late', 'underpaid', 'overpaid', 'wrong_currency'].map((k) => [k, '#bf3989']),
);
export const UNKNOWN_STATUS_COLOR = '#6e7781';
export const orderStatusColor = (status: string): string => ORDER_STATUS_COLORS[status] ?? UNKNOWN_STATUS_COLOR;

/** The files a list's export and the reports come as: CSV (the default) or XLSX. */
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
