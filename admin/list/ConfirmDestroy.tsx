/**
 * The confirmation before a permanent delete or emptying the bin ("this
 * cannot be undone", 不后悔 / 我再想想). 不后悔 is the destructive
 * choice: red, without the check mark that says "all is well"; 我再想想 has
 * the focus, so Enter does not destroy anything by accident.
 */
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useId } from 'react';
import { useTranslate } from 'react-admin';

interface Props {
  open: boolean;
  /** i18n key of the question. */
  content: string;
  translateOptions?: Record<string, unknown>;
  onConfirm: () => void;
  onClose: () => void;
}

export function ConfirmDestroy({ open, content, translateOptions, onConfirm, onClose }: Props) {
  const translate = useTranslate();
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} aria-describedby={textId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{translate('admin.confirm.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{translate(content, translateOptions)}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button autoFocus onClick={onClose}>{translate('admin.confirm.no')}</Button>
        <Button variant="contained" color="error" onClick={onConfirm} data-testid="confirm-destroy">{translate('admin.confirm.yes')}</Button>
      </DialogActions>
    </Dialog>
  );
}
