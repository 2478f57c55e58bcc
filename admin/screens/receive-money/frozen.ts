/**
 * What an order's form may still change. Once an order has left `pending` or
 * a provider holds a checkout for it, what was (or is being) charged is fixed:
 * amount, currency, channel and payType; its pay link is fixed once it left
 * `pending`. The server refuses such a change with 409; the form shows these
 * read-only so nobody types what will be refused.
 */
export const CHARGE_FIELDS = ['amount', 'currency', 'channel', 'payType'] as const;

export interface OrderState {
  id?: unknown;
  status?: unknown;
  checkoutId?: unknown;
}

const stored = (order: OrderState) => order.id !== undefined && order.id !== null && order.id !== '';

export const chargeFrozen = (order: OrderState) => stored(order) && ((order.status ?? 'pending') !== 'pending' || Boolean(order.checkoutId));

export const payUrlFrozen = (order: OrderState) => stored(order) && (order.status ?? 'pending') !== 'pending';
