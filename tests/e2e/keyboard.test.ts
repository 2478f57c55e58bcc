/**
 * The console with the keyboard only (issue 15): no mouse click anywhere in
 * these tests, only Tab, Shift+Tab, Enter, Space, arrows and typing. Every
 * stop on the way must show a focus ring, and what the operator did must be
 * read out by the live region.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { consoleSuite, gone, landedOnOverview, shown } from './console';
import { ADMIN_PASSWORD, browserMissing, callApi } from './harness';
import { describeFocus, field, named, tabTo as tabToOn, type Focus } from './keyboard-support';

describe.skipIf(browserMissing())('keyboard only', { timeout: 180_000 }, () => {
  const suite = consoleSuite();
  let page: Page;

  const tabTo = (wanted: (f: Focus) => boolean, options?: { back?: boolean; max?: number }) => tabToOn(page, wanted, options);
  const row = (text: string) => page.locator('tbody tr', { hasText: text });
  const dialog = () => page.getByRole('dialog');
  /** Everything the polite live region has said since `listen()`, in order. */
  const heard = () => page.evaluate(() => (window as unknown as { heard: string[] }).heard);
  const listen = () =>
    page.evaluate(() => {
      const said: string[] = ((window as unknown as { heard: string[] }).heard = []);
      new MutationObserver(() => {
        const text = document.querySelector('[data-testid=live-polite]')?.textContent;
        if (text && said.at(-1) !== text) said.push(text);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });

  it('signs in, creates, edits, bins and restores a user, and the dialog gives the focus back', async () => {
    page = await suite.newPage();
    await page.goto(`${suite.server.url}/#/common/sign-in`);
    await shown(page.getByRole('heading', { level: 1 }));
    await listen();
    await tabTo(field('账号', false));
    await page.keyboard.type('admin');
    await tabTo(field('密码', false));
    await page.keyboard.type(ADMIN_PASSWORD);
    await page.keyboard.press('Enter');
    await landedOnOverview(page);
    await page.evaluate(() => (location.hash = '#/admin/users'));
    await shown(row('admin'));

    await tabTo(named('新增'));
    await page.keyboard.press('Enter');
    await shown(dialog().locator('form'));
    await tabTo(field('账号'));
    await page.keyboard.type('kbd2024');
    await tabTo(field('昵称'));
    await page.keyboard.type('Keys');
    await tabTo(field('密码'));
    await page.keyboard.type('keys-pass-1');
    await tabTo(named('保存'));
    await page.keyboard.press('Enter');
    await gone(dialog());
    await shown(row('kbd2024'));
    await expect.poll(heard).toContain('新增成功');
    await expect.poll(async () => (await describeFocus(page))?.name).toBe('新增');

    await tabTo((f) => f.name === '编辑' && f.row.includes('kbd2024'));
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog().getByLabel('账号').inputValue()).toBe('kbd2024');
    await tabTo(field('昵称'));
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('Keyboard');
    await page.keyboard.press('Enter');
    await gone(dialog());
    await expect.poll(() => row('kbd2024').innerText()).toContain('Keyboard');

    await tabTo((f) => f.kind === 'checkbox' && f.row.includes('kbd2024'));
    await page.keyboard.press('Space');
    await tabTo(named('移入回收站'), { back: true });
    await page.keyboard.press('Enter');
    await gone(row('kbd2024'));
    await expect.poll(heard).toContain('已移入回收站');

    // All / recycle bin is one stop in the Tab order; the arrows move between its two buttons.
    await tabTo(named('全部'));
    await page.keyboard.press('ArrowRight');
    expect((await describeFocus(page))?.name).toBe('回收站');
    await page.keyboard.press('Enter');
    await shown(row('kbd2024'));
    await tabTo((f) => f.kind === 'checkbox' && f.row.includes('kbd2024'));
    await page.keyboard.press('Space');
    await tabTo(named('恢复'), { back: true });
    await page.keyboard.press('Enter');
    await gone(row('kbd2024'));
    await expect.poll(heard).toContain('已恢复');
    await tabTo(named('回收站'));
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Enter');
    await shown(row('kbd2024'));
  });

  it('keeps the focus inside an open dialog until Escape, then returns it', async () => {
    page = await suite.openSignedIn('/admin/users');
    await shown(row('admin'));
    await tabTo(named('新增'));
    await page.keyboard.press('Enter');
    await shown(dialog().locator('form'));
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press('Tab');
      expect((await describeFocus(page))?.inDialog).toBe(true);
    }
    await page.keyboard.press('Escape');
    await gone(dialog());
    await expect.poll(async () => (await describeFocus(page))?.name).toBe('新增');
  });

  it('sorts, pages, searches and switches a status from the keyboard', async () => {
    for (let i = 0; i < 11; i++) {
      const made = await callApi(suite.server.app, 'POST', '/api/users/create', { account: `page${i}user`, nickname: `P${i}` }, suite.token);
      expect(made.code).toBe(201);
    }
    page = await suite.openSignedIn('/admin/users');
    await shown(row('page10user'));
    await listen();

    await tabTo((f) => f.inHead && f.kind === 'button' && f.name.includes('账号'));
    await page.keyboard.press('Enter');
    await expect.poll(() => page.url()).toContain('sort=account');

    await tabTo(named('下一页'));
    await page.keyboard.press('Enter');
    await expect.poll(() => page.url()).toContain('page=2');

    await tabTo(named('筛选'), { back: true });
    await page.keyboard.press('Enter');
    await tabTo((f) => f.inSearch && f.name === '账号');
    await page.keyboard.type('page3user');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);

    await tabTo((f) => f.kind === 'switch' && f.row.includes('page3user'));
    await page.keyboard.press('Space');
    await expect.poll(heard).toContain('用户状态已更新');
    await shown(row('page3user').getByText('禁用'));
  });

  it('moves a column in the table settings without dragging', async () => {
    page = await suite.openSignedIn('/admin/users');
    await shown(page.locator('tbody tr'));
    const headers = () => page.locator('thead th').allInnerTexts().then((all) => all.map((t) => t.trim()).filter(Boolean));
    expect((await headers())[0]).toBe('ID');
    await tabTo(named('表格设置'));
    await page.keyboard.press('Enter');
    await shown(dialog());
    await tabTo(named('下移ID'));
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await gone(dialog());
    await expect.poll(async () => (await headers()).indexOf('ID')).toBe(1);
  });
});
