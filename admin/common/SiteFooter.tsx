/**
 * The public footer of the account pages (issue 11 item 20): SITE_INFO's
 * copyright line and filing numbers with their links (schema/site-info.ts).
 */
import { Box, Link, Typography } from '@mui/material';
import { siteFooter } from '../../schema/site-info';
import { useSiteInfo } from '../layout/chrome';

export function SiteFooter() {
  const footer = siteFooter(useSiteInfo());
  if (!footer) return null;
  return (
    <Box component="footer" sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: 2, py: 2, color: 'text.secondary' }}>
      <Typography variant="body2">{footer.copyright}</Typography>
      {[footer.icp, footer.police].map((link) => link && (
        <Link key={link.href + link.text} variant="body2" color="inherit" href={link.href} target="_blank" rel="noopener noreferrer">{link.text}</Link>
      ))}
    </Box>
  );
}
