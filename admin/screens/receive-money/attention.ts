/**
 * Orders that need an operator: money arrived where it did not fit (an
 * exception) and waits to be accepted or refunded. The orders list filters
 * on it and the menu counts it.
 */
import { useGetList } from 'react-admin';
import { ORDER_EXCEPTIONS } from '../../../schema/options';
import { usePermission } from '../../permissions';
import { actionRule } from '../../schema';

/** The list filter: any exception at all (a comma list is `IN` for the server). */
export const NEEDS_ATTENTION = { exception: ORDER_EXCEPTIONS.join(',') } as const;

export const needsAttention = (filters: Record<string, unknown>) => filters.exception === NEEDS_ATTENTION.exception;

/** How often the menu's count is asked again while the console is open (any action refreshes it at once). */
const RECOUNT_MS = 60_000;

/** How many orders need attention; null when the caller may not list orders or the count is not in yet. */
export function useAttentionCount(): number | null {
  const allowed = usePermission()(actionRule('receive-money', 'rows'));
  const { total } = useGetList(
    'receive-money',
    { filter: NEEDS_ATTENTION, pagination: { page: 1, perPage: 1 }, sort: { field: 'id', order: 'DESC' } },
    { enabled: allowed, refetchInterval: RECOUNT_MS },
  );
  return allowed && typeof total === 'number' ? total : null;
}
