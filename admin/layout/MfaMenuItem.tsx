/**
 * The user menu's "Two-factor sign-in" entry: a dialog that enrols, or says
 * that it is on. The menu stays open under the dialog (it would unmount the
 * dialog with it) and closes when the dialog does.
 */
import PhonelinkLock from '@mui/icons-material/PhonelinkLock';
import { Alert, Dialog, DialogActions, DialogContent, DialogTitle, Button, ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import { useState } from 'react';
import { useTranslate, useUserMenu } from 'react-admin';
import { getUser, saveSession } from '../api/session';
import { MfaEnrol, RecoveryCodes } from '../common/MfaEnrol';

export function MfaMenuItem() {
  const translate = useTranslate();
  const menu = useUserMenu();
  const [open, setOpen] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const user = getUser();
  const on = user?.mfa === 1;

  const close = () => {
    setOpen(false);
    setCodes(null);
    menu?.onClose();
  };
  const enabled = (recoveryCodes: string[]) => {
    if (user) saveSession(null, { ...user, mfa: 1 });
    setCodes(recoveryCodes);
  };

  return (
    <>
      <MenuItem onClick={() => setOpen(true)}>
        <ListItemIcon><PhonelinkLock fontSize="small" /></ListItemIcon>
        <ListItemText>{translate('admin.mfa.menu')}</ListItemText>
      </MenuItem>
      {/* Recovery codes stay until the person says they kept them: no closing by a stray click. */}
      <Dialog open={open} onClose={codes ? undefined : close} fullWidth maxWidth="xs" aria-labelledby="mfa-dialog-title">
        <DialogTitle id="mfa-dialog-title">{translate('admin.mfa.title')}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          {codes ? <RecoveryCodes codes={codes} onDone={close} done="admin.mfa.saved_codes" />
            : on ? <Alert severity="success">{translate('admin.mfa.is_on')}</Alert>
            : open && <MfaEnrol onEnabled={enabled} />}
        </DialogContent>
        {!codes && <DialogActions><Button onClick={close}>{translate('ra.action.close')}</Button></DialogActions>}
      </Dialog>
    </>
  );
}
