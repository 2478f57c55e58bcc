/**
 * The `uids` input of a group: pick members by nickname, phone or email from
 * `GET /api/users/briefly?q=` (searched on the server as one types, after the
 * a 300 ms pause); the members already in the group are read by `ids`.
 */
import { Autocomplete, Avatar, Box, TextField, Typography } from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { useInput, useTranslate } from 'react-admin';
import { idsFromPipes, idsToPipes } from '../../form/validation';
import { useExtra } from './useExtra';

/** A row of `users/briefly`. */
interface Brief {
  id: number;
  nickname: string;
  phone: string;
  email: string;
  avatar: string;
}

const SEARCH_PAUSE_MS = 300;

const nameOf = (user: Brief) => user.nickname || user.phone || user.email || `#${user.id}`;
const contactOf = (user: Brief) => [user.phone, user.email].filter(Boolean).join(' · ');

function useSettled(text: string): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text.trim()), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return settled;
}

export function MemberInput({ source, label, disabled }: { source: string; label: string; disabled: boolean }) {
  const translate = useTranslate();
  const { field } = useInput({ source, format: idsFromPipes, parse: idsToPipes });
  const ids: number[] = field.value;
  const [text, setText] = useState('');
  const search = useSettled(text);
  const found = useExtra<Brief[]>('users', 'briefly', search ? { q: search } : {});
  const [storedIds] = useState(() => ids.join(','));
  const stored = useExtra<Brief[]>('users', 'briefly', { ids: storedIds }, storedIds !== '');
  // Chips keep their names while the search list changes under them: the members as read, then as picked.
  const [picked, setPicked] = useState<Brief[]>([]);
  // One array per actual change: the Autocomplete clears what is typed whenever its value is a new array.
  const idsKey = ids.join(',');
  const value = useMemo(() => {
    const byId = new Map([...(stored ?? []), ...picked].map((user) => [user.id, user]));
    return idsKey ? idsKey.split(',').map(Number).map((id) => byId.get(id) ?? { id, nickname: '', phone: '', email: '', avatar: '' }) : [];
  }, [idsKey, stored, picked]);

  return (
    <Autocomplete
      multiple
      disabled={disabled}
      options={found ?? []}
      loading={found === undefined}
      value={value}
      filterOptions={(options) => options}
      getOptionLabel={nameOf}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      inputValue={text}
      onInputChange={(_, typed, reason) => reason !== 'reset' && setText(typed)}
      onChange={(_, users) => {
        setPicked(users);
        field.onChange(users.map((user) => user.id));
      }}
      onBlur={field.onBlur}
      noOptionsText={translate('admin.screens.auth-group.no_users')}
      loadingText={translate('ra.page.loading')}
      renderOption={({ key, ...props }, user) => (
        <Box component="li" key={key} {...props} sx={{ display: 'flex', gap: 1.5 }}>
          <Avatar src={user.avatar || undefined} alt="" sx={{ width: 28, height: 28 }}>{nameOf(user).slice(0, 1)}</Avatar>
          <Box>
            <Typography variant="body2">{nameOf(user)}</Typography>
            <Typography variant="caption" color="text.secondary">{contactOf(user)}</Typography>
          </Box>
        </Box>
      )}
      renderInput={(params) => (
        <TextField {...params} label={label} placeholder={translate('admin.screens.auth-group.member_search')} margin="dense" />
      )}
      sx={{ mb: 2 }}
    />
  );
}
