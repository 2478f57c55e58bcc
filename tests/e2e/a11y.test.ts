/**
 * The console for everyone (issue 15): axe-core finds nothing serious or
 * critical on any console screen and state, in Chinese and in English, on a
 * desktop and in the mobile layout. One browser, one signed-in context per
 * language; the states are visited in sequence, as an operator would reach
 * them. Chinese walks every screen the side menu offers; English walks the
 * main screens, the settings and the test page.
 * The per-state table lands in tests/artifacts/a11y-<lang>.md.
 *
 * Environment (unset in CI):
 * - A11Y_LANGS=ru-ru,ja-jp,ko-kr walks those languages instead of zh-cn and
 *   en-us (any but zh-cn walks what English walks), e.g. after a catalog change;
 * - A11Y_SCREENS=users,logs narrows the walk to those screens.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_NAMES, loadMessages } from '../../admin/i18n/index';
import { LANGS } from '../../schema/i18n';
import enUs from '../../schema/i18n/admin/en-us';
import jaJp from '../../schema/i18n/admin/ja-jp';
import koKr from '../../schema/i18n/admin/ko-kr';
import ruRu from '../../schema/i18n/admin/ru-ru';
import zhCn from '../../schema/i18n/admin/zh-cn';
import { Tally } from './axe';
import { consoleSuite, gone, shown, ROWS } from './console';
import { browserMissing, callApi } from './harness';

const CATALOGS = { 'zh-cn': zhCn, 'en-us': enUs, 'ru-ru': ruRu, 'ja-jp': jaJp, 'ko-kr': koKr } as const;
type Lang = keyof typeof CATALOGS;
/** The languages the scan walks: zh-cn and en-us, unless A11Y_LANGS names others. */
const WALKED = (process.env.A11Y_LANGS?.split(',').map((l) => l.trim()).filter(Boolean) ?? ['zh-cn', 'en-us']) as Lang[];
for (const lang of WALKED) if (!(LANGS as readonly string[]).includes(lang)) throw new Error(`A11Y_LANGS: no language ${lang}; known: ${LANGS.join(',')}`);
/** react-admin's own words, as the console shows them in a language (its menu button). */
const raAction = async (lang: Lang, key: string) => ((await loadMessages(lang)) as unknown as { ra: { action: Record<string, string> } }).ra.action[key]!;
/** Finding a button that is not there should not cost half a minute of a slow machine. */
const STEP_MS = 10_000;
/** Every state of these is walked; the content tables, drawn by the same generic screen, get their list, filters and form. */
const MAIN_SCREENS = ['users', 'receive-money', 'auth-group', 'auth-rules', 'logs'];
const DIALOG = '[role=dialog]';
const MENU = '[role=menu]';

describe.skipIf(browserMissing())('accessibility scan (axe-core, WCAG 2.2 AA)', { timeout: 900_000 }, () => {
  const suite = consoleSuite();

  /** Rows in the lists and the bins, so that row actions, selections and confirmations can be reached. */
  let arranged = false;
  async function arrange() {
    if (arranged) return;
    arranged = true;
    const make = async (table: string, body: Record<string, unknown>) => {
      const res = await callApi<{ id: number }>(suite.server.app, 'POST', `/api/${table}/create`, body, suite.token);
      expect(res.code, `${table}: ${res.msg}`).toBe(201);
      return res.data.id;
    };
    const bin = (table: string, id: number) => callApi(suite.server.app, 'DELETE', `/api/${table}/remove`, { ids: String(id) }, suite.token);
    await make('users', { account: 'alice2024', password: 'alice-pass-1', nickname: 'Alice', email: 'alice@example.com' });
    await bin('users', await make('users', { account: 'binned2024', password: 'binned-pass-1', nickname: 'Binned' }));
    const order = { amount: 99.5, currency: 'HKD', payUrl: 'https://pay.example.com/checkout' };
    await make('receive-money', { ...order, title: 'Annual plan' });
    await bin('receive-money', await make('receive-money', { ...order, title: 'Old plan' }));
  }

  for (const lang of WALKED) {
    it(`finds nothing serious or critical in ${lang}`, async () => {
      await arrange();
      const tally = new Tally();
      await walkAccountPages(await suite.newPage({ lang }), lang, tally);
      await suite.context.close();
      const page = await suite.openSignedIn('/admin', { lang });
      page.context().setDefaultTimeout(STEP_MS);
      await walkConsole(page, lang, tally);
      tally.save(`a11y-${lang}`);
      expect(tally.problems()).toEqual([]);
    });
  }

  async function walkAccountPages(page: Page, lang: Lang, tally: Tally) {
    const t = CATALOGS[lang].admin;
    page.context().setDefaultTimeout(STEP_MS);
    const open = async (path: string) => {
      await page.goto(`${suite.server.url}/#/common/${path}`);
      await shown(page.getByRole('heading', { level: 1 }));
    };
    await tally.state(page, 'sign-in (password)', () => open('sign-in'));
    await tally.state(page, 'sign-in (code)', () => page.getByRole('tab', { name: t.sign.by_code }).click());
    await tally.state(page, 'sign-up', () => open('sign-up'));
    await tally.state(page, 'forgotten password', () => open('sign-forget'));
    await tally.state(page, '404', () => open('no-such-page'));
    await page.setViewportSize({ width: 390, height: 844 });
    await tally.state(page, 'mobile sign-in', () => open('sign-in'));
  }

  async function walkConsole(page: Page, lang: Lang, tally: Tally) {
    const t = CATALOGS[lang].admin;
    const button = (name: string) => page.getByRole('button', { name, exact: true });
    const dialog = () => page.getByRole('dialog');
    const closeDialog = async () => (await page.keyboard.press('Escape'), gone(dialog()));
    const firstRow = () => page.locator(ROWS).first();

    await shown(page.locator('nav a[href^="#/admin/"]'));
    const offered = [...new Set(await page.locator('nav a[href^="#/admin/"]').evaluateAll((links) => links.map((a) => a.getAttribute('href')!)))];
    expect(offered.length).toBeGreaterThan(10);
    // A11Y_SCREENS=users,logs narrows the walk while working on a screen. Unset, the first language walks every
    // screen; the second walks the main screens, the settings and the test page, since the other tables are drawn by
    // the same generic screen and a 2-core CI machine pays for every scan.
    const only = process.env.A11Y_SCREENS?.split(',') ?? (lang === 'zh-cn' ? undefined : [...MAIN_SCREENS, 'dashboard', 'config', 'test']);
    const paths = only ? offered.filter((p) => only.includes(p.replace('#/admin/', ''))) : offered;

    await tally.state(page, 'language menu', () => page.locator('header').getByRole('button', { name: LANGUAGE_NAMES[lang] }).click(), MENU);
    await page.keyboard.press('Escape');

    for (const path of paths) {
      const screen = path.replace('#/admin/', '');
      // A hash change, as the menu does: reloading the whole console per screen costs seconds. Then the menu marks
      // the screen as the current one: until the router has drawn it, the last screen's list is still there.
      await page.evaluate((hash) => (location.hash = hash), path);
      await shown(page.locator(`nav a[href="${path}"][aria-current=page]`));
      if (screen === 'dashboard') {
        await tally.state(page, 'dashboard', () => shown(page.getByTestId('attention')));
        continue;
      }
      if (screen === 'config') {
        await tally.state(page, 'settings: security tab', () => shown(page.locator('form input').first()));
        await tally.state(page, 'settings: services tab', async () => (await page.getByRole('tab').nth(1).click(), shown(page.locator('form input').first())));
        continue;
      }
      if (screen === 'test') {
        await tally.state(page, 'test page', () => shown(page.getByRole('textbox')));
        await tally.state(page, 'test page: menu', () => page.locator('main').getByRole('button').first().click(), MENU);
        await page.keyboard.press('Escape');
        continue;
      }
      await tally.state(page, `${screen}: list`, () => shown(page.locator('.RaList-main')));
      const main = MAIN_SCREENS.includes(screen);
      const rows = await page.locator('tbody tr td input[type=checkbox]').count();
      if (rows && screen === 'users') {
        await tally.state(page, `${screen}: row selected`, () => firstRow().getByRole('checkbox').first().check(), '.RaList-main');
        await firstRow().getByRole('checkbox').first().uncheck();
      }
      await tally.state(page, `${screen}: filters open`, async () => (await button(t.buttons.filters).click(), shown(page.getByRole('search'))), '[role=search]');
      await button(t.buttons.filters).click().catch(() => undefined);
      if (screen === 'users') {
        await tally.state(page, `${screen}: table settings (views)`, async () => (await button(t.buttons.settings).click(), shown(dialog())), DIALOG);
        await tally.state(page, `${screen}: table settings (sort)`, () => page.getByRole('tab', { name: t.settings.sort }).click(), DIALOG);
        await tally.state(page, `${screen}: table settings (config)`, () => page.getByRole('tab', { name: t.settings.config }).click(), DIALOG);
        await closeDialog().catch(() => undefined);
      }
      if (await button(t.buttons.add).count()) {
        await tally.state(page, `${screen}: create dialog`, async () => (await button(t.buttons.add).click(), shown(dialog().locator('form'))), DIALOG);
        await closeDialog().catch(() => undefined);
      }
      if (main && rows && (await firstRow().getByRole('button', { name: t.buttons.edit }).count())) {
        await tally.state(page, `${screen}: edit dialog`, async () => (await firstRow().getByRole('button', { name: t.buttons.edit }).click(), shown(dialog().locator('form'))), DIALOG);
        await closeDialog().catch(() => undefined);
      }
      await screenExtras(page, screen, lang, tally);
      if (main && (await button(t.buttons.trash).count())) await walkBin(page, screen, lang, tally);
    }

    await walkMobile(page, lang, tally);
  }

  /**
   * The mobile layout: the menu folds behind its button, dialogs fill the screen.
   * A phone opens the console fresh (a desktop page shrunk to a phone keeps its
   * sidebar open, a drawer over the page): a new page of the same signed-in context.
   */
  async function walkMobile(desktop: Page, lang: Lang, tally: Tally) {
    const t = CATALOGS[lang].admin;
    const page = await desktop.context().newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${suite.server.url}/#/admin/users`);
    const menuLink = page.locator('nav a[href="#/admin/users"]');
    await tally.state(page, 'mobile: users list', () => shown(page.locator(ROWS)));
    const toggle = page.locator('header').getByRole('button', { name: await raAction(lang, 'open_menu') });
    await tally.state(page, 'mobile: menu open', async () => (await toggle.click(), shown(menuLink)));
    await page.keyboard.press('Escape');
    await menuLink.waitFor({ state: 'hidden' });
    const dialog = page.getByRole('dialog');
    await tally.state(page, 'mobile: create dialog', async () => (await page.getByRole('button', { name: t.buttons.add, exact: true }).click(), shown(dialog.locator('form'))), DIALOG);
    await page.close();
  }

  /** Dialogs and menus only some screens have. */
  async function screenExtras(page: Page, screen: string, lang: Lang, tally: Tally) {
    const t = CATALOGS[lang].admin;
    if (screen === 'logs') {
      await tally.state(page, 'logs: details dialog', async () => (await page.locator(ROWS).first().getByRole('button', { name: t.screens.logs.details }).click(), shown(page.getByRole('dialog'))), DIALOG);
      await page.keyboard.press('Escape');
    }
    if (screen === 'auth-group') {
      await tally.state(page, 'auth-group: presets menu', async () => (await page.getByRole('button', { name: t.screens['auth-group'].presets }).click(), shown(page.getByRole('menu'))), MENU);
      await page.keyboard.press('Escape');
    }
  }

  /** The recycle bin: its list, a selected row, and both confirmations (cancelled). */
  async function walkBin(page: Page, screen: string, lang: Lang, tally: Tally) {
    const t = CATALOGS[lang].admin;
    const button = (name: string) => page.getByRole('button', { name, exact: true });
    const firstRow = () => page.locator(ROWS).first();
    // The bin may be empty (no table then): wait for the switch to take, then for the list to settle.
    await tally.state(page, `${screen}: recycle bin`, async () => {
      await button(t.buttons.trash).click();
      await shown(page.locator('[aria-pressed=true]', { hasText: t.buttons.trash }));
      await shown(page.locator('.RaList-main'));
    });
    if (await page.locator('tbody tr td input[type=checkbox]').count()) {
      await tally.state(page, `${screen}: bin row selected`, () => firstRow().getByRole('checkbox').first().check(), '.RaList-main');
      await tally.state(page, `${screen}: confirm delete`, async () => (await button(t.buttons.destroy).click(), shown(page.getByRole('dialog'))), DIALOG);
      await page.keyboard.press('Escape');
      await gone(page.getByRole('dialog')).catch(() => undefined);
      await firstRow().getByRole('checkbox').first().uncheck().catch(() => undefined);
      await tally.state(page, `${screen}: confirm empty bin`, async () => (await button(t.buttons.clear).click(), shown(page.getByRole('dialog'))), DIALOG);
      await page.keyboard.press('Escape');
      await gone(page.getByRole('dialog')).catch(() => undefined);
    }
    // Back to all rows, and wait until the list has taken it: the list writes its filter into the address a moment
    // later, and a screen changed before then would be changed back to this one.
    if (await button(t.buttons.all).count()) {
      await button(t.buttons.all).click();
      await shown(page.locator('[aria-pressed=true]', { hasText: t.buttons.all }));
    }
  }
});
