/**
 * Gives money back: the amount (what is left, to start with) and a reason,
 * both needed. The dialog waits for the server and stays open with what was
 * typed when it refuses, so the operator can correct and retry.
 */
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useLocale, useTranslate } from 'react-admin';
import { formatMoney } from '../../../schema/money';
import { promptError } from '../../form/PromptDialog';
import { refundAmountError } from './refundRules';

const REASON_MAX = 256;
const k = (key: string) => `admin.screens.receive-money.refund.${key}`;

interface Props {
  open: boolean;
  currency: string;
  left: number;
  onConfirm: (amount: number, reason: string) => Promise<unknown>;
  onClose: () => void;
}

export function RefundDialog({ open, currency, left, onConfirm, onClose }: Props) {
  const translate = useTranslate();
  const locale = useLocale();
  const titleId = useId();
  const [amount, setAmount] = useState(String(left));
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!open) return;
    setAmount(String(left));
    setReason('');
    setTouched(false);
  }, [open, left]);

  const amountError = refundAmountError(amount, left, currency);
  const reasonError = promptError(reason, { required: true, maxLength: REASON_MAX });
  const leftText = formatMoney(left, currency, locale);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (amountError || reasonError || busy) return;
    setBusy(true);
    try {
      await onConfirm(Number(amount.trim()), reason.trim());
      onClose();
    } catch {
      // Told by the caller; what was typed stays for another try.
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{translate(k('title'))}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 1 }}>{translate(k('left'), { amount: leftText })}</DialogContentText>
          <TextField
            autoFocus fullWidth margin="dense" required
            label={translate(k('amount'), { currency })}
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            error={touched && Boolean(amountError)}
            helperText={touched && amountError ? translate(amountError, { amount: leftText }) : ' '}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
          <TextField
            fullWidth margin="dense" required multiline minRows={2}
            label={translate('admin.screens.receive-money.reason')}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            error={touched && Boolean(reasonError)}
            helperText={touched && reasonError ? translate(reasonError) : ' '}
            slotProps={{ htmlInput: { maxLength: REASON_MAX } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>{translate('ra.action.cancel')}</Button>
          <Button type="submit" variant="contained" color="error" disabled={busy}>{translate(k('confirm'))}</Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
