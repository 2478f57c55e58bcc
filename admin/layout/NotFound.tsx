/** The 404 page: any unknown path, with a way back home. */
import { Box, Button, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { DocumentTitle } from './chrome';

export function NotFound() {
  const translate = useTranslate();
  return (
    <Box role="main" sx={{ textAlign: 'center', py: 10, px: 2 }}>
      <DocumentTitle titleKey="admin.titles.not_found" />
      <Typography variant="h1" sx={{ fontSize: 72, fontWeight: 700, color: 'text.secondary' }}>404</Typography>
      <Typography variant="h5" component="h1" sx={{ mt: 2 }}>{translate('admin.not_found.title')}</Typography>
      <Typography sx={{ mt: 1, color: 'text.secondary' }}>{translate('admin.not_found.text')}</Typography>
      <Button variant="contained" href="#/" sx={{ mt: 4 }}>{translate('admin.not_found.home')}</Button>
    </Box>
  );
}
