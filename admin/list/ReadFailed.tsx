/**
 * A read that failed says so (issue 31 item 10): the reason in the reader's
 * language and a Retry, in place of the rows, never "No … found" or a row
 * range for rows it does not show. The server's own message is already in
 * the caller's language; a request that never reached it (the browser's
 * "Failed to fetch", a timeout) reads as "the server could not be reached".
 */
import Refresh from '@mui/icons-material/Refresh';
import { Alert, Button } from '@mui/material';
import { useTranslate } from 'react-admin';
import { ApiError } from '../api/http';

/** The words for a failed read: the server's message when it answered with one, else ours. */
export function readFailure(error: unknown, translate: (key: string, options?: object) => string): string {
  if (error instanceof ApiError && error.body?.msg) return error.body.msg;
  if (error instanceof ApiError && error.message.includes('.')) return translate(error.message, { _: translate('admin.view.unreachable') });
  return translate('admin.view.unreachable');
}

export function ReadFailed({ error, what, onRetry }: { error: unknown; what: string; onRetry: () => void }) {
  const translate = useTranslate();
  return (
    <Alert
      severity="error"
      role="alert"
      data-testid="read-failed"
      sx={{ m: 1, alignItems: 'center' }}
      action={<Button color="inherit" size="small" startIcon={<Refresh />} onClick={onRetry}>{translate('admin.view.retry')}</Button>}
    >
      {translate('admin.view.read_failed', { name: what, error: readFailure(error, translate) })}
    </Alert>
  );
}
