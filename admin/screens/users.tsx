/**
 * Users: the status toggles normal<->banned by a switch; the update is sent
 * at once and the list refreshes if the answer is not 200.
 * The status column becomes that switch; avatars preview in the list and
 * beside the avatar input of the dialog. Validation stays the schema's.
 */
import { Avatar, Box, FormControlLabel, Stack, Switch, Tooltip } from '@mui/material';
import { useEffect, useState } from 'react';
import { useNotify, useRefresh, useTranslate, type RaRecord } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { forgetCachedReads } from '../api/dataProvider';
import { call } from '../api/http';
import { validateValue, validatorFor } from '../form/validation';
import { ImageUrlInput } from '../form/uploads';
import { usePermission } from '../permissions';
import { actionRule, getResource, optionKey } from '../schema';
import type { ScreenSlots } from './index';
import { MfaReset } from './users/MfaReset';

const users = getResource('users');
const statusField = users.fields.status!;
const avatarField = users.fields.avatar!;
const PREVIEW_SIZE = 160;

function StatusSwitch({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const canUpdate = usePermission()(actionRule('users', 'update'));
  const [status, setStatus] = useState<string>(record.status);
  const [saving, setSaving] = useState(false);
  // A refreshed list brings the stored status; it wins over what was clicked.
  useEffect(() => setStatus(record.status), [record.status]);

  async function toggle(normal: boolean) {
    const next = normal ? 'normal' : 'banned';
    setStatus(next);
    setSaving(true);
    let code = 0;
    try {
      ({ code } = await call('PUT', 'users/update', { body: { id: record.id, status: next } }));
    } catch (error) {
      notify((error as Error).message || 'ra.notification.http_error', { type: 'error' });
    }
    setSaving(false);
    if (code === 200) return notify('admin.screens.users.status_saved', { type: 'success' });
    // A refused write leaves the session's cached rows in place: read the stored status afresh.
    forgetCachedReads('users');
    setStatus(record.status);
    refresh();
  }

  return (
    <FormControlLabel
      label={translate(optionKey('status', statusField, status), { _: status })}
      disabled={!canUpdate || saving || Boolean(record.deleteTime)}
      control={<Switch size="small" checked={status === 'normal'} onChange={(_, checked) => toggle(checked)} />}
    />
  );
}

/** The list's avatar, with a larger preview on hover; a user without one shows their initial. */
function UserAvatar({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  const avatar = <Avatar src={record.avatar || undefined} alt={record.nickname || record.account} sx={{ width: 28, height: 28 }}>{(record.nickname || record.account || '?')[0]}</Avatar>;
  if (!record.avatar) return avatar;
  const preview = <Box component="img" src={record.avatar} alt={translate('admin.screens.users.avatar_preview')} sx={{ display: 'block', width: PREVIEW_SIZE, height: PREVIEW_SIZE, objectFit: 'cover' }} />;
  return <Tooltip title={preview} slotProps={{ tooltip: { sx: { p: 0.5 } } }}>{avatar}</Tooltip>;
}

/** The schema lists no avatar column by default, so the face sits beside the nickname. */
function NicknameCell({ record }: { record: RaRecord }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <UserAvatar record={record} />
      <span>{record.nickname}</span>
    </Stack>
  );
}

/** The generated avatar input, with the picture it points at once the address is acceptable. */
function AvatarInput({ source, label, disabled }: { source: string; label: string; disabled: boolean }) {
  const translate = useTranslate();
  const value: unknown = useWatch({ name: source });
  const shown = typeof value === 'string' && value !== '' && !validateValue(avatarField, value) ? value : undefined;
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Avatar src={shown} alt={translate('admin.screens.users.avatar_preview')} sx={{ width: 56, height: 56, mt: 1 }} />
      <Box sx={{ flex: 1 }}>
        <ImageUrlInput source={source} label={label} disabled={disabled} validate={validatorFor(avatarField)} />
      </Box>
    </Stack>
  );
}

const slots: ScreenSlots = {
  cells: { status: StatusSwitch, nickname: NicknameCell, avatar: UserAvatar },
  inputs: { avatar: AvatarInput },
  RowActions: MfaReset,
};
export default slots;
