/**
 * The console frame: react-admin's layout with the grouped menu, the language
 * switcher, the page chrome, and the 10-minute token check (SPEC §4).
 */
import { useEffect, type ReactNode } from 'react';
import { AppBar, Layout, LocalesMenuButton, TitlePortal, useCheckAuth } from 'react-admin';
import { TOKEN_CHECK_MS } from '../api/authProvider';
import { PermissionsProvider } from '../permissions';
import { DocumentTitle, LoadingOverlay, NavigationProgress } from './chrome';
import { GroupedMenu } from './Menu';

function ConsoleAppBar() {
  return (
    <AppBar toolbar={<LocalesMenuButton />}>
      <TitlePortal />
    </AppBar>
  );
}

function TokenWatch() {
  const checkAuth = useCheckAuth();
  useEffect(() => {
    const timer = setInterval(() => checkAuth().catch(() => undefined), TOKEN_CHECK_MS);
    return () => clearInterval(timer);
  }, [checkAuth]);
  return null;
}

export function ConsoleLayout({ children }: { children: ReactNode }) {
  return (
    <PermissionsProvider>
      <Layout menu={GroupedMenu} appBar={ConsoleAppBar}>
        {children}
      </Layout>
      <TokenWatch />
      <DocumentTitle />
      <NavigationProgress />
      <LoadingOverlay />
    </PermissionsProvider>
  );
}
