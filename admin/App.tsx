/**
 * The console and the account pages under one router and one react-admin
 * context: `/admin/*` is the generated console (basename `/admin`), `/common/*`
 * the account pages; each resource of `schema/` becomes a screen, unless a
 * custom page of `pages/` takes its path.
 */
import { lazy, useEffect, type ReactNode } from 'react';
import {
  AdminContext, AdminUI, CustomRoutes, localStorageStore, Resource, ResourceContextProvider, useResourceContext, type I18nProvider,
} from 'react-admin';
import { HashRouter, Navigate, Route, Routes } from 'react-router';
import { resourceList } from '../schema/index';
import { authProvider, SIGN_IN_PATH } from './api/authProvider';
import { sessionToken } from './api/session';
import { dataProvider } from './api/dataProvider';
import AccountPages from './common/AccountPages';
import { LandingRedirect, OnlyGranted, screenRules } from './layout/access';
import { Accessible } from './layout/a11y';
import { ConsoleLayout } from './layout/Layout';
import { NotFound } from './layout/NotFound';
import { ConsoleNotification } from './layout/notification';
import { adminPages, pageAt } from './pages/index';
import { actionRule } from './schema';
import { theme } from './layout/theme';

/** The list and its dialog come as one lazy chunk, shared by every resource. */
const ResourceScreen = lazy(() => import('./list/ResourceScreen'));
/** A record's page, for the tables whose schema declares one (`show`). */
const RecordPage = lazy(() => import('./show/RecordPage'));


/**
 * Table settings and the language belong to the browser, not to a session:
 * react-admin resets its store on sign-out, which would forget them, so reset
 * is a no-op here (sign-out clears the session's own data itself).
 */
const store = { ...localStorageStore(undefined, 'paydesk'), reset: () => undefined };

/** `/admin` is the users screen under its own title; who may not read users lands on their first screen. */
function IndexScreen() {
  return (
    <LandingRedirect home="users">
      <ResourceContextProvider value="users">
        <ResourceScreen />
      </ResourceContextProvider>
    </LandingRedirect>
  );
}

/** A table's screen, drawn only for callers who may read it (no forbidden rows, count or toast). */
function GrantedResourceScreen() {
  const resource = useResourceContext()!;
  return (
    <OnlyGranted rules={screenRules(resource, actionRule(resource, 'find'))}>
      <ResourceScreen />
    </OnlyGranted>
  );
}

/** A record's page, for callers who may read its table. */
function GrantedRecordPage() {
  const resource = useResourceContext()!;
  return (
    <OnlyGranted rules={screenRules(resource, actionRule(resource, 'take'))}>
      <RecordPage />
    </OnlyGranted>
  );
}

/** Alias routes, kept for links that use them; the screens live at the tables' own paths. */
const ROUTE_ALIASES: Record<string, string> = { 'auth/rules': 'auth-rules', 'auth/group': 'auth-group' };

/**
 * Any path outside `/admin` and `/common` belongs to the pay side. The router
 * moved there with `pushState`, which fires no `hashchange`, so the front door
 * (pay/index.html) is told here; it swaps this console for the pay pages.
 */
function ToPaySide() {
  useEffect(() => {
    window.dispatchEvent(new HashChangeEvent('hashchange'));
  }, []);
  return null;
}

/**
 * Without a stored token, straight to sign-in before any screen asks the API
 * for data. With one, each screen's own auth check (check-token) decides.
 * (react-admin's `requireAuth` is not used: its log-out-on-mount loops for
 * seconds before the redirect lands when the sign-in page is outside it.)
 */
function SignedInOnly({ children }: { children: ReactNode }) {
  return sessionToken() ? children : <Navigate to={SIGN_IN_PATH} replace />;
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
        <Accessible>
        <Routes>
          {/* Not lazy: a signed-out visitor is sent here at once, and a suspended route would stall that redirect. */}
          <Route path="/common/*" element={<AccountPages />} />
          <Route
            path="/admin/*"
            element={
              <SignedInOnly>
                <AdminUI layout={ConsoleLayout} dashboard={IndexScreen} catchAll={NotFound} notification={ConsoleNotification} disableTelemetry>
                  {resourceList.filter((r) => !pageAt(r.name)).map((r) => (
                    <Resource key={r.name} name={r.name} list={GrantedResourceScreen} show={r.show ? GrantedRecordPage : undefined} />
                  ))}
                  <CustomRoutes>
                    {adminPages.map(({ path, rule, component: Page }) => (
                      <Route key={path} path={`/${path}/*`} element={<OnlyGranted rules={[rule]}><Page /></OnlyGranted>} />
                    ))}
                    {Object.entries(ROUTE_ALIASES).map(([alias, path]) => (
                      <Route key={alias} path={`/${alias}`} element={<Navigate to={`/admin/${path}`} replace />} />
                    ))}
                  </CustomRoutes>
                </AdminUI>
              </SignedInOnly>
            }
          />
          <Route path="*" element={<ToPaySide />} />
        </Routes>
        </Accessible>
      </AdminContext>
    </HashRouter>
  );
}
