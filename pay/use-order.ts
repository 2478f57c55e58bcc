/** The order a pay page shows, read once per page (the first page's read was started by the front door). */
import { useEffect, useState } from 'react';
import { claimOrder, type PublicOrder } from './api';

export type OrderLoad = { loaded: false } | { loaded: true; order: PublicOrder | null };

/** The order of `tradeNo`; `loaded` turns true when the answer (or its absence) is known. */
export function useOrder(tradeNo: string | null): OrderLoad {
  const [load, setLoad] = useState<OrderLoad>({ loaded: false });
  useEffect(() => {
    if (!tradeNo) return setLoad({ loaded: true, order: null });
    let current = true;
    claimOrder(tradeNo).then((order) => current && setLoad({ loaded: true, order }));
    return () => {
      current = false;
    };
  }, [tradeNo]);
  return load;
}
