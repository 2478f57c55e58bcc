/**
 * Reads one of a table's extra calls (`auth-rules/tree`, `users/briefly`,
 * `auth-group/preset`) through the data provider, so it is signed, cached and
 * counted like every other read. A failure shows the server's message.
 */
import { useEffect, useState } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import type { PaydeskDataProvider } from '../../api/dataProvider';

/** `undefined` while loading; `enabled: false` skips the call. */
export function useExtra<T>(resource: string, name: string, query?: Record<string, unknown>, enabled = true): T | undefined {
  const dataProvider = useDataProvider<PaydeskDataProvider>();
  const notify = useNotify();
  const [data, setData] = useState<T>();
  const key = JSON.stringify(query ?? {});
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    dataProvider.extra<T>(resource, name, JSON.parse(key)).then(
      (answer) => live && setData(answer.data),
      (error: Error) => live && notify(error.message || 'ra.notification.http_error', { type: 'error' }),
    );
    return () => void (live = false);
  }, [dataProvider, notify, resource, name, key, enabled]);
  return data;
}
