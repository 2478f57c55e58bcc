/**
 * The frame of every account page: the site's picture, a title, a card with
 * the fields and the submit button, links to the sibling pages, the footer.
 */
import { Box, Button, Card, CardContent, Link, Typography } from '@mui/material';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { DocumentTitle, useSiteInfo } from '../layout/chrome';
import { SiteFooter } from './SiteFooter';

/**
 * `form: false` for a page whose content holds its own form (enrolment); `back` for a step of a page (the
 * two-factor code after the password), whose way back is that page's first step, not a link to another page.
 */
export function Page({ title, children, onSubmit, submit, links, form = true, back }: {
  title: string; children: ReactNode; onSubmit?: () => void; submit?: string; links: Array<[string, string]>; form?: boolean; back?: { label: string; onClick: () => void };
}) {
  const translate = useTranslate();
  const site = useSiteInfo();
  const [busy, setBusy] = useState(false);
  const handle = async (event: FormEvent) => {
    event.preventDefault();
    if (!onSubmit) return;
    setBusy(true);
    await Promise.resolve(onSubmit()).finally(() => setBusy(false));
  };
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', gridTemplateRows: '1fr auto', bgcolor: 'grey.100' }}>
    <Box component="main" sx={{ display: 'grid', placeItems: 'center', p: 2 }}>
      <DocumentTitle titleKey={title} />
      <Card {...(form ? { component: 'form', noValidate: true, onSubmit: (e: FormEvent) => void handle(e) } : {})} sx={{ width: '100%', maxWidth: 400 }}>
        <CardContent sx={{ display: 'grid', gap: 2 }}>
          {site?.avatar && <Box component="img" src={site.avatar} alt={site.title ?? ''} sx={{ width: 56, height: 56, borderRadius: 2, objectFit: 'cover', justifySelf: 'center' }} />}
          <Typography variant="h5" component="h1">{translate(title)}</Typography>
          {children}
          {submit && <Button type="submit" variant="contained" size="large" disabled={busy}>{translate(submit)}</Button>}
          <Box sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
            {back && <Link component="button" type="button" variant="body1" onClick={back.onClick}>{translate(back.label)}</Link>}
            {links.map(([href, key]) => <Link key={href} href={`#/common/${href}`}>{translate(key)}</Link>)}
          </Box>
        </CardContent>
      </Card>
    </Box>
    <SiteFooter />
    </Box>
  );
}

