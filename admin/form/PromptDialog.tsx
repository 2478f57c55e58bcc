/**
 * Asks for one value, checked by a pattern or a validator whose refusal
 * reads "input data invalid" unless it brings its own words: a reason for an order action, a
 * name, a code. Any screen uses it instead of building its own dialog:
 *
 *   const [asking, setAsking] = useState(false);
 *   <PromptDialog
 *     open={asking}
 *     title="admin.screens.receive-money.refund_title"   // i18n key (or plain text)
 *     label="admin.screens.receive-money.reason"
 *     required
 *     pattern={/^.{4,256}$/}                               // and/or validate={(v) => key | undefined}
 *     onConfirm={async (reason) => { await dataProvider.refund(…, reason); }}
 *     onClose={() => setAsking(false)}
 *   />
 *
 * `onConfirm` may return a promise: the buttons wait for it, the dialog
 * closes when it resolves and stays open (the value kept) when it rejects, so
 * the caller shows its error and the operator can retry.
 */
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslate } from 'react-admin';

/** What an invalid answer is told when its rule brings no words of its own. */
export const PROMPT_INVALID = 'admin.prompt.invalid';

export interface PromptRules {
  /** An answer is needed: a blank one says `validation.required`. */
  required?: boolean;
  /** The whole (trimmed) answer must match; a blank optional answer is not checked. */
  pattern?: RegExp;
  /** When the answer is wrong: an i18n key (or text), or `true` for `message`; nothing when it is fine. */
  validate?: (value: string) => string | boolean | undefined | null;
  /** What a failed `pattern`, or a `validate` returning `true`, says; default 'input data invalid'. */
  message?: string;
  maxLength?: number;
}

export interface PromptDialogProps extends PromptRules {
  open: boolean;
  /** i18n key or plain text. */
  title: string;
  /** The input's label: i18n key or plain text. */
  label: string;
  /** A sentence under the title: i18n key or plain text. */
  description?: string;
  initialValue?: string;
  multiline?: boolean;
  /** `numeric` brings up a phone's number pad for a count or a code. */
  inputMode?: 'text' | 'numeric';
  /** The confirm button's words (i18n key); `ra.action.confirm` by default. */
  confirmLabel?: string;
  /** The confirm button is red: the action cannot be taken back. */
  destructive?: boolean;
  /** Receives the trimmed answer. */
  onConfirm: (value: string) => unknown;
  onClose: () => void;
}

/** The message key for an answer, or undefined when it may be sent. Pure, so the rules are testable alone. */
export function promptError(raw: string, rules: PromptRules): string | undefined {
  const value = raw.trim();
  if (!value) return rules.required ? 'validation.required' : undefined;
  if (rules.maxLength !== undefined && value.length > rules.maxLength) return rules.message ?? PROMPT_INVALID;
  if (rules.pattern) {
    // A global or sticky pattern keeps `lastIndex` between calls; a fresh copy tests each answer alone.
    const pattern = new RegExp(rules.pattern.source, rules.pattern.flags.replace(/[gy]/g, ''));
    if (!pattern.test(value)) return rules.message ?? PROMPT_INVALID;
  }
  const verdict = rules.validate?.(value);
  if (verdict) return typeof verdict === 'string' ? verdict : rules.message ?? PROMPT_INVALID;
  return undefined;
}

export function PromptDialog({
  open, title, label, description, initialValue = '', multiline, inputMode, confirmLabel = 'ra.action.confirm', destructive,
  onConfirm, onClose, ...rules
}: PromptDialogProps) {
  const translate = useTranslate();
  const t = (text: string) => translate(text, { _: text });
  const [value, setValue] = useState(initialValue);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  // Each opening starts from the initial value, not from the last answer.
  useEffect(() => {
    if (!open) return;
    setValue(initialValue);
    setTouched(false);
  }, [open, initialValue]);

  const error = promptError(value, rules);
  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (error || busy) return;
    setBusy(true);
    try {
      await onConfirm(value.trim());
      onClose();
    } catch {
      // The caller reported it; the answer stays for another try.
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{t(title)}</DialogTitle>
        <DialogContent>
          {description && <DialogContentText sx={{ mb: 1 }}>{t(description)}</DialogContentText>}
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={t(label)}
            value={value}
            multiline={multiline}
            minRows={multiline ? 3 : undefined}
            required={rules.required}
            onChange={(e) => setValue(e.target.value)}
            onBlur={() => setTouched(true)}
            error={touched && Boolean(error)}
            helperText={touched && error ? t(error) : ' '}
            slotProps={{ htmlInput: { maxLength: rules.maxLength, inputMode } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>{translate('ra.action.cancel')}</Button>
          <Button type="submit" variant="contained" color={destructive ? 'error' : 'primary'} disabled={busy}>{t(confirmLabel)}</Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
