/**
 * Saved views in Chromium against the real server (issue 20 item 4): a view
 * saved in one browser is there after signing out and in from another (a
 * fresh context: nothing of the first browser's storage), and applying it
 * brings back its filters, columns, sort and page size; a view shared with a
 * group shows to a member of that group, marked and read-only. In Chinese and
 * English, at 1280 px and on a 390 px phone.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import common from '../../schema/i18n/common';
import { setRateLimits } from '../support/app';
import { scan } from './axe';
import { consoleSuite, gone, shown, type Lang, ROWS } from './console';
import { browserMissing, callApi, screenshot } from './harness';

const WIDE = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const TEAM = 25;

const WORDS = {
  'zh-cn': {
    account: '账号', password: '密码', signIn: '登录', profile: '个人中心', signOut: '退出登录',
    views: '视图', rename: '重命名', remove: '删除', save: '保存当前视图', name: '名称', share: '共享给', saveButton: '保存', saved: '视图已保存', shared: '共享给我的', readOnly: '只读',
  },
  'en-us': {
    account: 'Account', password: 'Password', signIn: 'Sign in', profile: 'Profile', signOut: 'Logout',
    views: 'Views', rename: 'Rename', remove: 'Delete', save: 'Save current view', name: 'Name', share: 'Share with', saveButton: 'Save', saved: 'View saved', shared: 'Shared with me', readOnly: 'read-only',
  },
} as const;

describe.skipIf(browserMissing())('saved views', { timeout: 240_000 }, () => {
  const suite = consoleSuite();
  let salesGroup = 0;
  const rows = (page: Page) => page.locator(ROWS);
  const headers = (page: Page) => page.locator('thead th').allInnerTexts().then((all) => all.map((t) => t.trim()).filter(Boolean));
  const firstNickname = (page: Page) => rows(page).first().getByText(/^Team \d\d$/).innerText();

  beforeAll(async () => {
    await setRateLimits(suite.server.app, false);
    const api = (method: 'GET' | 'POST', url: string, body?: Record<string, unknown>) => callApi(suite.server.app, method, url, body, suite.token);
    const ids: number[] = [];
    for (const account of ['alice', 'bobby']) ids.push((await api('POST', '/api/users/create', { account, password: `${account}-pass-1`, nickname: account })).data.id);
    for (let i = 1; i <= TEAM; i++) expect((await api('POST', '/api/users/create', { account: `team${i}`, nickname: `Team ${String(i).padStart(2, '0')}` })).code).toBe(201);
    const rules = (await api('GET', '/api/auth-rules/find?limit=1000')).data as Array<{ id: number; method: string; route: string }>;
    const wanted = rules.filter((r) => /^api\/(users\/(rows|take|find)|views\/\w+)$/.test(r.route)).map((r) => r.id);
    const group = await api('POST', '/api/auth-group/create', { name: 'Sales', manage: 1, rules: `|${wanted.join('|')}|`, uids: `|${ids.join('|')}|` });
    expect(group.code).toBe(201);
    salesGroup = group.data.id;
  });

  async function signIn(lang: Lang, viewport: typeof WIDE, account: string): Promise<Page> {
    const w = WORDS[lang as keyof typeof WORDS];
    const page = await suite.newPage({ lang, viewport });
    await page.goto(`${suite.server.url}/#/common/sign-in`);
    await page.getByLabel(w.account).fill(account);
    await page.getByLabel(w.password, { exact: true }).fill(`${account}-pass-1`);
    await page.getByRole('button', { name: w.signIn, exact: true }).click();
    await page.waitForURL(/#\/admin/);
    return page;
  }

  async function openViews(page: Page, lang: Lang) {
    await page.getByRole('button', { name: WORDS[lang as keyof typeof WORDS].views, exact: true }).click();
    await shown(page.getByRole('presentation').getByRole('list'));
  }

  for (const [lang, viewport] of [['zh-cn', WIDE], ['en-us', PHONE]] as const) {
    it(`${lang} at ${viewport.width} px: a view saved in one browser is there in another after signing out, and applies whole`, async () => {
      const w = WORDS[lang];
      const name = `Team A-Z ${lang}`;
      // First browser: the list as alice arranges it: filtered, sorted by account (team1, team10…), 20 a page, account first and email hidden.
      let page = await signIn(lang, viewport, 'alice');
      await page.evaluate(() => localStorage.setItem('RaStorepaydesk.table.users', JSON.stringify({
        columns: [{ name: 'account', visible: true, pin: null }, { name: 'nickname', visible: true, pin: null }, { name: 'id', visible: true, pin: null }, { name: 'email', visible: false, pin: null }],
        dateDisplay: 'ymd',
      })));
      const filter = encodeURIComponent(JSON.stringify({ q: 'Team' }));
      await page.goto(`${suite.server.url}/#/admin/users?filter=${filter}&order=ASC&sort=account&perPage=20&page=1`);
      // The console reads its stored table settings when it starts.
      await page.reload();
      await expect.poll(() => rows(page).count()).toBe(20);
      await expect.poll(() => firstNickname(page)).toBe('Team 01');
      // A phone shows compact rows: no columns to arrange or compare.
      const wide = viewport.width > 600;
      const arranged = await headers(page);

      await openViews(page, lang);
      await page.getByRole('button', { name: w.save }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(w.name).fill(name);
      expect(await scan(page, 'save view dialog', '[role=dialog]')).toEqual([]);
      await screenshot(page, `saved-views-save-${lang}-${viewport.width}`);
      await dialog.getByRole('button', { name: w.saveButton, exact: true }).click();
      await shown(page.getByText(w.saved));
      await gone(dialog);

      await page.getByRole('button', { name: w.profile }).click();
      await page.getByRole('menuitem', { name: w.signOut }).click();
      await page.waitForURL(/#\/$/);
      await suite.context.close();

      // Another browser: nothing stored; the list opens as it always does, and the view is in the menu.
      page = await signIn(lang, viewport, 'alice');
      await page.goto(`${suite.server.url}/#/admin/users`);
      await expect.poll(() => rows(page).count()).toBe(10);
      if (wide) expect(await headers(page)).not.toEqual(arranged);
      await openViews(page, lang);
      const item = page.getByTestId('saved-view').filter({ hasText: name });
      await shown(item);
      expect(await scan(page, 'own views menu', '.MuiPopover-paper')).toEqual([]);
      await screenshot(page, `saved-views-menu-${lang}-${viewport.width}`);
      await item.getByRole('button', { name, exact: true }).click();

      await expect.poll(() => rows(page).count()).toBe(20);
      await expect.poll(() => firstNickname(page)).toBe('Team 01');
      if (wide) expect(await headers(page)).toEqual(arranged);
      const url = decodeURIComponent(page.url());
      expect(url).toContain('"q":"Team"');
      expect(url).toMatch(/sort=account/);
      expect(url).toMatch(/order=ASC/);
      expect(url).toMatch(/perPage=20/);
      await screenshot(page, `saved-views-applied-${lang}-${viewport.width}`);

      // Its owner renames it: the menu lists it by its new name.
      await openViews(page, lang);
      await page.getByRole('button', { name: `${w.rename} ${name}` }).click();
      const edit = page.getByRole('dialog');
      // A long name, as people give them: it wraps beside the buttons, never under them.
      const renamed = `${name} (renamed) weekly team review`; // 43 of the 48 a name may have
      await edit.getByLabel(w.name).fill(renamed);
      await screenshot(page, `saved-views-rename-${lang}-${viewport.width}`);
      await edit.getByRole('button', { name: w.saveButton, exact: true }).click();
      await gone(edit);
      await openViews(page, lang);
      const row = page.getByTestId('saved-view').filter({ hasText: renamed });
      await shown(row);
      const text = (await row.getByText(renamed, { exact: true }).boundingBox())!;
      for (const label of [w.rename, w.remove]) {
        const button = (await row.getByRole('button', { name: `${label} ${renamed}`, exact: true }).boundingBox())!;
        expect(text.x + text.width, `${label} beside the name`).toBeLessThanOrEqual(button.x);
      }
      await screenshot(page, `saved-views-long-name-${lang}-${viewport.width}`);
    });
  }

  for (const [lang, viewport] of [['en-us', WIDE], ['zh-cn', PHONE]] as const) {
    it(`${lang} at ${viewport.width} px: a view shared with a group shows to a member, read-only`, async () => {
      const w = WORDS[lang];
      const name = `Shared oldest ${lang}`;
      const alice = (await callApi(suite.server.app, 'POST', '/api/comm/sign-in', { account: 'alice', password: 'alice-pass-1' })).data.token.no;
      const made = await callApi(suite.server.app, 'POST', '/api/views/create', {
        name, resource: 'users', group: salesGroup,
        state: { filter: { nickname_like: 'Team' }, columns: [{ name: 'nickname', visible: true, pin: null }], sort: { field: 'id', order: 'ASC' }, perPage: 20 },
      }, alice);
      expect(made.code).toBe(201);

      const page = await signIn(lang, viewport, 'bobby');
      await page.goto(`${suite.server.url}/#/admin/users`);
      await expect.poll(() => rows(page).count()).toBe(10);
      await openViews(page, lang);
      const item = page.getByTestId('saved-view').filter({ hasText: name });
      await shown(item);
      await shown(page.getByRole('presentation').getByText(w.shared, { exact: true }));
      expect(await item.getAttribute('data-read-only')).not.toBeNull();
      expect(await item.innerText()).toContain(w.readOnly);
      expect(await item.innerText()).toContain('Sales');
      // Nothing to rename or delete it with: only the button that applies it.
      expect(await item.getByRole('button').count()).toBe(1);
      expect(await scan(page, 'views menu', '.MuiPopover-paper')).toEqual([]);
      await screenshot(page, `saved-views-shared-${lang}-${viewport.width}`);

      await item.getByRole('button').click();
      await expect.poll(() => rows(page).count()).toBe(20);
      await expect.poll(() => firstNickname(page)).toBe('Team 01');
      expect(page.url()).toMatch(/sort=id&|sort=id$/);
      expect(page.url()).toMatch(/order=ASC/);
      // The view's filter shows above the list as a chip in the reader's words, and comes off with its ×.
      const chip = page.getByTestId('filter-chips').locator('[data-filter=nickname_like]');
      expect(await chip.innerText()).toBe(`${(common[lang] as any).resources.users.fields.nickname}: Team`);
      await chip.locator('.MuiChip-deleteIcon').click();
      await gone(chip);
      expect(decodeURIComponent(page.url())).not.toContain('nickname_like');
    });
  }
});
