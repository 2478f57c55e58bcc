/**
 * Record history in Chromium (issue 21 item 3): another operator renames a
 * tag through the API; the admin opens the tag's edit dialog, finds the
 * change on its History tab (who, before and after) and restores the version
 * before it, which the server stores as an ordinary update. In Chinese and
 * Japanese, on a 1280 px screen and on a phone.
 */
import { describe, expect, it } from 'vitest';
import { translate } from '../../schema/i18n';
import adminCatalogs from '../../schema/i18n/admin';
import settingsCatalogs from '../../schema/i18n/settings';
import raZh from '../../admin/i18n/ra/zh-cn';
import raJa from '../../admin/i18n/ra/ja-jp';
import { consoleSuite, shown, type Lang, ROWS } from './console';
import { browserMissing, callApi, screenshot } from './harness';

const RA = { 'zh-cn': raZh, 'ja-jp': raJa } as Record<string, typeof raZh>;
/**
 * Each language and each width once, in pairs: the words depend on the language and the layout on the width, never on
 * the two together, so the other two pairs of the square only doubled the file's minutes in CI.
 */
const CASES: Array<[Lang, string, { width: number; height: number }]> = [
  ['zh-cn', 'desktop', { width: 1280, height: 800 }],
  ['ja-jp', 'phone', { width: 390, height: 844 }],
];

describe.skipIf(browserMissing())('the History tab of an edit dialog', { timeout: 120_000 }, () => {
  const suite = consoleSuite();
  const t = (lang: Lang, key: string) => translate(adminCatalogs[lang], key);
  let serial = 0;

  /** Another operator, who may edit tags, with his token. */
  async function otherOperator(nickname: string) {
    const { app } = suite.server;
    const account = `ed${Date.now().toString(36)}${serial++}`;
    const user = await callApi(app, 'POST', '/api/users/create', { account, nickname, password: 'other-pass-123' }, suite.token);
    expect(user.code, user.msg).toBe(201);
    const rules = await callApi(app, 'GET', '/api/auth-rules/find?group=tags&limit=100', undefined, suite.token);
    const update = rules.data.find((r: { route: string }) => r.route === 'api/tags/update').id;
    const group = await callApi(app, 'POST', '/api/auth-group/create', { name: `G${account}`, manage: 1, rules: `|${update}|`, uids: `|${user.data.id}|` }, suite.token);
    expect(group.code, group.msg).toBe(201);
    const signIn = await callApi(app, 'POST', '/api/comm/sign-in', { account, password: 'other-pass-123' });
    return signIn.data.token.no as string;
  }

  it.each(CASES)('sets how long the history is kept in the security settings (%s, %s)', async (lang, shape, viewport) => {
    const page = await suite.openSignedIn('/admin/config', { lang, viewport });
    const keep = (key: string) => translate(settingsCatalogs[lang], key);
    // The history file holds two sections (revisions, import limits): its sub-tab is named by the file.
    await page.getByRole('tablist').nth(1).getByRole('tab', { name: keep('settings.files.history') }).click();
    const days = page.getByLabel(keep('settings.history.revisions.keep_days'));
    expect(await days.inputValue()).toBe('365');
    await days.fill('90');
    await page.getByRole('region', { name: keep('settings.sections.history.revisions') }).getByRole('button', { name: RA[lang]!.ra.action.save }).click();
    await shown(page.getByText(keep('settings.saved')));
    const stored = await callApi(suite.server.app, 'GET', '/api/toml/history', undefined, suite.token);
    expect(stored.data.values.revisions.keep_days).toBe(90);
    await screenshot(page, `history-${lang}-${shape}-settings`);
    const back = await callApi(suite.server.app, 'PUT', '/api/toml/history-revisions', { keep_days: 365 }, suite.token);
    expect(back.code, back.msg).toBe(200);
  });

  it.each(CASES)('shows another operator\'s change and restores the version before it (%s, %s)', async (lang, shape, viewport) => {
    const { app } = suite.server;
    const n = serial++;
    const original = `orig${n}${lang.slice(0, 2)}`;
    const renamed = `bob${n}${lang.slice(0, 2)}`;
    const tag = await callApi(app, 'POST', '/api/tags/create', { name: original }, suite.token);
    expect(tag.code, tag.msg).toBe(201);
    const bob = await otherOperator(`Bob${n}`);
    const renaming = await callApi(app, 'PUT', '/api/tags/update', { id: tag.data.id, name: renamed }, bob);
    expect(renaming.code, renaming.msg).toBe(200);

    const page = await suite.openSignedIn('/admin/tags', { lang, viewport });
    const dialog = page.getByRole('dialog');
    await page.locator(ROWS, { hasText: renamed }).getByRole('button', { name: RA[lang]!.ra.action.edit }).click();
    await shown(dialog.locator('form'));
    await dialog.getByRole('tab', { name: t(lang, 'admin.history.history') }).click();
    const revisions = dialog.getByRole('list', { name: t(lang, 'admin.history.list') }).locator(':scope > li');
    await shown(revisions.first().getByText(`Bob${n}`));
    // Newest first: Bob's rename, the name before and after side by side; then the admin's create.
    const latest = revisions.nth(0);
    await shown(latest.getByRole('row').filter({ hasText: original }).filter({ hasText: renamed }));
    expect(await revisions.count()).toBe(2);
    await screenshot(page, `history-${lang}-${shape}-bob`);

    await revisions.nth(1).getByRole('button', { name: t(lang, 'admin.history.restore') }).click();
    await shown(page.getByText(t(lang, 'admin.history.restored')));
    const stored = await callApi(app, 'GET', `/api/tags/take?id=${tag.data.id}`, undefined, suite.token);
    expect(stored.data.name).toBe(original);
    // The restore is itself a revision, the admin's, at the top.
    await shown(revisions.nth(2));
    await shown(revisions.first().getByRole('row').filter({ hasText: renamed }).filter({ hasText: original }));
    await screenshot(page, `history-${lang}-${shape}-restored`);

    // The whole history is a list like any other table's, under its own rule.
    await page.goto(`${suite.server.url}/#/admin/revisions`);
    await shown(page.locator(ROWS, { hasText: 'tags' }));
    await screenshot(page, `history-${lang}-${shape}-list`);
  });
});
