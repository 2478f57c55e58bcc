/**
 * Money that arrived where it did not fit (an exception, one per payment)
 * and waits to be accepted or refunded. The orders list filters the orders
 * holding any; the menu and the switch count the open exceptions themselves
 * (an order holding two counts two).
 */
import { useGetList } from 'react-admin';
import { ORDER_EXCEPTIONS } from '../../../schema/options';
import { usePermission } from '../../permissions';
import { actionRule } from '../../schema';

/** The list filter: any open exception at all (the order's summary column names its newest; a comma list is `IN` for the server). */
export const NEEDS_ATTENTION = { exception: ORDER_EXCEPTIONS.join(',') } as const;

/** The exceptions still waiting for an operator. */
export const OPEN_EXCEPTIONS = { state: 'open' } as const;

export const needsAttention = (filters: Record<string, unknown>) => filters.exception === NEEDS_ATTENTION.exception;

/** How often the menu's count is asked again while the console is open (any action refreshes it at once). */
const RECOUNT_MS = 60_000;

/**
 * How many open exceptions wait; null when the caller may not list them or the count is not in yet. A caller who may
 * list orders but not their exceptions is told how many orders hold any.
 */
export function useAttentionCount(): number | null {
  const can = usePermission();
  const perException = can(actionRule('order-exceptions', 'rows'));
  const allowed = perException || can(actionRule('receive-money', 'rows'));
  const { total } = useGetList(
    perException ? 'order-exceptions' : 'receive-money',
    { filter: perException ? OPEN_EXCEPTIONS : NEEDS_ATTENTION, pagination: { page: 1, perPage: 1 }, sort: { field: 'id', order: 'DESC' } },
    { enabled: allowed, refetchInterval: RECOUNT_MS },
  );
  return allowed && typeof total === 'number' ? total : null;
}
