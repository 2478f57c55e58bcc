/**
 * Count of requests in flight, for the loading overlay: it opens
 * with the first request and closes when the count falls back to zero.
 */
type Listener = (count: number) => void;
let inFlight = 0;
const listeners = new Set<Listener>();

function set(count: number) {
  inFlight = count;
  for (const listener of listeners) listener(inFlight);
}

export async function track<T>(work: Promise<T>): Promise<T> {
  set(inFlight + 1);
  try {
    return await work;
  } finally {
    set(inFlight - 1);
  }
}

export function onActivity(listener: Listener): () => void {
  listeners.add(listener);
  listener(inFlight);
  return () => listeners.delete(listener);
}
