/**
 * Page chrome: the document title `<route title> - <site title>`,
 * the navigation progress bar (0 to 100, hidden 500 ms after reaching 100) and
 * the loading overlay that stays while any request is in flight.
 */
import { Backdrop, CircularProgress, LinearProgress } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useLocation } from 'react-router';
import type { ConfigValue } from '../../schema/config-rows';
import { applySiteHead } from '../../schema/site-info';
import { onActivity } from '../api/activity';
import { announce } from './a11y';
import { call } from '../api/http';
import { resources } from '../../schema/index';
import { pageAt } from '../pages/index';

const PROGRESS_HIDE_MS = 500;
const PROGRESS_RUN_MS = 300;

/** Title key of an admin path: `/admin` is the index, a custom page its own, `/admin/<table>/...` the table's name, anything else the 404's. */
export function routeTitleKey(pathname: string): string {
  const [, , name] = pathname.split('/');
  if (!name) return 'admin.titles.admin_index';
  return pageAt(name)?.titleKey ?? (Object.hasOwn(resources, name) ? `resources.${name}.name` : 'admin.titles.not_found');
}

// SITE_INFO, read once and shared; a saved SITE_INFO replaces it at once.
type SiteInfo = Partial<ConfigValue<'SITE_INFO'>>;
let siteInfo: Promise<SiteInfo> | undefined;
const infoListeners = new Set<(info: SiteInfo) => void>();

export function setSiteInfo(info: SiteInfo) {
  siteInfo = Promise.resolve(info);
  for (const listener of infoListeners) listener(info);
}

export function useSiteInfo(): SiteInfo | null {
  const [info, setInfo] = useState<SiteInfo | null>(null);
  useEffect(() => {
    siteInfo ??= call<{ value?: SiteInfo }>('GET', 'config/take', { query: { key: 'SITE_INFO' }, cache: true })
      .then((e) => e.data?.value ?? {})
      .catch(() => ({}));
    let live = true;
    void siteInfo.then((i) => live && setInfo(i));
    infoListeners.add(setInfo);
    return () => {
      live = false;
      infoListeners.delete(setInfo);
    };
  }, []);
  return info;
}


export function DocumentTitle({ titleKey }: { titleKey?: string }) {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const info = useSiteInfo();
  const site = info?.title ?? '';
  const route = translate(titleKey ?? routeTitleKey(pathname), { _: '' });
  useEffect(() => {
    document.title = [route, site].filter(Boolean).join(' - ');
  }, [route, site]);
  // Favicon, keywords and description of SITE_INFO (issue 11 item 20).
  useEffect(() => applySiteHead(document, info), [info]);
  return null;
}

export function NavigationProgress() {
  const translate = useTranslate();
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
      aria-label={translate('admin.a11y.page_progress')}
      sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: 2000, height: 3, '& .MuiLinearProgress-bar': { transitionDuration: `${PROGRESS_RUN_MS}ms` } }}
    />
  );
}

/** Waits longer than this are said out loud too, once per wait. */
const SAY_LOADING_AFTER_MS = 400;

export function LoadingOverlay() {
  const translate = useTranslate();
  const [busy, setBusy] = useState(false);
  useEffect(() => onActivity((count) => setBusy(count > 0)), []);
  useEffect(() => {
    if (!busy) return;
    const timer = setTimeout(() => announce(translate('ra.page.loading')), SAY_LOADING_AFTER_MS);
    return () => clearTimeout(timer);
  }, [busy, translate]);
  return (
    <Backdrop
      open={busy}
      data-testid="loading-overlay"
      // Quick answers never flash the screen: the overlay fades in only if the wait lasts.
      transitionDuration={{ enter: SAY_LOADING_AFTER_MS, exit: 150 }}
      sx={{ zIndex: 1500, bgcolor: 'rgba(255,255,255,0.35)' }}
    >
      <CircularProgress />
    </Backdrop>
  );
}
