/**
 * What a caller may open (issue 11 item 2): an operator lands on the first
 * screen of the menu they may read, and a screen they may not read is never
 * drawn, so it never asks the API for rows, counts or toasts it cannot have.
 * Until the caller's rules arrive nothing is drawn at all.
 */
import { Box, Button, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Link, Navigate } from 'react-router';
import { resources } from '../../schema/index';
import { usePermission, usePermissionsReady } from '../permissions';
import { actionRule } from '../schema';
import { useLeadEntries, useMenuGroups } from './Menu';

/** The rules a screen needs: its menu entry's, and for a table's list its `rows` read too. */
export function screenRules(path: string, menuRule: string): string[] {
  return Object.hasOwn(resources, path) ? [menuRule, actionRule(path, 'rows')] : [menuRule];
}

/** `/admin/<path>` of the first menu entry the caller may open, or undefined when there is none. */
export function useLandingPath(): string | undefined {
  const can = usePermission();
  const entries = [...useLeadEntries(), ...useMenuGroups().flatMap(({ entries }) => entries)];
  return entries.find((entry) => screenRules(entry.path, entry.rule).every(can))?.path;
}

/** Its children when the caller holds every rule; otherwise a page that says so and offers their own first screen. */
export function OnlyGranted({ rules, children }: { rules: readonly string[]; children: ReactNode }) {
  const ready = usePermissionsReady();
  const can = usePermission();
  if (!ready) return null;
  return rules.every(can) ? <>{children}</> : <NoAccess />;
}

/**
 * The console's home (`/admin`): the dashboard for those who may open it, else the users screen for those who may
 * read it, else the caller's first screen.
 */
export function LandingRedirect({ home, children }: { home: string; children: ReactNode }) {
  const ready = usePermissionsReady();
  const can = usePermission();
  const landing = useLandingPath();
  const lead = useLeadEntries()[0];
  if (!ready) return null;
  if (lead) return <Navigate to={`/admin/${lead.path}`} replace />;
  if (screenRules(home, actionRule(home, 'find')).every(can)) return <>{children}</>;
  return landing ? <Navigate to={`/admin/${landing}`} replace /> : <NoAccess />;
}

export function NoAccess() {
  const translate = useTranslate();
  const landing = useLandingPath();
  return (
    <Box role="main" sx={{ textAlign: 'center', py: 10, px: 2 }} data-testid="no-access">
      <Typography variant="h5" component="h1">{translate('admin.no_access.title')}</Typography>
      <Typography sx={{ mt: 1, color: 'text.secondary' }}>{translate(landing ? 'admin.no_access.text' : 'admin.no_access.none')}</Typography>
      {landing && (
        <Button variant="contained" component={Link} to={`/admin/${landing}`} sx={{ mt: 4 }}>
          {translate('admin.no_access.open_first')}
        </Button>
      )}
    </Box>
  );
}
