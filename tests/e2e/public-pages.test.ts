/**
 * Issue 11 items 7, 8, 17, 20 and 21 where a payer, visitor or operator sees them, in
 * Chromium against the real server: an unknown tradeNo reads "order not
 * found"; a pending result offers the way back to pay; money follows its
 * currency's minor units; SITE_INFO's avatar, favicon, keywords, description,
 * copyright and filing numbers reach the public pages; the account pages show
 * the progress bar and follow SIGN_IN_UP; the console lists money grouped; the
 * invite table generates codes.
 * Screenshots at phone width and 1280 px, in Chinese and English, land in
 * tests/artifacts for a person to look at.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { consoleSuite, gone, shown, type Lang } from './console';
import { browserMissing, callApi, screenshot } from './harness';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

describe.skipIf(browserMissing())('public pages', { timeout: 120_000 }, () => {
  const suite = consoleSuite();
  let page: Page;
  const api = <T = any>(method: 'GET' | 'POST' | 'PUT', url: string, body?: Record<string, unknown>) => callApi<T>(suite.server.app, method, url, body, suite.token);

  async function setConfig(key: string, change: (value: any) => void) {
    const row = (await api('GET', `/api/config/rows?key=${key}`)).data.rows[0];
    change(row.value);
    const saved = await api('PUT', '/api/config/update', { id: row.id, value: row.value });
    expect(saved.code, saved.msg).toBe(200);
  }
  const order = async (fields: Record<string, unknown> = {}) => {
    const res = await api('POST', '/api/receive-money/create', { title: '年度会员', amount: 1234, currency: 'JPY', payUrl: 'https://pay.example/checkout', ...fields });
    expect(res.code, res.msg).toBe(201);
    return res.data as { tradeNo: string };
  };

  beforeAll(async () => {
    // Turning code-only sign-in on needs a contact of one's own.
    const me = await api('POST', '/api/comm/check-token');
    expect((await api('PUT', '/api/users/update', { id: me.data.user.id, email: 'admin@example.test' })).code).toBe(200);
    await setConfig('SITE_INFO', (v) => Object.assign(v, {
      title: 'Paydesk', date: 1609459200, avatar: '/avatar.png', favicon: '/favicon-site.png',
      keyword: '收款|支付| payments ', description: 'Payment pages of Paydesk',
      copy: { code: '京ICP备12345678号-1', link: '' }, police: { code: '京公网安备11010502030143号', link: 'https://police.example/record' },
    }));
  });

  const open = async (hash: string, lang: Lang = 'zh-cn', viewport = PHONE) => {
    page = await suite.newPage({ lang, viewport });
    await page.goto(`${suite.server.url}/${hash}`);
    return page;
  };

  it('says "order not found" for an unknown tradeNo: no fake order, no countdown error, no toast', async () => {
    await open('#/pay/emit?tradeNo=no-such-order');
    await shown(page.getByText('未找到订单'));
    expect(await page.getByText('时间加载失败').count()).toBe(0);
    expect(await page.getByText('no-such-order').count()).toBe(0);
    expect(await page.getByRole('button', { name: '立即支付' }).count()).toBe(0);
    expect(await page.getByRole('alert').count()).toBe(0);
    await screenshot(page, 'opsC-pay-not-found-zh-390');
    await page.goto(`${suite.server.url}/#/pay/order?tradeNo=no-such-order`);
    await shown(page.getByText('未找到订单'));
    expect(await page.getByText('未知状态').count()).toBe(0);
  });

  it('offers the way back to pay from a pending result page', async () => {
    const { tradeNo } = await order();
    await open(`#/pay/order?tradeNo=${tradeNo}`, 'en-us');
    await shown(page.getByText('Awaiting payment'));
    await page.getByRole('link', { name: 'Back to payment' }).click();
    await page.waitForURL((url) => url.hash === `#/pay/emit?tradeNo=${tradeNo}`);
    await shown(page.getByRole('button', { name: 'Pay now' }));
  });

  it('shows yen without decimals and groups thousands on the pay page, as yen (JP¥) to a Chinese reader', async () => {
    const { tradeNo } = await order({ amount: 1234567 });
    await open(`#/pay/emit?tradeNo=${tradeNo}`);
    await expect.poll(() => page.getByTestId('amount').textContent()).toBe('JP¥1,234,567');
  });

  it('carries SITE_INFO on the pay pages: avatar, favicon, keywords, description, copyright and filing links', async () => {
    const { tradeNo } = await order();
    for (const [lang, viewport] of [['zh-cn', PHONE], ['en-us', DESKTOP], ['zh-cn', DESKTOP], ['en-us', PHONE]] as const) {
      await open(`#/pay/emit?tradeNo=${tradeNo}`, lang, viewport);
      const icp = page.getByRole('link', { name: '京ICP备12345678号-1' });
      await shown(icp);
      expect(await icp.getAttribute('href')).toBe('https://beian.miit.gov.cn/');
      expect(await page.getByRole('link', { name: '京公网安备11010502030143号' }).getAttribute('href')).toBe('https://police.example/record');
      expect(await page.locator('footer').textContent()).toContain(`© 2021–${new Date().getFullYear()} Paydesk`);
      expect(await page.locator('header img').getAttribute('src')).toBe('/avatar.png');
      expect(await page.locator('meta[name="keywords"]').getAttribute('content')).toBe('收款, 支付, payments');
      expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe('Payment pages of Paydesk');
      expect(await page.locator('link[rel="icon"]').getAttribute('href')).toBe('/favicon-site.png');
      await screenshot(page, `opsC-pay-emit-${lang}-${viewport.width}`);
    }
  });

  it('shows the footer, avatar and head on the account pages too, and the progress bar on each navigation', async () => {
    await open('#/common/sign-in', 'en-us', DESKTOP);
    await shown(page.getByRole('link', { name: '京ICP备12345678号-1' }));
    expect(await page.locator('meta[name="keywords"]').getAttribute('content')).toBe('收款, 支付, payments');
    expect(await page.locator('main img').getAttribute('src')).toBe('/avatar.png');
    await gone(page.getByRole('progressbar'));
    await page.getByRole('link', { name: 'Sign up' }).click();
    await shown(page.getByRole('progressbar'));
    await gone(page.getByRole('progressbar'));
    await screenshot(page, 'opsC-sign-up-en-1280');
  });

  it('follows SIGN_IN_UP on the account pages: code-only sign-in, required invite, closed sign-up', async () => {
    await setConfig('SIGN_IN_UP', (v) => { v.sign_in.strategy = 'strict'; v.sign_up.invite.mode = 'force'; });
    try {
      await open('#/common/sign-in', 'zh-cn', PHONE);
      await shown(page.getByText('本站仅支持手机号或邮箱验证码登录'));
      expect(await page.getByRole('tab', { name: '账号密码登录' }).count()).toBe(0);
      expect(await page.getByLabel('手机号码或邮箱').isVisible()).toBe(true);

      await page.goto(`${suite.server.url}/#/common/sign-up`);
      const invite = page.getByRole('textbox', { name: '邀请码' });
      await shown(invite);
      expect(await invite.getAttribute('required')).not.toBeNull();
      for (const [label, value] of [['手机号码或邮箱', 'new@example.test'], ['账号', 'newcomer1'], ['验证码', '123456']] as const) await page.getByLabel(label).fill(value);
      await page.getByLabel('密码', { exact: true }).fill('long-enough-1');
      await page.getByLabel('确认密码').fill('long-enough-1');
      await page.getByRole('button', { name: '注册', exact: true }).click();
      await shown(page.getByText('请输入邀请码'));
      await screenshot(page, 'opsC-sign-up-force-zh-390');

      // Invitations turned off: the form still shows, without an invitation field,
      // and not even for a moment while the page is still asking the server.
      await setConfig('SIGN_IN_UP', (v) => { v.sign_up.invite.mode = 'close'; });
      page = await suite.newPage({ lang: 'ja-jp', viewport: PHONE });
      let answerPolicy = () => {};
      const policyHeld = new Promise<void>((resolve) => (answerPolicy = resolve));
      await page.route('**/api/comm/init*', async (route) => {
        await policyHeld;
        await route.continue();
      });
      await page.goto(`${suite.server.url}/#/common/sign-up`);
      await shown(page.getByRole('progressbar'));
      expect(await page.getByRole('textbox').count()).toBe(0);
      expect(await page.getByRole('button', { name: '登録', exact: true }).count()).toBe(0);
      await screenshot(page, 'opsC-sign-up-loading-ja-390');
      answerPolicy();
      await shown(page.getByRole('button', { name: '登録', exact: true }));
      expect(await page.getByLabel(/招待コード/).count()).toBe(0);
      await screenshot(page, 'opsC-sign-up-no-invite-ja-390');
      // The form and its footer fit the phone: nothing below them to scroll into.
      expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBe(PHONE.height);
      expect(await page.getByLabel('アカウント').isVisible()).toBe(true);

      await setConfig('SIGN_IN_UP', (v) => { v.sign_up.allow = false; });
      await open('#/common/sign-up', 'en-us', PHONE);
      await shown(page.getByText('Sign-up is closed'));
      expect(await page.getByRole('button', { name: 'Sign up' }).count()).toBe(0);
      expect(await page.getByLabel('Phone or email').count()).toBe(0);
      await screenshot(page, 'opsC-sign-up-closed-en-390');
    } finally {
      await setConfig('SIGN_IN_UP', (v) => { v.sign_in.strategy = 'loose'; v.sign_up.allow = true; v.sign_up.invite.mode = 'open'; });
    }
  });

  it('formats money in the console list with its currency\'s minor units and grouping', async () => {
    await order({ title: 'Won order', amount: 15000000, currency: 'KRW' });
    await order({ title: 'Yuan order', amount: 15000000, currency: 'CNY' });
    page = await suite.openSignedIn('/admin/receive-money', { lang: 'en-us', viewport: DESKTOP });
    await shown(page.getByRole('cell', { name: '₩15,000,000', exact: true }));
    // Yuan to an English reader: CN¥, not the yen's ¥.
    await shown(page.getByRole('cell', { name: 'CN¥15,000,000.00', exact: true }));
    expect(await page.getByRole('cell', { name: '15000000.00' }).count()).toBe(0);
  });

  it('generates invitation codes from the invite table\'s toolbar', async () => {
    await setConfig('SIGN_IN_UP', (v) => { v.sign_up.invite.length = 7; v.sign_up.invite.format = 'letter'; });
    page = await suite.openSignedIn('/admin/invite', { lang: 'en-us', viewport: DESKTOP });
    await page.getByRole('button', { name: 'Generate codes' }).click();
    const dialog = page.getByRole('dialog');
    // The console's prompt dialog: a count out of range reads "Input data invalid" and stays to be corrected.
    for (const wrong of ['0', '101', '2.5']) {
      await dialog.getByLabel('How many').fill(wrong);
      await dialog.getByRole('button', { name: 'Generate codes' }).click();
      await shown(dialog.getByText('Input data invalid'));
    }
    await dialog.getByLabel('How many').fill('3');
    await dialog.getByRole('button', { name: 'Generate codes' }).click();
    const list = page.getByRole('dialog').getByTestId('generated-codes');
    await shown(list);
    const codes = (await list.textContent())!.split('\n');
    expect(codes).toHaveLength(3);
    for (const code of codes) expect(code).toMatch(/^[A-Z]{7}$/);
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await gone(page.getByRole('dialog'));
    await shown(page.getByRole('cell', { name: codes[0] }));
  });

  it('shows who used an invitation code by account, and nothing for an unused one', async () => {
    const me = (await api('POST', '/api/comm/check-token')).data.user;
    for (const code of ['USEDBYME1', 'UNUSED01']) expect((await api('POST', '/api/invite/create', { code })).code).toBe(201);
    // As a sign-up spends a code: through the app's own database, so its lists hear of the write.
    await suite.server.app.db.kysely.updateTable('invite').set({ usedBy: me.id, usedTime: 1_767_225_600 }).where('code', '=', 'USEDBYME1').execute();
    page = await suite.openSignedIn('/admin/invite', { lang: 'ja-jp', viewport: DESKTOP });
    const used = page.getByRole('row').filter({ hasText: 'USEDBYME1' });
    await shown(used.getByRole('cell', { name: 'admin', exact: true }));
    const unused = page.getByRole('row').filter({ hasText: 'UNUSED01' });
    await shown(unused);
    expect(await unused.getByRole('cell', { name: '0', exact: true }).count()).toBe(0);
    expect(await unused.getByRole('cell', { name: '#0', exact: true }).count()).toBe(0);
    await screenshot(page, 'opsC-invite-used-by-ja-1280');
    // The dialog shows it the same way, read-only.
    await used.getByRole('button', { name: '編集' }).click();
    const usedBy = page.getByRole('dialog').getByLabel('使用者');
    await expect.poll(() => usedBy.inputValue()).toBe('admin');
    expect(await usedBy.isDisabled()).toBe(true);
    await screenshot(page, 'opsC-invite-used-by-dialog-ja-1280');
  });
});
