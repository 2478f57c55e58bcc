/**
 * The console frame: react-admin's layout with the grouped menu, the language
 * switcher, the page chrome, and the 10-minute token check.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { useMediaQuery, type Theme } from '@mui/material';
import { AppBar, Layout, LocalesMenuButton, Logout, Sidebar, TitlePortal, UserMenu, useCheckAuth, useTranslate, type SidebarProps } from 'react-admin';
import { TOKEN_CHECK_MS } from '../api/authProvider';
import { PermissionsProvider } from '../permissions';
import { DocumentTitle, LoadingOverlay, NavigationProgress } from './chrome';
import { GroupedMenu } from './Menu';
import { MfaDialog, MfaMenuItem } from './MfaMenuItem';
import { TestModeChip } from './TestModeChip';

function ConsoleAppBar() {
  return (
    <AppBar toolbar={<><TestModeChip /><LocalesMenuButton /><MfaDialog /></>} userMenu={<UserMenu><MfaMenuItem /><Logout /></UserMenu>}>
      {/* react-admin wraps the title in an inline-block, which the bar's ellipsis cannot shorten: a long title on a phone was cut mid-letter. */}
      <TitlePortal sx={{ '& .RaConfigurable-root': { display: 'inline' } }} />
    </AppBar>
  );
}

/** On a phone the menu is a drawer, a dialog over the page: it needs a name (axe aria-dialog-name). */
function ConsoleSidebar(props: SidebarProps) {
  const translate = useTranslate();
  const drawer = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return <Sidebar {...props} {...(drawer && { slotProps: { paper: { 'aria-label': translate('admin.a11y.menu') } } })} />;
}

function TokenWatch() {
  const checkAuth = useCheckAuth();
  // One timer for the console's life: restarting it whenever react-admin hands out a new checkAuth pushed a check
  // past its ten minutes.
  const latest = useRef(checkAuth);
  useEffect(() => {
    latest.current = checkAuth;
  }, [checkAuth]);
  useEffect(() => {
    const timer = setInterval(() => latest.current({ due: true }).catch(() => undefined), TOKEN_CHECK_MS);
    return () => clearInterval(timer);
  }, []);
  return null;
}

/**
 * The frame is as wide as the window, never as wide as its widest table
 * (react-admin's default is `fit-content`): a wide list scrolls inside its
 * own box, and the toolbar and pager stay on screen (issue 11 item 5).
 */
const FIT_WINDOW = {
  minWidth: 0,
  '& .RaLayout-appFrame, & .RaLayout-contentWithSidebar, & .RaLayout-content': { minWidth: 0 },
} as const;

export function ConsoleLayout({ children }: { children: ReactNode }) {
  return (
    <PermissionsProvider>
      <Layout menu={GroupedMenu} appBar={ConsoleAppBar} sidebar={ConsoleSidebar} sx={FIT_WINDOW}>
        {children}
      </Layout>
      <TokenWatch />
      <DocumentTitle />
      <NavigationProgress />
      <LoadingOverlay />
    </PermissionsProvider>
  );
}
