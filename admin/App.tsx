/**
 * The console and the account pages under one router and one react-admin
 * context: `/admin/*` is the generated console (basename `/admin`), `/common/*`
 * the account pages; each resource of `schema/` becomes a screen, unless a
 * custom page of `pages/` takes its path.
 */
import { lazy, type ReactNode } from 'react';
import { AdminContext, AdminUI, CustomRoutes, defaultTheme, localStorageStore, Resource, ResourceContextProvider, type I18nProvider } from 'react-admin';
import { HashRouter, Navigate, Route, Routes } from 'react-router';
import { resourceList } from '../schema/index';
import { authProvider, SIGN_IN_PATH } from './api/authProvider';
import { getToken } from './api/session';
import { dataProvider } from './api/dataProvider';
import AccountPages from './common/AccountPages';
import { ConsoleLayout } from './layout/Layout';
import { NotFound } from './layout/NotFound';
import { adminPages, pageAt } from './pages/index';

/** The list and its dialog come as one lazy chunk, shared by every resource. */
const ResourceScreen = lazy(() => import('./list/ResourceScreen'));

/** SPEC §2: the mobile layout applies under 768px. */
const theme = {
  ...defaultTheme,
  breakpoints: { values: { xs: 0, sm: 768, md: 1024, lg: 1280, xl: 1600 } },
};

/**
 * Table settings and the language belong to the browser, not to a session:
 * react-admin resets its store on sign-out, which would forget them, so reset
 * is a no-op here (sign-out clears the session's own data itself).
 */
const store = { ...localStorageStore(undefined, 'paydesk'), reset: () => undefined };

/** `/admin` is the users screen under its own title (SPEC §2 "admin-index"). */
function IndexScreen() {
  return (
    <ResourceContextProvider value="users">
      <ResourceScreen />
    </ResourceContextProvider>
  );
}

/**
 * Without a stored token, straight to sign-in before any screen asks the API
 * for data. With one, each screen's own auth check (check-token) decides.
 * (react-admin's `requireAuth` is not used: its log-out-on-mount loops for
 * seconds before the redirect lands when the sign-in page is outside it.)
 */
function SignedInOnly({ children }: { children: ReactNode }) {
  return getToken() ? children : <Navigate to={SIGN_IN_PATH} replace />;
}

export function App({ i18nProvider }: { i18nProvider: I18nProvider }) {
  return (
    <HashRouter>
      <AdminContext
        basename="/admin"
        dataProvider={dataProvider}
        authProvider={authProvider}
        i18nProvider={i18nProvider}
        store={store}
        theme={theme}
      >
        <Routes>
          {/* Not lazy: a signed-out visitor is sent here at once, and a suspended route would stall that redirect. */}
          <Route path="/common/*" element={<AccountPages />} />
          <Route
            path="/admin/*"
            element={
              <SignedInOnly>
                <AdminUI layout={ConsoleLayout} dashboard={IndexScreen} catchAll={NotFound} disableTelemetry>
                  {resourceList.filter((r) => !pageAt(r.name)).map((r) => (
                    <Resource key={r.name} name={r.name} list={ResourceScreen} />
                  ))}
                  <CustomRoutes>
                    {adminPages.map(({ path, component: Page }) => (
                      <Route key={path} path={`/${path}/*`} element={<Page />} />
                    ))}
                  </CustomRoutes>
                </AdminUI>
              </SignedInOnly>
            }
          />
          <Route path="*" element={<NotFound />} />
        </Routes>
      </AdminContext>
    </HashRouter>
  );
}
