/**
 * Page chrome (SPEC §1, §4): the document title `<route title> - <site title>`,
 * the navigation progress bar (0 to 100, hidden 500 ms after reaching 100) and
 * the loading overlay that stays while any request is in flight.
 */
import { Backdrop, CircularProgress, LinearProgress } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useLocation } from 'react-router';
import { onActivity } from '../api/activity';
import { call } from '../api/http';
import { pageAt } from '../pages/index';

const PROGRESS_HIDE_MS = 500;
const PROGRESS_RUN_MS = 300;

/** Title key of an admin path: `/admin` is the index, a custom page its own, `/admin/<table>/...` the table's name. */
export function routeTitleKey(pathname: string): string {
  const [, , name] = pathname.split('/');
  return name ? (pageAt(name)?.titleKey ?? `resources.${name}.name`) : 'admin.titles.admin_index';
}

// The site title, read once and shared; a saved SITE_INFO replaces it at once.
let siteTitle: Promise<string> | undefined;
const titleListeners = new Set<(title: string) => void>();

export function setSiteTitle(title: string) {
  siteTitle = Promise.resolve(title);
  for (const listener of titleListeners) listener(title);
}

export function useSiteTitle(): string {
  const [title, setTitle] = useState('');
  useEffect(() => {
    siteTitle ??= call<{ value?: { title?: string } }>('GET', 'config/take', { query: { key: 'SITE_INFO' }, cache: true })
      .then((e) => e.data?.value?.title ?? '')
      .catch(() => '');
    let live = true;
    siteTitle.then((t) => live && setTitle(t));
    titleListeners.add(setTitle);
    return () => {
      live = false;
      titleListeners.delete(setTitle);
    };
  }, []);
  return title;
}

export function DocumentTitle({ titleKey }: { titleKey?: string }) {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const site = useSiteTitle();
  const route = translate(titleKey ?? routeTitleKey(pathname), { _: '' });
  useEffect(() => {
    document.title = [route, site].filter(Boolean).join(' - ');
  }, [route, site]);
  return null;
}

export function NavigationProgress() {
  const { pathname } = useLocation();
  const [value, setValue] = useState<number | null>(null);
  useEffect(() => {
    setValue(0);
    const run = setTimeout(() => setValue(100), 16);
    const hide = setTimeout(() => setValue(null), PROGRESS_RUN_MS + PROGRESS_HIDE_MS);
    return () => {
      clearTimeout(run);
      clearTimeout(hide);
    };
  }, [pathname]);
  if (value === null) return null;
  return (
    <LinearProgress
      variant="determinate"
      value={value}
      aria-label="progress"
      sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: 2000, height: 3, '& .MuiLinearProgress-bar': { transitionDuration: `${PROGRESS_RUN_MS}ms` } }}
    />
  );
}

export function LoadingOverlay() {
  const [busy, setBusy] = useState(false);
  useEffect(() => onActivity((count) => setBusy(count > 0)), []);
  return (
    <Backdrop
      open={busy}
      data-testid="loading-overlay"
      // Quick answers never flash the screen: the overlay fades in only if the wait lasts.
      transitionDuration={{ enter: 400, exit: 150 }}
      sx={{ zIndex: 1500, bgcolor: 'rgba(255,255,255,0.35)' }}
    >
      <CircularProgress />
    </Backdrop>
  );
}
