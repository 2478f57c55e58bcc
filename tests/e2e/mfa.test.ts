/**
 * Two-factor sign-in in Chromium, as a person with an authenticator app does
 * it: enrol from the user menu by typing the key shown beside the QR code,
 * keep the recovery codes, then sign in with the password and a code. And a
 * new member of a group that requires 2FA, sent to enrolment by the password.
 * The user menu closes when it opens the dialog, so nothing covers the
 * recovery codes; the code step leads back to the password.
 * In Chinese, Japanese and English, on a 1280 px screen and on a phone; the server's
 * clock is moved a step on instead of waiting for the app's next code.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { translate } from '../../schema/i18n';
import adminCatalogs from '../../schema/i18n/admin';
import raZh from '../../admin/i18n/ra/zh-cn';
import raJa from '../../admin/i18n/ra/ja-jp';
import raEn from 'ra-language-english';
import { totpNow } from '../../server/auth/mfa';
import { consoleSuite, gone, shown, type Lang, ROWS } from './console';
import { scan } from './axe';
import { browserMissing, callApi, screenshot } from './harness';

const PASSWORD = 'member-pass-123';
const RA = { 'zh-cn': raZh, 'ja-jp': raJa, 'en-us': raEn } as unknown as Record<string, typeof raZh>;
const CASES: Array<[Lang, string, { width: number; height: number }]> = [
  ['zh-cn', 'desktop', { width: 1280, height: 800 }],
  ['ja-jp', 'desktop', { width: 1280, height: 800 }],
  ['en-us', 'phone', { width: 390, height: 844 }],
];

describe.skipIf(browserMissing())('two-factor sign-in in the console', { timeout: 120_000 }, () => {
  let shift = 0;
  const clock = () => Date.now() + shift;
  const suite = consoleSuite({ clock });
  let serial = 0;

  /** A user in a group that grants the orders list (a console to land in); `mfa` makes the group require 2FA. */
  async function member(mfa: 0 | 1) {
    const account = `mfa${Date.now().toString(36)}${serial++}`;
    const { app } = suite.server;
    const user = await callApi(app, 'POST', '/api/users/create', { account, password: PASSWORD }, suite.token);
    expect(user.code, user.msg).toBe(201);
    const rules = await callApi(app, 'GET', '/api/auth-rules/find?group=receive-money&limit=100', undefined, suite.token);
    const rows = rules.data.find((r: { route: string }) => r.route === 'api/receive-money/rows').id;
    const group = await callApi(app, 'POST', '/api/auth-group/create', { name: `G${account}`, mfa, rules: `|${rows}|`, uids: `|${user.data.id}|` }, suite.token);
    expect(group.code, group.msg).toBe(201);
    return account;
  }

  const t = (lang: Lang, key: string) => translate(adminCatalogs[lang], key);
  const signedInAccount = async (page: Page) => {
    const token = await page.evaluate(() => localStorage.getItem('paydesk.token'));
    const check = await callApi(suite.server.app, 'POST', '/api/comm/check-token', undefined, token ?? undefined);
    return check.code === 200 ? check.data.user.account : null;
  };

  async function passwordStep(page: Page, lang: Lang, account: string) {
    await page.goto(`${suite.server.url}/#/common/sign-in`);
    await page.getByLabel(t(lang, 'admin.sign.fields.account')).fill(account);
    await page.getByLabel(t(lang, 'admin.sign.fields.password'), { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: t(lang, 'admin.sign.submit_sign_in') }).click();
  }

  /** Reads the key as a person would copy it from the screen, and confirms it with the app's code. */
  async function enrolOn(page: Page, lang: Lang, account: string, name: string, within?: string) {
    const fromSession = within !== undefined;
    const keyBlock = page.getByLabel(t(lang, 'admin.mfa.key'), { exact: true });
    await shown(keyBlock);
    const qr = page.locator('img[src^="data:image/svg+xml"]');
    await shown(qr);
    expect(await qr.getAttribute('alt')).toContain(account);
    await screenshot(page, `mfa-${name}-enrol`);
    expect(await scan(page, 'enrol', within)).toEqual([]);
    const secret = (await keyBlock.innerText()).replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    // From a session the password is asked again; after a password step the challenge stands for it.
    const again = page.getByLabel(t(lang, 'admin.mfa.password'), { exact: true });
    if (fromSession) await again.fill(PASSWORD);
    else expect(await again.count()).toBe(0);
    await page.getByLabel(t(lang, 'admin.mfa.code'), { exact: true }).fill(totpNow(secret, clock()));
    await page.getByRole('button', { name: t(lang, 'admin.mfa.turn_on') }).click();
    const codes = page.getByLabel(t(lang, 'admin.mfa.recovery_label'), { exact: true });
    await shown(codes);
    // The user menu closed when its entry opened the dialog: nothing lies over the codes.
    // (Any menu on the screen, hidden from the accessibility tree by the dialog or not.)
    await expect.poll(() => page.locator('[role=menu]').filter({ visible: true }).count(), { timeout: 5000 }).toBe(0);
    await codes.scrollIntoViewIfNeeded();
    await expect.poll(() => codes.evaluate((el) => {
      const box = el.getBoundingClientRect();
      return el.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2));
    })).toBe(true);
    const recovery = (await codes.innerText()).trim().split('\n');
    expect(recovery).toHaveLength(10);
    await screenshot(page, `mfa-${name}-recovery`);
    expect(await scan(page, 'recovery codes', within)).toEqual([]);
    return secret;
  }

  for (const [lang, size, viewport] of CASES) {
    it(`enrols from the user menu and signs in with a code (${lang}, ${size})`, async () => {
      const account = await member(0);
      let page = await suite.newPage({ lang, viewport });
      await passwordStep(page, lang, account);
      await page.waitForURL(/#\/admin/);
      await page.getByRole('button', { name: RA[lang]!.ra.auth.user_menu }).click();
      await page.getByRole('menuitem', { name: t(lang, 'admin.mfa.menu') }).click();
      const secret = await enrolOn(page, lang, account, `${lang}-${size}`, '[role=dialog]');
      await page.getByRole('button', { name: t(lang, 'admin.mfa.saved_codes') }).click();
      await page.getByRole('button', { name: RA[lang]!.ra.auth.user_menu }).click();
      await page.getByRole('menuitem', { name: t(lang, 'admin.mfa.menu') }).click();
      await shown(page.getByText(t(lang, 'admin.mfa.is_on')));
      await suite.context.close();

      // The next time step: the code used to enrol cannot sign in.
      shift += 30_000;
      page = await suite.newPage({ lang, viewport });
      await passwordStep(page, lang, account);
      let code = page.getByLabel(t(lang, 'admin.mfa.code_or_recovery'));
      await shown(code);
      // A way back from the code step to the password, with the account kept; then in again.
      await page.getByRole('button', { name: t(lang, 'admin.mfa.back') }).click();
      await gone(code);
      expect(await page.getByLabel(t(lang, 'admin.sign.fields.account')).inputValue()).toBe(account);
      expect(page.url()).toMatch(/#\/common\/sign-in$/);
      await page.getByLabel(t(lang, 'admin.sign.fields.password'), { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: t(lang, 'admin.sign.submit_sign_in') }).click();
      code = page.getByLabel(t(lang, 'admin.mfa.code_or_recovery'));
      await shown(code);
      expect(await signedInAccount(page)).toBeNull();
      await screenshot(page, `mfa-${lang}-${size}-code-step`);
      expect(await scan(page, 'code step')).toEqual([]);
      await code.fill(totpNow(secret, clock()));
      await page.getByRole('button', { name: t(lang, 'admin.mfa.verify') }).click();
      await page.waitForURL(/#\/admin/);
      expect(await signedInAccount(page)).toBe(account);
    });
  }

  /** Enrols `account` through the API, as its owner would from the menu; answers the key. */
  async function enrolled(account: string) {
    const { app } = suite.server;
    const token = (await callApi(app, 'POST', '/api/comm/sign-in', { account, password: PASSWORD })).data.token.no;
    const { secret } = (await callApi(app, 'POST', '/api/comm/mfa-setup', {}, token)).data;
    expect((await callApi(app, 'POST', '/api/comm/mfa-enable', { code: totpNow(secret, clock()), password: PASSWORD }, token)).code).toBe(200);
    shift += 30_000;
    return secret as string;
  }

  it('lets the super-admin reset a user\'s 2FA from the users list, which ends that user\'s session', async () => {
    const lang: Lang = 'zh-cn';
    const account = await member(0);
    const secret = await enrolled(account);
    const { app } = suite.server;
    const challenge = (await callApi(app, 'POST', '/api/comm/sign-in', { account, password: PASSWORD })).data.mfaToken;
    const session = (await callApi(app, 'POST', '/api/comm/mfa-sign-in', { mfaToken: challenge, code: totpNow(secret, clock()) })).data.token.no;
    shift += 30_000;
    const page = await suite.openSignedIn('/admin/users', { lang, viewport: { width: 1280, height: 800 } });
    const row = page.locator(ROWS, { hasText: account });
    await row.getByRole('button', { name: `${t(lang, 'admin.mfa.reset')}: ${account}` }).click();
    await shown(page.getByRole('dialog').getByText(account));
    await screenshot(page, 'mfa-reset-confirm');
    await page.getByRole('dialog').getByRole('button', { name: t(lang, 'admin.mfa.reset') }).click();
    await gone(row.getByRole('button', { name: `${t(lang, 'admin.mfa.reset')}: ${account}` }));
    expect((await callApi(app, 'POST', '/api/comm/check-token', undefined, session)).code).toBe(401);
    expect((await callApi(app, 'POST', '/api/comm/sign-in', { account, password: PASSWORD })).data.token).toBeTruthy();
  });

  it('sends an open console back to sign in once its group requires 2FA, and the password then to enrolment', async () => {
    const lang: Lang = 'zh-cn';
    const account = await member(0);
    const { app } = suite.server;
    const sign = await callApi(app, 'POST', '/api/comm/sign-in', { account, password: PASSWORD });
    const groups = await callApi(app, 'GET', `/api/auth-group/find?name=G${account}`, undefined, suite.token);
    expect((await callApi(app, 'PUT', '/api/auth-group/update', { id: groups.data[0].id, mfa: 1 }, suite.token)).code).toBe(200);
    const page = await suite.newPage({ lang, viewport: { width: 390, height: 844 } });
    await suite.context.addInitScript(([token, user]) => {
      localStorage.setItem('paydesk.token', token);
      localStorage.setItem('paydesk.user', user);
    }, [sign.data.token.no, JSON.stringify(sign.data.user)] as const);
    await page.goto(`${suite.server.url}/#/admin`);
    await page.waitForURL(/#\/common\/sign-in/);
    await shown(page.getByText(t(lang, 'admin.mfa.required')));
    await screenshot(page, 'mfa-required-sign-in-again');
    await suite.context.clearCookies();
    await page.evaluate(() => localStorage.clear());
    await passwordStep(page, lang, account);
    await shown(page.getByText(t(lang, 'admin.mfa.group_requires')));
  });

  it('sends a new member of a group that requires 2FA to enrolment after the password, then into the console', async () => {
    const lang: Lang = 'ja-jp';
    const account = await member(1);
    const page = await suite.newPage({ lang, viewport: { width: 1280, height: 800 } });
    await passwordStep(page, lang, account);
    await shown(page.getByText(t(lang, 'admin.mfa.group_requires')));
    expect(await signedInAccount(page)).toBeNull();
    await enrolOn(page, lang, account, 'group-ja-jp');
    await page.getByRole('button', { name: t(lang, 'admin.mfa.continue') }).click();
    await page.waitForURL(/#\/admin/);
    expect(await signedInAccount(page)).toBe(account);
    shift += 30_000;
  });
});
