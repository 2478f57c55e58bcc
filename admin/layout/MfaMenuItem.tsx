/**
 * The user menu's "Two-factor sign-in" entry and its dialog, which enrols or
 * says that it is on. The entry closes the menu and opens the dialog, which
 * lives outside the menu (in the app bar): inside it, the menu had to stay
 * open under the dialog, or closing it would unmount the dialog with it, and
 * the open menu showed over the recovery codes.
 */
import PhonelinkLock from '@mui/icons-material/PhonelinkLock';
import { Alert, Dialog, DialogActions, DialogContent, DialogTitle, Button, ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import { useState, useSyncExternalStore } from 'react';
import { useTranslate, useUserMenu } from 'react-admin';
import { getUser, saveSession } from '../api/session';
import { MfaEnrol, RecoveryCodes } from '../common/MfaEnrol';

/** Whether the dialog is open: one per console, asked for by the menu entry. */
let dialogOpen = false;
const watchers = new Set<() => void>();
function setDialogOpen(open: boolean) {
  dialogOpen = open;
  for (const watcher of watchers) watcher();
}
const watch = (watcher: () => void) => (watchers.add(watcher), () => void watchers.delete(watcher));

export function MfaMenuItem() {
  const translate = useTranslate();
  const menu = useUserMenu();
  return (
    <MenuItem onClick={() => (menu?.onClose(), setDialogOpen(true))}>
      <ListItemIcon><PhonelinkLock fontSize="small" /></ListItemIcon>
      <ListItemText>{translate('admin.mfa.menu')}</ListItemText>
    </MenuItem>
  );
}

/** Mounted once beside the user menu, never inside it. */
export function MfaDialog() {
  const translate = useTranslate();
  const open = useSyncExternalStore(watch, () => dialogOpen);
  const [codes, setCodes] = useState<string[] | null>(null);
  const user = getUser();
  const on = user?.mfa === 1;

  const close = () => {
    setDialogOpen(false);
    setCodes(null);
  };
  const enabled = (recoveryCodes: string[]) => {
    if (user) saveSession(null, { ...user, mfa: 1 });
    setCodes(recoveryCodes);
  };

  return (
    // Recovery codes stay until the person says they kept them: no closing by a stray click.
    <Dialog open={open} onClose={codes ? undefined : close} fullWidth maxWidth="xs" aria-labelledby="mfa-dialog-title">
      <DialogTitle id="mfa-dialog-title">{translate('admin.mfa.title')}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        {codes ? <RecoveryCodes codes={codes} onDone={close} done="admin.mfa.saved_codes" />
          : on ? <Alert severity="success">{translate('admin.mfa.is_on')}</Alert>
          : open && <MfaEnrol onEnabled={enabled} />}
      </DialogContent>
      {!codes && <DialogActions><Button onClick={close}>{translate('ra.action.close')}</Button></DialogActions>}
    </Dialog>
  );
}
