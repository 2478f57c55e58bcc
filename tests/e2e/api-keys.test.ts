/**
 * The API keys screen as a merchant uses it, in Chinese and English, on a
 * 1280 px screen and on a phone: a merchant (a user of an "own data" group)
 * makes his callback secret and sees it once, rolls it and sees the overlap,
 * ends the overlap; then makes a key with the merchant preset, sees it once,
 * and finds its rules in the list, and the key really is limited to them.
 * The new key's form says "required" only once a name was typed and left,
 * or on submit; rules chosen one by one are grouped by table, in words.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { translate } from '../../schema/i18n';
import adminCatalogs from '../../schema/i18n/admin';
import commonCatalogs from '../../schema/i18n/common';
import { API_KEY_PRESETS } from '../../schema/resources/api-keys';
import raZh from '../../admin/i18n/ra/zh-cn';
import { consoleSuite, gone, shown, type Lang, ROWS } from './console';
import { browserMissing, callApi, screenshot } from './harness';

const PASSWORD = 'merchant-pass-123';
/** Each language and each width once, in pairs: the words depend on the language and the layout on the width, never on both. */
const CASES: Array<[Lang, string, { width: number; height: number }]> = [
  ['zh-cn', 'desktop', { width: 1280, height: 800 }],
  ['en-us', 'phone', { width: 390, height: 844 }],
];

describe.skipIf(browserMissing())('API keys and the callback secret in the console', { timeout: 120_000 }, () => {
  const suite = consoleSuite();
  let serial = 0;
  const t = (lang: Lang, key: string, params?: Record<string, unknown>) =>
    translate((key.startsWith('admin.') ? adminCatalogs : commonCatalogs)[lang], key, params);
  const s = (lang: Lang, key: string) => t(lang, `admin.screens.api-keys.secret.${key}`);

  /** A user in a group made from the "operator (own data)" preset, as the README's merchant is. */
  async function merchant() {
    const { app } = suite.server;
    const account = `shop${Date.now().toString(36)}${serial++}`;
    const user = await callApi(app, 'POST', '/api/users/create', { account, password: PASSWORD }, suite.token);
    expect(user.code, user.msg).toBe(201);
    const presets = await callApi<Array<{ no: string; rules: string }>>(app, 'GET', '/api/auth-group/preset', undefined, suite.token);
    const own = presets.data.find((p) => p.no === 'operator-own')!;
    const group = await callApi(app, 'POST', '/api/auth-group/create', { name: `G${account}`, manage: 0, all: 0, rules: own.rules, uids: `|${user.data.id}|` }, suite.token);
    expect(group.code, group.msg).toBe(201);
    return account;
  }

  async function openAs(account: string, lang: Lang, viewport: { width: number; height: number }): Promise<Page> {
    const sign = await callApi(suite.server.app, 'POST', '/api/comm/sign-in', { account, password: PASSWORD });
    const page = await suite.newPage({ lang, viewport });
    await suite.context.addInitScript(([token, user]) => {
      localStorage.setItem('paydesk.token', token);
      localStorage.setItem('paydesk.user', user);
    }, [sign.data.token.no, JSON.stringify(sign.data.user)] as const);
    await page.goto(`${suite.server.url}/#/admin/api-keys`);
    return page;
  }

  /** Confirms the open confirmation dialog with its button, and reads the secret the next dialog shows once. */
  async function confirmAndRead(page: Page, lang: Lang, button: string, name: string) {
    const dialog = page.getByRole('dialog');
    await shown(dialog.getByText(s(lang, `${button}_confirm`)));
    await screenshot(page, `api-keys-${name}-${button}-confirm`);
    await dialog.getByRole('button', { name: s(lang, button), exact: true }).click();
    const block = page.getByRole('dialog').getByLabel(s(lang, 'title'), { exact: true });
    await shown(block);
    const secret = (await block.innerText()).trim();
    expect(secret).toMatch(/^whsec_/);
    await screenshot(page, `api-keys-${name}-${button}-shown`);
    await page.getByRole('button', { name: t(lang, 'admin.screens.api-keys.done') }).click();
    await gone(page.getByRole('dialog'));
    return secret;
  }

  it.each(CASES)('%s %s: reveal the callback secret once, roll it, end the overlap; make a merchant key and see its rules', async (lang, size, viewport) => {
    const name = `${lang}-${size}`;
    const page = await openAs(await merchant(), lang, viewport);
    const panel = page.getByRole('region', { name: s(lang, 'title') });
    await shown(panel.getByText(s(lang, 'site_text')));

    await panel.getByRole('button', { name: s(lang, 'make') }).click();
    const first = await confirmAndRead(page, lang, 'make', name);
    // Afterwards only its prefix is on the screen.
    await shown(panel.getByText(`${first.slice(0, 12)}…`));
    expect(await page.getByText(first).count()).toBe(0);

    await panel.getByRole('button', { name: s(lang, 'roll') }).click();
    const second = await confirmAndRead(page, lang, 'roll', name);
    expect(second).not.toBe(first);
    await shown(panel.getByText(`${second.slice(0, 12)}…`));
    const overlap = panel.getByRole('alert');
    await shown(overlap);
    // The overlap's words up to its end time.
    expect(await overlap.innerText()).toContain(t(lang, 'admin.screens.api-keys.secret.overlap', { time: '\u0000' }).split('\u0000')[0]);
    await screenshot(page, `api-keys-${name}-overlap`);

    await panel.getByRole('button', { name: s(lang, 'end') }).click();
    const dialog = page.getByRole('dialog');
    await shown(dialog.getByText(s(lang, 'end_confirm')));
    await dialog.getByRole('button', { name: s(lang, 'end'), exact: true }).click();
    await gone(panel.getByRole('alert'));

    // A key with the merchant preset, chosen by default.
    await page.getByRole('button', { name: t(lang, 'admin.screens.api-keys.create') }).first().click();
    const form = page.getByRole('dialog');
    // Looking at the choices before naming the key is no mistake yet: no "required" until something was typed, or on submit.
    await form.getByRole('radio', { name: t(lang, 'admin.screens.api-keys.mode_custom') }).check();
    const required = form.getByText(t(lang, 'validation.required'), { exact: true });
    await shown(form.getByRole('group', { name: t(lang, 'resources.receive-money.name'), exact: true }));
    expect(await required.count()).toBe(0);
    // The rules one by one, by table and in words: no route spelt out.
    expect(await form.getByRole('group', { name: t(lang, 'admin.screens.api-keys.rules_label') }).innerText()).not.toMatch(/api\//);
    await form.getByRole('radio', { name: t(lang, 'admin.screens.api-keys.mode_merchant') }).check();
    expect(await required.count()).toBe(0);
    await form.getByRole('button', { name: t(lang, 'admin.screens.api-keys.create') }).click();
    await shown(required);
    await form.getByLabel(t(lang, 'resources.api-keys.fields.name')).fill(`shop server ${name}`);
    await gone(required);
    expect(await form.getByRole('radio', { name: t(lang, 'admin.screens.api-keys.mode_merchant') }).isChecked()).toBe(true);
    await screenshot(page, `api-keys-${name}-new-key`);
    await form.getByRole('button', { name: t(lang, 'admin.screens.api-keys.create') }).click();
    const keyBlock = page.getByRole('dialog').getByLabel(t(lang, 'admin.screens.api-keys.key'), { exact: true });
    await shown(keyBlock);
    const key = (await keyBlock.innerText()).trim();
    expect(key).toMatch(/^pdk_/);
    await page.getByRole('button', { name: t(lang, 'admin.screens.api-keys.done') }).click();
    await gone(page.getByRole('dialog'));

    const row = page.locator(ROWS).filter({ hasText: `shop server ${name}` });
    await shown(row);
    await screenshot(page, `api-keys-${name}-list`);
    await shown(row.getByText(t(lang, 'admin.screens.api-keys.rules_merchant', { count: API_KEY_PRESETS.merchant.length })));
    // Each rule by its table and action, in the page's language.
    const orders = `${t(lang, 'resources.receive-money.name')}: `;
    expect(await row.innerText()).toContain(orders);
    expect(await row.innerText()).toContain(t(lang, 'actions.refund'));

    if (size === 'desktop') {
      // The list, rules and row buttons included, fits the screen without scrolling sideways.
      const overflow = await page.locator('.RaDataTable-tableWrapper').evaluate((el) => el.scrollWidth - el.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    }

    // The key made on the screen does what the list says and no more.
    const { app } = suite.server;
    expect((await callApi(app, 'GET', '/api/receive-money/rows', undefined, key)).code).toBe(200);
    expect((await callApi(app, 'GET', '/api/api-keys/rows', undefined, key)).code).toBe(403);
    expect((await callApi(app, 'POST', '/api/receive-money/refund', { id: 999999, reason: 'nothing' }, key)).code).toBe(404);

    // Its rules changed on the screen: without refunds, the key can no longer refund.
    await row.getByRole('button', { name: t(lang, 'admin.screens.api-keys.rules_named', { name: `shop server ${name}` }) }).click();
    const edit = page.getByRole('dialog');
    await edit.getByRole('radio', { name: t(lang, 'admin.screens.api-keys.mode_custom') }).check();
    const ordersTable = edit.getByRole('group', { name: t(lang, 'resources.receive-money.name'), exact: true });
    await ordersTable.getByRole('checkbox', { name: t(lang, 'actions.refund'), exact: true }).uncheck();
    // The table's own box now reads "some".
    const whole = ordersTable.getByRole('checkbox', { name: t(lang, 'admin.screens.api-keys.rules_table', { table: t(lang, 'resources.receive-money.name') }) });
    expect(await whole.getAttribute('data-indeterminate')).toBe('true');
    await screenshot(page, `api-keys-${name}-edit-rules`);
    // react-admin's own words: its Chinese catalog is ours, its English one the package's.
    await edit.getByRole('button', { name: lang === 'zh-cn' ? translate(raZh, 'ra.action.save') : 'Save', exact: true }).click();
    await gone(page.getByRole('dialog'));
    // The plural form for 9 is the last in both languages.
    await shown(row.getByText(t(lang, 'admin.screens.api-keys.rules_count', { smart_count: API_KEY_PRESETS.merchant.length - 1 }).split(' |||| ').pop()!));
    expect((await callApi(app, 'POST', '/api/receive-money/refund', { id: 999999, reason: 'nothing' }, key)).code).toBe(403);
  });
});
