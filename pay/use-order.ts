/**
 * The order a pay page shows, read once per page (the first page's read was
 * started by the front door), then, while it is pending, asked for again
 * every 1.5 s so that a payment, a failure or an expiry shows within 3 s
 * without a reload. Polling stops at a final status and while the page is hidden.
 *
 * A first read the server did not answer (a network blip, a 5xx) is tried
 * again after 1, 2 and 4 s; only then does the page say it could not load,
 * with a button that starts over. "No such order" is the server's answer only.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { checkOrder, claimOrder, pollOrder, takeOrder, type PublicOrder } from './api';

export type OrderLoad =
  | { loaded: false; failed?: undefined }
  | { loaded: true; order: PublicOrder | null; failed?: undefined }
  | { loaded: false; failed: true; retry: () => void };

export const POLL_MS = 1500;
/** The waits before each new try of a failed first read. */
export const RETRY_DELAYS_MS = [1000, 2000, 4000];

type ReadState = { loaded: false; failed?: true } | { loaded: true; order: PublicOrder | null };

/**
 * The order of `tradeNo`; `loaded` turns true when the answer (or its absence) is known.
 * `check`: once the order reads pending, ask the server to ask its provider, once (a payer
 * back from the provider's checkout sees the payment even if its notification never came).
 */
export function useOrder(tradeNo: string | null, { check = false } = {}): OrderLoad {
  // Claimed during the first render, so an answer that is already here shows without another paint.
  // A page is keyed by its hash (app.tsx): tradeNo never changes under it.
  const [read] = useState(() => (tradeNo ? claimOrder(tradeNo) : null));
  const [load, setLoad] = useState<ReadState>(() =>
    !read ? { loaded: true, order: null } : read.answer !== undefined ? { loaded: true, order: read.answer } : { loaded: false },
  );
  // Bumped by the retry button: the reads start over, the claimed one aside.
  const [round, setRound] = useState(0);
  const reading = !load.loaded && !load.failed;
  useEffect(() => {
    if (!read || !tradeNo || !reading) return;
    let current = true;
    let wait: ReturnType<typeof setTimeout> | undefined;
    const attempt = (tries: number, order: Promise<PublicOrder | null>) => {
      order.then(
        (answer) => current && setLoad({ loaded: true, order: answer }),
        () => {
          if (!current) return;
          const delay = RETRY_DELAYS_MS[tries];
          if (delay === undefined) return setLoad({ loaded: false, failed: true });
          wait = setTimeout(() => attempt(tries + 1, takeOrder(tradeNo)), delay);
        },
      );
    };
    attempt(0, round === 0 ? read.order : takeOrder(tradeNo));
    return () => {
      current = false;
      clearTimeout(wait);
    };
  }, [read, tradeNo, reading, round]);
  const retry = useCallback(() => {
    setLoad({ loaded: false });
    setRound((n) => n + 1);
  }, []);

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
  return load.loaded ? load : load.failed ? { loaded: false, failed: true, retry } : { loaded: false };
}
