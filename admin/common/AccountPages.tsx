/**
 * Account pages under `/common` (SPEC §2 "Common layout"). Sign-in by account
 * and password sends both encrypted (the auth provider's login) and lands on
 * `/admin`; a visitor who already holds a token is sent to `/`.
 */
import { Box, Button, Card, CardContent, CssBaseline, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { Notification, useLogin, useNotify, useTranslate } from 'react-admin';
import { Navigate, Route, Routes } from 'react-router';
import { getToken } from '../api/session';
import { DocumentTitle } from '../layout/chrome';
import { NotFound } from '../layout/NotFound';

function SignIn() {
  const translate = useTranslate();
  const notify = useNotify();
  const login = useLogin();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const account = String(form.get('account') ?? '').trim();
    const password = String(form.get('password') ?? '');
    if (!account) return notify('admin.sign_in.need_account', { type: 'warning' });
    if (!password) return notify('admin.sign_in.need_password', { type: 'warning' });
    setBusy(true);
    try {
      await login({ account, password }, '/admin');
    } catch (error) {
      notify((error as Error).message || 'ra.auth.sign_in_error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'grey.100', p: 2 }}>
      <Card component="form" onSubmit={submit} sx={{ width: '100%', maxWidth: 380 }}>
        <CardContent sx={{ display: 'grid', gap: 2 }}>
          <Typography variant="h5" component="h1">{translate('admin.titles.sign_in')}</Typography>
          <TextField name="account" label={translate('admin.sign_in.account')} autoComplete="username" autoFocus />
          <TextField name="password" type="password" label={translate('admin.sign_in.password')} autoComplete="current-password" />
          <Button type="submit" variant="contained" size="large" disabled={busy}>{translate('admin.sign_in.submit')}</Button>
        </CardContent>
      </Card>
    </Box>
  );
}

export default function AccountPages() {
  return (
    <>
      <CssBaseline />
      <DocumentTitle />
      <Routes>
        <Route path="sign-in" element={getToken() ? <Navigate to="/" replace /> : <SignIn />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
      <Notification />
    </>
  );
}
