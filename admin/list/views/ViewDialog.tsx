/**
 * Saving the list as a view, or renaming one of one's own: a name, and whom
 * it is for (only me, or one of my groups, whose members then see it read-only).
 */
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, MenuItem, TextField } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslate } from 'react-admin';
import type { ShareGroup } from './savedViews';

interface Props {
  /** The view being renamed; none when saving a new one. */
  initial?: { name: string; group: number };
  groups: readonly ShareGroup[];
  onSave: (values: { name: string; group: number }) => Promise<void>;
  onClose: () => void;
}

/** The longest name a view takes (schema/resources/views.ts). */
const NAME_MAX = 48;

export function ViewDialog({ initial, groups, onSave, onClose }: Props) {
  const translate = useTranslate();
  const t = (key: string) => translate(`admin.saved_views.${key}`);
  const titleId = useId();
  const [name, setName] = useState(initial?.name ?? '');
  const [group, setGroup] = useState(initial?.group ?? 0);
  const [blank, setBlank] = useState(false);
  const [busy, setBusy] = useState(false);
  // A view shared with a group its owner has since left still shows that group until he chooses another.
  const choices = initial?.group && !groups.some((g) => g.id === initial.group) ? [...groups, { id: initial.group, name: `#${initial.group}` }] : groups;

  const submit = async () => {
    if (!name.trim()) return setBlank(true);
    setBusy(true);
    try {
      await onSave({ name: name.trim(), group });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{t(initial ? 'edit_title' : 'save_title')}</DialogTitle>
      <DialogContent>
        {!initial && <DialogContentText sx={{ mb: 2 }}>{t('hint')}</DialogContentText>}
        <form id={`${titleId}-form`} onSubmit={(e) => (e.preventDefault(), void submit())}>
          <TextField
            autoFocus fullWidth margin="dense" size="small" label={t('name')} value={name}
            slotProps={{ htmlInput: { maxLength: NAME_MAX } }}
            error={blank} helperText={blank ? t('need_name') : undefined}
            onChange={(e) => (setName(e.target.value), setBlank(false))}
          />
          <TextField select fullWidth margin="dense" size="small" label={t('share')} value={group} onChange={(e) => setGroup(Number(e.target.value))}>
            <MenuItem value={0}>{t('private')}</MenuItem>
            {choices.map((g) => <MenuItem key={g.id} value={g.id}>{g.name}</MenuItem>)}
          </TextField>
        </form>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button type="submit" form={`${titleId}-form`} variant="contained" disabled={busy}>{translate('ra.action.save')}</Button>
      </DialogActions>
    </Dialog>
  );
}
