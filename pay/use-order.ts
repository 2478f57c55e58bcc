/** The order a pay page shows, read once per page (the first page's read was started by the front door). */
import { useEffect, useState } from 'react';
import { claimOrder, type PublicOrder } from './api';

export type OrderLoad = { loaded: false } | { loaded: true; order: PublicOrder | null };

/** The order of `tradeNo`; `loaded` turns true when the answer (or its absence) is known. */
export function useOrder(tradeNo: string | null): OrderLoad {
  // Claimed during the first render, so an answer that is already here shows without another paint.
  // A page is keyed by its hash (app.tsx): tradeNo never changes under it.
  const [read] = useState(() => (tradeNo ? claimOrder(tradeNo) : null));
  const [load, setLoad] = useState<OrderLoad>(() =>
    !read ? { loaded: true, order: null } : read.answer !== undefined ? { loaded: true, order: read.answer } : { loaded: false },
  );
  useEffect(() => {
    if (!read || load.loaded) return;
    let current = true;
    read.order.then((order) => current && setLoad({ loaded: true, order }));
    return () => {
      current = false;
    };
  }, [read, load.loaded]);
  return load;
}
