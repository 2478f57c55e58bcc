/**
 * "Send test callback": a signed `ping` to an address the operator gives,
 * sent by the server under the same rules as a real callback (a public
 * address only), with what came back: the status, how long it took, and the
 * first 200 bytes of the answer. A merchant's endpoint is proven before a
 * real payment depends on it.
 */
import Send from '@mui/icons-material/SendOutlined';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import { useId, useState, type FormEvent } from 'react';
import { useTranslate } from 'react-admin';
import { ruleKey } from '../../../schema/rules';
import { ApiError, call } from '../../api/http';
import { promptError } from '../../form/PromptDialog';
import { CodeBlock } from '../../layout/CodeBlock';
import { usePermission } from '../../permissions';

const k = (key: string) => `admin.screens.callbacks.test.${key}`;
const URL_MAX = 1024;
const HTTP_URL = /^https?:\/\/\S+$/;

/** `status` 0: no answer came (refused connection, timeout), and `error` says which. */
interface Answer { status: number; ms: number; body: string; error?: string }
type Outcome = { answer: Answer } | { refused: string };

export function TestCallbackButton() {
  const translate = useTranslate();
  const can = usePermission();
  const [open, setOpen] = useState(false);
  if (!can(ruleKey('POST', 'api/callbacks/test'))) return null;
  return (
    <>
      <Button size="small" variant="outlined" startIcon={<Send />} onClick={() => setOpen(true)}>{translate(k('button'))}</Button>
      {open && <TestCallbackDialog onClose={() => setOpen(false)} />}
    </>
  );
}

function TestCallbackDialog({ onClose }: { onClose: () => void }) {
  const translate = useTranslate();
  const titleId = useId();
  const [url, setUrl] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const error = promptError(url, { required: true, pattern: HTTP_URL, maxLength: URL_MAX, message: 'validation.url' });

  async function send(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (error || busy) return;
    setBusy(true);
    setOutcome(null);
    try {
      const { data } = await call<Answer>('POST', 'callbacks/test', { body: { url: url.trim() } });
      setOutcome({ answer: data });
    } catch (failure) {
      // A refused address (not public, not http) comes back as the server's words.
      setOutcome({ refused: failure instanceof ApiError ? failure.message : translate('ra.notification.http_error') });
    } finally {
      setBusy(false);
    }
  }

  const ok = outcome && 'answer' in outcome && outcome.answer.status >= 200 && outcome.answer.status < 300;
  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <form onSubmit={send} noValidate>
        <DialogTitle id={titleId}>{translate(k('title'))}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 1 }}>{translate(k('text'))}</DialogContentText>
          <TextField
            autoFocus fullWidth margin="dense" required type="url"
            label={translate(k('url'))}
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            onBlur={() => setTouched(true)}
            error={touched && Boolean(error)}
            helperText={touched && error ? translate(error) : ' '}
            slotProps={{ htmlInput: { maxLength: URL_MAX, inputMode: 'url' } }}
          />
          <Box aria-live="polite" data-testid="test-callback-result">
            {outcome && 'refused' in outcome && <Alert severity="error">{outcome.refused}</Alert>}
            {outcome && 'answer' in outcome && (
              <Stack spacing={1}>
                <Alert severity={ok ? 'success' : outcome.answer.status ? 'warning' : 'error'}>
                  {outcome.answer.status
                    ? translate(k('answered'), { status: outcome.answer.status, ms: outcome.answer.ms })
                    : translate('admin.screens.receive-money.attempt_none', { error: outcome.answer.error ?? '' })}
                </Alert>
                <Typography variant="subtitle2" component="h3">{translate(k('body'))}</Typography>
                {outcome.answer.body ? <CodeBlock text={outcome.answer.body} label={translate(k('body'))} wrap /> : <Typography variant="body2" color="text.secondary">{translate(k('empty_body'))}</Typography>}
              </Stack>
            )}
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>{translate('ra.action.close')}</Button>
          <Button type="submit" variant="contained" disabled={busy}>{translate(k(busy ? 'sending' : 'send'))}</Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
