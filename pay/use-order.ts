/**
 * The order a pay page shows, read once per page (the first page's read was
 * started by the front door), then, while it is pending, asked for again
 * every 1.5 s so that a payment, a failure or an expiry shows within 3 s
 * without a reload. Polling stops at a final status and while the page is hidden.
 */
import { useEffect, useRef, useState } from 'react';
import { checkOrder, claimOrder, pollOrder, type PublicOrder } from './api';

export type OrderLoad = { loaded: false } | { loaded: true; order: PublicOrder | null };

export const POLL_MS = 1500;

/**
 * The order of `tradeNo`; `loaded` turns true when the answer (or its absence) is known.
 * `check`: once the order reads pending, ask the server to ask its provider, once (a payer
 * back from the provider's checkout sees the payment even if its notification never came).
 */
export function useOrder(tradeNo: string | null, { check = false } = {}): OrderLoad {
  // Claimed during the first render, so an answer that is already here shows without another paint.
  // A page is keyed by its hash (app.tsx): tradeNo never changes under it.
  const [read] = useState(() => (tradeNo ? claimOrder(tradeNo) : null));
  const [load, setLoad] = useState<OrderLoad>(() =>
    !read ? { loaded: true, order: null } : read.answer !== undefined ? { loaded: true, order: read.answer } : { loaded: false },
  );
  useEffect(() => {
    if (!read || load.loaded) return;
    let current = true;
    void read.order.then((order) => current && setLoad({ loaded: true, order }));
    return () => {
      current = false;
    };
  }, [read, load.loaded]);

  const status = load.loaded ? load.order?.status : undefined;
  // The one check of this page, kept so that an effect run again (StrictMode, a re-render) reads the same answer.
  const checked = useRef<Promise<PublicOrder | null> | null>(null);
  useEffect(() => {
    if (!check || !tradeNo || status !== 'pending') return;
    checked.current ??= checkOrder(tradeNo);
    let current = true;
    void checked.current.then((order) => {
      if (current && order?.status && order.status !== 'pending') setLoad({ loaded: true, order });
    });
    return () => {
      current = false;
    };
  }, [check, tradeNo, status]);

  useEffect(() => {
    if (!tradeNo || status !== 'pending') return;
    let current = true;
    const timer = setInterval(async () => {
      if (document.hidden) return;
      const order = await pollOrder(tradeNo);
      // A failed poll keeps what the page shows; only news replaces it.
      if (current && order && order.status !== status) setLoad({ loaded: true, order });
    }, POLL_MS);
    return () => {
      current = false;
      clearInterval(timer);
    };
  }, [tradeNo, status]);
  return load;
}
