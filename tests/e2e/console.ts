/**
 * What every browser suite of the console shares: one real server and one
 * Chromium for the suite, a fresh browser context per test (closed after it),
 * and no uncaught error on any page. `openSignedIn` starts a page already
 * signed in as admin (a stored token): for tests about what comes after
 * signing in.
 */
import type { Browser, BrowserContext, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { Lang } from '../../schema/i18n';
import type { AppOptions } from '../../server/app';
import { ADMIN_PASSWORD, adminToken, callApi, launchBrowser, startServer, type TestServer } from './harness';

export type { Lang } from '../../schema/i18n';
export interface PageOptions extends BrowserContextOptions {
  /** The `lang` cookie the console reads (zh-cn by default). */
  lang?: Lang;
}

export interface ConsoleSuite {
  server: TestServer;
  browser: Browser;
  /** The current test's context and page. */
  context: BrowserContext;
  page: Page;
  /** An admin token, for arranging data through the API. */
  token: string;
  newPage(options?: PageOptions): Promise<Page>;
  openSignedIn(path: string, options?: PageOptions): Promise<Page>;
  /**
   * One signed-in page for every test of the file (call at the top of the
   * describe; the getter gives the page): a console load costs seconds of CI,
   * so tests that move between screens by hash share it. Page errors still
   * fail the test they happen in.
   */
  sharedSignedIn(path: string, options?: PageOptions): () => Page;
}

export function consoleSuite(serverOptions: Partial<AppOptions> = {}): ConsoleSuite {
  const pageErrors: string[] = [];
  const suite = {} as ConsoleSuite;

  beforeAll(async () => {
    suite.server = await startServer(serverOptions);
    suite.browser = await launchBrowser();
    suite.token = await adminToken(suite.server.app);
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.server?.close();
  });
  let sharedContext: BrowserContext | undefined;
  afterEach(async () => {
    if (suite.context !== sharedContext) await suite.context?.close();
    expect(pageErrors.splice(0)).toEqual([]);
  });

  suite.newPage = async ({ lang = 'zh-cn', ...options } = {}) => {
    // Asking for reduced motion, as some operators do: the console then opens and closes dialogs at once,
    // so a test waits for what it checks and not for animations.
    suite.context = await suite.browser.newContext({ locale: 'zh-CN', viewport: { width: 1400, height: 900 }, reducedMotion: 'reduce', ...options });
    await suite.context.addCookies([{ name: 'lang', value: lang, url: suite.server.url }]);
    suite.page = await suite.context.newPage();
    suite.page.on('pageerror', (error) => pageErrors.push(error.message));
    // The server's Content-Security-Policy must hold for everything the console does: a violation is an error like any other.
    suite.page.on('console', (message) => {
      if (message.type() === 'error' && message.text().includes('Content Security Policy')) pageErrors.push(message.text());
    });
    return suite.page;
  };

  suite.openSignedIn = async (path, options) => {
    const sign = await callApi(suite.server.app, 'POST', '/api/comm/sign-in', { account: 'admin', password: ADMIN_PASSWORD });
    const page = await suite.newPage(options);
    // Only when none is stored: a test that signs out and reloads stays signed out.
    await suite.context.addInitScript(([token, user]) => {
      if (!localStorage.getItem('paydesk.token')) {
        localStorage.setItem('paydesk.token', token);
        localStorage.setItem('paydesk.user', user);
      }
    }, [sign.data.token.no, JSON.stringify(sign.data.user)] as const);
    await page.goto(`${suite.server.url}/#${path}`);
    return page;
  };

  suite.sharedSignedIn = (path, options) => {
    let page: Page | undefined;
    beforeAll(async () => {
      page = await suite.openSignedIn(path, options);
      sharedContext = suite.context;
    });
    afterAll(async () => {
      await sharedContext?.close();
      sharedContext = undefined;
    });
    return () => page!;
  };
  return suite;
}

/**
 * Signing in lands on the overview by a redirect from /admin once the caller's rules are read; a test that goes
 * elsewhere before it would be overwritten by it, so it waits for the overview, as a person sees it first.
 */
/** A list's rows at any width: table rows, or the compact rows a phone shows (issue 31 item 5). */
export const ROWS = 'tbody tr, [data-testid=compact-row]';

export const landedOnOverview = (page: Page) => page.waitForURL(/#\/admin\/dashboard/);

/** playwright-core has no expect matchers: wait for what a person would see appear or go. */
export const shown = (locator: Locator) => locator.first().waitFor({ state: 'visible' });
export const gone = (locator: Locator) => locator.first().waitFor({ state: 'detached' });
