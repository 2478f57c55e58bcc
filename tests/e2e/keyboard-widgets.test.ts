/**
 * The console's widgets with the keyboard only (issue 15), after
 * keyboard.test.ts's lists and dialogs: the side menu (and its folded form on a
 * phone), the permission group's rule tree and member picker, and the uploads.
 * No mouse anywhere: Tab, Shift+Tab, Enter, Space, arrows, Escape and typing.
 * Every stop shows a focus ring. One signed-in page for the whole file,
 * moving between screens as the menu does (hash changes), the phone layout
 * last, by shrinking the window.
 */
import type { FileChooser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import raZh from '../../admin/i18n/ra/zh-cn';
import zh from '../../schema/i18n/admin/zh-cn';
import common from '../../schema/i18n/common/zh-cn';
import { consoleSuite, gone, shown, ROWS } from './console';
import { browserMissing, callApi } from './harness';
import { describeFocus, field, focusNow, named, tabTo as tabToOn, type Focus } from './keyboard-support';

const t = zh.admin;
const groupT = t.screens['auth-group'];
const fill = (text: string, values: Record<string, string>) => text.replace(/%\{(\w+)\}/g, (_, key: string) => values[key] ?? '');
/** A 1×1 PNG: the server keeps only what it can tell is an image. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

interface TreeRule {
  id: number;
  name: string;
  method: string;
  route: string;
}
interface Group {
  id: number;
  name: string;
  rules: string;
  uids: string;
}

describe.skipIf(browserMissing())('keyboard only: menu, rule tree, member picker, uploads', { timeout: 180_000 }, () => {
  const suite = consoleSuite();
  const current = suite.sharedSignedIn('/admin/users');
  let page: Page;
  const tabTo = (wanted: (f: Focus) => boolean, options?: { back?: boolean; max?: number }) => tabToOn(page, wanted, options);
  const row = (text: string) => page.locator(ROWS, { hasText: text });
  const dialog = () => page.getByRole('dialog');
  const editButtonOf = (text: string) => (f: Focus) => f.name === t.buttons.edit && f.row.includes(text);
  /** Another screen, as the menu goes there: a hash change, no page load. */
  const goTo = (path: string) => page.evaluate((hash) => (location.hash = hash), `#${path}`);
  const api = async <T,>(method: 'GET' | 'POST', url: string, body?: Record<string, unknown>) => {
    const res = await callApi<T>(suite.server.app, method, url, body, suite.token);
    expect(res.code, `${url}: ${res.msg}`).toBeLessThan(300);
    return res.data;
  };
  const pipes = (value: string) => value.split('|').filter(Boolean).map(Number).sort((a, b) => a - b);
  const groupNamed = async (name: string) => (await api<{ rows: Group[] }>('GET', '/api/auth-group/rows?limit=50')).rows.find((g) => g.name === name)!;

  beforeAll(() => {
    page = current();
  });

  it('reaches the side menu with Tab and opens a screen with Enter', async () => {
    await shown(row('admin'));
    const groups = common.resources['auth-group'].name;
    // Every stop of the menu on the way shows its ring.
    let link = await tabTo((f) => f.inNav);
    for (let i = 0; i < 30 && link.name !== groups; i++) {
      await page.keyboard.press('Tab');
      link = await focusNow(page);
      expect(link.inNav, `still in the menu, not past "${groups}"`).toBe(true);
    }
    expect(link).toMatchObject({ name: groups, kind: 'a' });
    expect(link.current).toBeNull();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.url()).toMatch(/#\/admin\/auth-group$/);
    await shown(row('super-admin'));
    // The link stays where it was, and now says it is the current page.
    expect(await focusNow(page)).toMatchObject({ name: groups, inNav: true, current: 'page' });
  });

  const GROUP = 'Keyboard group';
  it('expands, collapses, checks and unchecks the rule tree, and the group keeps exactly those rules', async () => {
    const tree = await api<Array<{ group: string; children: TreeRule[] }>>('GET', '/api/auth-rules/tree');
    const rulesOf = (group: string) => tree.find((g) => g.group === group)!.children;
    const ruleName = (rule: TreeRule) => (f: Focus) => f.kind === 'checkbox' && f.name.startsWith(common.actions[rule.name as keyof typeof common.actions] ?? rule.name) && f.name.includes(`${rule.method} ${rule.route}`);
    const logs = common.resources.logs.name;
    const users = common.resources.users.name;
    const logsExport = rulesOf('logs').find((rule) => rule.name === 'export')!;
    const usersRows = rulesOf('users').find((rule) => rule.name === 'rows')!;
    const checkbox = (name: string) => dialog().getByRole('checkbox', { name, exact: true });

    await goTo('/admin/auth-group');
    await shown(row('super-admin'));
    await tabTo(named(t.buttons.add));
    await page.keyboard.press('Enter');
    await shown(dialog().locator('form'));
    await tabTo(field(common.resources['auth-group'].fields.name));
    await page.keyboard.type(GROUP);

    // A branch's checkbox takes its whole group with Space.
    await tabTo((f) => f.kind === 'checkbox' && f.name === logs);
    await page.keyboard.press('Space');
    await expect.poll(() => checkbox(logs).isChecked()).toBe(true);
    // Its disclosure button opens it with Enter, and says so.
    await tabTo(named(fill(groupT.expand, { name: logs })));
    expect((await describeFocus(page))?.expanded).toBe('false');
    await page.keyboard.press('Enter');
    expect(await focusNow(page)).toMatchObject({ name: fill(groupT.collapse, { name: logs }), expanded: 'true' });
    // One rule of the open branch unchecked with Space: the branch is half-checked.
    await tabTo(ruleName(logsExport));
    await page.keyboard.press('Space');
    await expect.poll(() => checkbox(logs).getAttribute('data-indeterminate')).toBe('true');
    // Back to the disclosure button, which closes the branch with Space as well.
    await tabTo(named(fill(groupT.collapse, { name: logs })), { back: true });
    await page.keyboard.press('Space');
    expect(await focusNow(page)).toMatchObject({ name: fill(groupT.expand, { name: logs }), expanded: 'false' });
    await gone(dialog().getByRole('checkbox', { name: `${logsExport.method} ${logsExport.route}` }));

    // Up the tree to the users' branch: one rule of it, checked, unchecked and checked again.
    await tabTo(named(fill(groupT.expand, { name: users })), { back: true });
    await page.keyboard.press('Enter');
    await tabTo(ruleName(usersRows));
    const rowsRule = dialog().getByRole('checkbox', { name: `${usersRows.method} ${usersRows.route}` });
    for (const checked of [true, false, true]) {
      await page.keyboard.press('Space');
      await expect.poll(() => rowsRule.isChecked()).toBe(checked);
    }
    await expect.poll(() => checkbox(users).getAttribute('data-indeterminate')).toBe('true');

    await tabTo(named(raZh.ra.action.save));
    await page.keyboard.press('Enter');
    await gone(dialog());
    await shown(row(GROUP));
    const expected = [...rulesOf('logs').filter((rule) => rule !== logsExport).map((rule) => rule.id), usersRows.id].sort((a, b) => a - b);
    expect(pipes((await groupNamed(GROUP)).rules)).toEqual(expected);
  });

  it('picks members with the arrows and Enter, drops one with the keyboard, and the group has just the others', async () => {
    const people = ['Kai Keys', 'Kim Keys', 'Kit Keys'];
    const ids = new Map<string, number>();
    for (const nickname of people) {
      const made = await api<{ id: number }>('POST', '/api/users/create', { account: nickname.replace(' ', '').toLowerCase(), nickname });
      ids.set(nickname, made.id);
    }
    const before = await groupNamed(GROUP);
    await goTo('/admin/auth-group');
    await shown(row(GROUP));
    await tabTo(editButtonOf(GROUP));
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog().getByLabel(common.resources['auth-group'].fields.name).inputValue()).toBe(GROUP);

    await tabTo(field(common.resources['auth-group'].fields.uids));
    /** Searches, moves through the users offered with ArrowDown until `nickname` is the active one, and takes it with Enter. */
    const choose = async (nickname: string) => {
      await page.keyboard.type('Keys');
      await expect.poll(() => page.getByRole('option').count()).toBe(people.length);
      const active = () => page.evaluate(() => document.getElementById(document.activeElement?.getAttribute('aria-activedescendant') ?? '')?.textContent ?? '');
      for (let i = 0; i < people.length && !(await active()).includes(nickname); i++) await page.keyboard.press('ArrowDown');
      expect(await active()).toContain(nickname);
      await page.keyboard.press('Enter');
      await shown(dialog().getByRole('button', { name: nickname }));
      // The search is emptied for the next one.
      expect(await dialog().getByLabel(common.resources['auth-group'].fields.uids).inputValue()).toBe('');
    };
    await choose('Kit Keys');
    await choose('Kai Keys');
    await choose('Kim Keys');

    // ArrowLeft walks back over the chosen members; Backspace drops the one in focus.
    for (let i = 0; i < people.length && (await describeFocus(page))?.name !== 'Kai Keys'; i++) {
      await page.keyboard.press('ArrowLeft');
      expect((await focusNow(page)).kind).toBe('button');
    }
    expect((await focusNow(page)).name).toBe('Kai Keys');
    await page.keyboard.press('Backspace');
    await gone(dialog().getByRole('button', { name: 'Kai Keys' }));
    // The focus goes back to the search box, not out of the picker.
    expect((await focusNow(page)).name).toBe(common.resources['auth-group'].fields.uids);

    await tabTo(named(raZh.ra.action.save));
    await page.keyboard.press('Enter');
    await gone(dialog());
    const after = await groupNamed(GROUP);
    expect(pipes(after.uids)).toEqual([ids.get('Kit Keys')!, ids.get('Kim Keys')!].sort((a, b) => a - b));
    expect(after.rules).toBe(before.rules);
  });

  it('uploads an avatar and an order\'s files from the keyboard, and removes them with it', async () => {
    const image = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG });
    // Listening for file choosers all along: Playwright turns their interception on and off with its listeners, and a
    // key pressed just after it is turned back on could open an unseen native chooser instead.
    const choosers: FileChooser[] = [];
    const take = (chooser: FileChooser) => void choosers.push(chooser);
    page.on('filechooser', take);
    const chooserOpened = async (key: string) => {
      const before = choosers.length;
      await page.keyboard.press(key);
      await expect.poll(() => choosers.length).toBe(before + 1);
      return choosers.at(-1)!;
    };
    const order = await api<{ id: number }>('POST', '/api/receive-money/create', { title: 'Keys order', amount: 12, currency: 'HKD', payUrl: 'https://pay.example.com/keys' });

    // A user's avatar: the upload button opens the file chooser with Space; the stored path lands in the field.
    await goTo('/admin/users');
    await shown(row('kaikeys'));
    await tabTo(editButtonOf('kaikeys'));
    await page.keyboard.press('Enter');
    const avatar = dialog().getByLabel(common.resources.users.fields.avatar);
    await expect.poll(() => dialog().getByLabel(common.resources.users.fields.account).inputValue()).toBe('kaikeys');
    await tabTo((f) => f.inDialog && f.name === t.upload.button);
    const single = await chooserOpened('Space');
    expect(single.isMultiple()).toBe(false);
    await single.setFiles(image('face.png'));
    await expect.poll(() => page.getByTestId('live-polite').textContent()).toBe(t.upload.success);
    await expect.poll(() => avatar.inputValue()).toMatch(/\.png$/);
    const preview = dialog().getByAltText(t.screens.users.avatar_preview);
    await shown(preview);
    // Cleared from the keyboard: back to the field, select all, delete.
    await tabTo(field(common.resources.users.fields.avatar), { back: true });
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('Delete');
    expect(await avatar.inputValue()).toBe('');
    await gone(preview);
    // The form was touched (an avatar added, then taken away): Escape asks before dropping it, and the keyboard answers.
    await page.keyboard.press('Escape');
    await shown(page.getByRole('dialog', { name: t.view.discard_title }));
    await tabTo((f) => f.inDialog && f.name === t.view.discard);
    await page.keyboard.press('Enter');
    await gone(dialog());

    // An order's files: Enter opens the chooser for several; each file is listed, and removed by its own button.
    await goTo('/admin/receive-money');
    await shown(row('Keys order'));
    await tabTo(editButtonOf('Keys order'));
    await page.keyboard.press('Enter');
    await shown(dialog().locator('form'));
    await tabTo((f) => f.inDialog && f.name === t.upload.button);
    const several = await chooserOpened('Enter');
    expect(several.isMultiple()).toBe(true);
    await several.setFiles([image('a.png'), image('b.png')]);
    const files = dialog().getByRole('listitem').getByRole('link');
    await expect.poll(() => files.count()).toBe(2);
    const [first, second] = await files.allInnerTexts();
    await tabTo(named(fill(t.upload.remove, { name: first! })), { back: true });
    await page.keyboard.press('Enter');
    await expect.poll(() => files.allInnerTexts()).toEqual([second]);
    // The focus goes on to the next file's button, not out of the form.
    expect((await focusNow(page)).name).toBe(fill(t.upload.remove, { name: second! }));
    await tabTo(named(raZh.ra.action.save));
    await page.keyboard.press('Enter');
    await gone(dialog());
    const saved = await api<{ files: string }>('GET', `/api/receive-money/take?id=${order.id}`);
    expect(JSON.stringify(saved.files)).toContain(second!);
    expect(JSON.stringify(saved.files)).not.toContain(first!);
    page.off('filechooser', take);
  });

  it('on a phone, opens the folded menu from its button, closes it with Escape, and gives the focus back', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    const openMenu = raZh.ra.action.open_menu;
    const menuLink = page.locator('nav a[href="#/admin/users"]');
    await menuLink.first().waitFor({ state: 'hidden' });
    await tabTo(named(openMenu), { back: true });
    await page.keyboard.press('Enter');
    await shown(menuLink);
    const link = await tabTo((f) => f.inNav);
    expect(link.kind).toBe('a');
    await page.keyboard.press('Escape');
    await menuLink.first().waitFor({ state: 'hidden' });
    expect((await focusNow(page)).name).toBe(openMenu);

    // Opened again with Space, a screen chosen with Enter: the menu folds and the screen shows.
    await page.keyboard.press('Space');
    await shown(menuLink);
    await tabTo((f) => f.inNav && f.name === common.resources['auth-group'].name);
    await page.keyboard.press('Enter');
    await menuLink.first().waitFor({ state: 'hidden' });
    // A phone lists the groups as compact rows, named by the group's name (its key 'super-admin' is a table column only).
    await shown(page.locator(ROWS).first());
    expect((await focusNow(page)).name).toBe(openMenu);
  });
});
