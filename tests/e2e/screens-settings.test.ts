/**
 * The settings page and the test page (issue 7) in Chromium against the real
 * server: the site title reaches the page title, the security rows save what
 * the forms show, email settings pointed at a real SMTP server deliver a
 * sign-up code (issue 6: sign-up by email code logs the user in), and the
 * comment box holds at its limit.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { startSmtpCatcher, partBody, type SmtpCatcher } from '../fakes/smtp';
import { translate } from '../../schema/i18n';
import { catalogs } from '../../schema/i18n/catalogs';
import { consoleSuite, shown, type Lang } from './console';
import { browserMissing, callApi, screenshot } from './harness';

describe.skipIf(browserMissing())('settings and test pages', { timeout: 120_000 }, () => {
  const suite = consoleSuite();
  let page: Page;
  const locale = (lang: Lang) => (lang === 'zh-cn' ? 'zh-CN' : 'en-US');
  const newPage = async (lang: Lang = 'zh-cn') => (page = await suite.newPage({ lang, locale: locale(lang) }));
  const openSignedIn = async (path: string, lang: Lang = 'zh-cn') => (page = await suite.openSignedIn(path, { lang, locale: locale(lang) }));

  const section = (name: string) => page.getByRole('region', { name, exact: true });
  const configValue = async (key: string) => {
    const { data } = await callApi(suite.server.app, 'GET', `/api/config/find?key=${key}`, undefined, suite.token);
    return data[0].value;
  };

  it('changes the site title, and the page title ends with it; clears the cache', async () => {
    await openSignedIn('/admin/config');
    await page.getByRole('tab', { name: '站点、短信、缓存与存储' }).click();
    const site = section('站点信息');
    await site.getByLabel('站点标题').fill('');
    await site.getByLabel('站点简介').click();
    await shown(site.getByText('此项为必填项'));

    await site.getByLabel('站点标题').fill('Teahouse Pay');
    await site.getByRole('button', { name: '保存', exact: true }).click();
    await shown(page.getByText('配置已保存'));
    expect((await configValue('SITE_INFO')).title).toBe('Teahouse Pay');
    // At once, and still after a reload.
    await expect.poll(() => page.title()).toBe('系统配置 - Teahouse Pay');
    await page.reload();
    await expect.poll(() => page.title()).toBe('系统配置 - Teahouse Pay');

    await page.getByRole('tab', { name: '站点、短信、缓存与存储' }).click();
    await page.getByRole('tab', { name: '缓存', exact: true }).click();
    await page.getByRole('button', { name: '清除缓存' }).click();
    await shown(page.getByText('缓存已清空'));
  });

  it('saves the security rows: paging off disables its limit, a generated API key is kept', async () => {
    await openSignedIn('/admin/config');
    const api = section('接口安全');
    const limit = api.getByLabel('每页最多条数');
    await shown(limit);
    expect(await limit.isDisabled()).toBe(false);
    await api.getByLabel('限制每页条数').uncheck();
    await expect.poll(() => limit.isDisabled()).toBe(true);

    await api.getByRole('button', { name: '随机生成' }).click();
    const keyInput = api.getByLabel('签名密钥（留空自动生成）');
    const key = await keyInput.inputValue();
    expect(key).toMatch(/^[A-Za-z0-9]{32}$/);
    // The key is shown as dots until the operator asks to see it.
    expect(await keyInput.getAttribute('type')).toBe('password');
    await api.getByRole('button', { name: '保存', exact: true }).click();
    await shown(page.getByText('配置已保存'));
    await screenshot(page, 'settings-security');

    const stored = await configValue('SYSTEM_SAFETY_API');
    expect(stored.key).toBe(key);
    // The disabled limit is not lost: it comes back when paging is turned on again.
    expect(stored.paging).toEqual({ enable: false, limit: 50 });
  });

  it('lists the addresses blocked by the rate limits and lifts one, in Chinese and in English', async () => {
    const blocks = suite.server.app.rateBlocks;
    for (const [lang, client, title, lift, lifted, empty] of [
      ['zh-cn', '203.0.113.71', '被封禁的地址', '解除 203.0.113.71 的封禁', '已解除封禁', '没有被封禁的地址'],
      ['en-us', '203.0.113.72', 'Blocked addresses', 'Lift the block of 203.0.113.72', 'Block lifted', 'No address is blocked'],
    ] as const) {
      // Three overruns within the hour, as an anonymous flood makes them.
      for (let i = 0; i < 3; i++) await blocks.violated(client, { count: 3, second: 3600 });
      await openSignedIn('/admin/config', lang);
      const list = section(title);
      await shown(list.getByRole('cell', { name: client, exact: true }));
      // Until when: within the hour to come, in the reader's format.
      const until = new Date((await blocks.list()).find((b) => b.client === client)!.until);
      await shown(list.getByText(until.toLocaleString(locale(lang), { dateStyle: 'short', timeStyle: 'short' })).first());
      await screenshot(page, `settings-blocked-${lang}`);
      await list.getByRole('button', { name: lift }).click();
      await shown(page.getByText(lifted));
      await shown(list.getByText(empty));
      expect(await blocks.until(client)).toBe(0);
      await suite.context.close();
    }
    await suite.server.app.paydesk.logs.flush();
    const logged = await suite.server.app.paydesk.db.any.selectFrom('logs').select('params').where('api', '=', '/api/rate-limits/unblock').where('code', '=', 200).execute();
    expect(logged.map((l) => JSON.parse(String(l.params)).client)).toEqual(['203.0.113.71', '203.0.113.72']);
  });

  it('in English: sends sign-up codes through the SMTP server set on the page, and the new user lands signed in', async () => {
    const login = { user: 'mailer@paydesk.test', pass: 'smtp-secret-1' };
    const smtp: SmtpCatcher = await startSmtpCatcher(login);
    try {
      await openSignedIn('/admin/config', 'en-us');
      await page.getByRole('tab', { name: 'Site, SMS, cache & storage' }).click();
      await page.getByRole('tab', { name: 'SMS & email' }).click();
      const email = section('Email (SMTP)');
      // The mail provider issues the SMTP password: nothing to generate beside it.
      await shown(email.getByLabel('SMTP host'));
      expect(await email.getByRole('button', { name: 'Generate' }).count()).toBe(0);
      await shown(email.getByText('Not set'));
      await email.getByLabel('SMTP host').fill('127.0.0.1');
      await email.getByLabel('Port').fill(String(smtp.port));
      await email.getByLabel('Account').fill(login.user);
      await email.getByLabel('Subject').fill('Your Paydesk code');
      // A blank secret may mean "keep the stored one": only the server can say none is stored.
      await email.getByRole('button', { name: 'Save' }).click();
      await shown(email.getByText('This field is required'));
      expect(await email.getByLabel('Password', { exact: true }).getAttribute('aria-invalid')).toBe('true');
      await email.getByLabel('Password', { exact: true }).fill(login.pass);
      await email.getByRole('button', { name: 'Save' }).click();
      await shown(page.getByText('Settings saved'));
      // The stored password is never shown again, only marked as set.
      await shown(email.getByText('Set; leave blank to keep it'));
      await screenshot(page, 'settings-services-en');
      expect(await email.getByLabel('Password', { exact: true }).inputValue()).toBe('');
      await suite.context.close();

      await newPage('en-us');
      await page.goto(`${suite.server.url}/#/common/sign-up`);
      await page.getByLabel('Phone or email').fill('newbie@paydesk.test');
      await page.getByRole('button', { name: 'Send code' }).click();
      await shown(page.getByText('Verification code sent'));
      await expect.poll(() => smtp.mails.length).toBe(1);
      expect(smtp.mails[0]!.to).toEqual(['newbie@paydesk.test']);
      const code = /Your Paydesk code: (\d{6})/.exec(partBody(smtp.mails[0]!.raw, 'text/plain') ?? '')?.[1];
      expect(code).toMatch(/^\d{6}$/);

      await page.getByLabel('Account').fill('newbie2024');
      await page.getByLabel('Password', { exact: true }).fill('tea-and-cake');
      await page.getByLabel('Confirm password').fill('tea-and-cake');
      await page.getByLabel('Verification code').fill(code!);
      await page.getByRole('button', { name: 'Sign up' }).click();
      await page.waitForURL(/#\/admin/);

      const token = await page.evaluate(() => localStorage.getItem('paydesk.token'));
      const check = await callApi(suite.server.app, 'POST', '/api/comm/check-token', undefined, token!);
      expect(check.code).toBe(200);
      expect(check.data.user.account).toBe('newbie2024');
      // The console knows who is signed in (after its own token check, which would send a stranger to sign in).
      await shown(page.getByRole('banner').getByText('newbie2024'));
      expect(page.url()).toMatch(/#\/admin/);
    } finally {
      await smtp.close();
    }
  });

  it('splits each tab into sub-tabs that fit a screen, in five languages at 1280 px and on a phone', async () => {
    const heights: string[] = [];
    for (const lang of ['zh-cn', 'en-us', 'ru-ru', 'ja-jp', 'ko-kr'] as Lang[]) {
      for (const width of lang === 'zh-cn' || lang === 'en-us' ? [1280, 390] : [1280]) {
        page = await suite.openSignedIn('/admin/config', { lang, viewport: { width, height: 800 } });
        const tabs = page.getByRole('tablist').first().getByRole('tab');
        await shown(tabs.first());
        for (let t = 0; t < (await tabs.count()); t++) {
          await tabs.nth(t).click();
          const units = page.getByRole('tablist').nth(1).getByRole('tab');
          const count = await units.count();
          expect(count).toBeGreaterThan(2);
          for (let u = 0; u < count; u++) {
            await units.nth(u).click();
            await shown(page.getByRole('region').first());
            const height = await page.evaluate(() => document.documentElement.scrollHeight);
            heights.push(`${lang} ${width} ${t}.${u} ${height}`);
            // Nor sideways.
            expect(await page.evaluate(() => document.documentElement.scrollWidth), `${lang} ${width}px tab ${t} unit ${u}`).toBeLessThanOrEqual(width);
            // One unit at a time: never the old 4,500 px scroll.
            expect(height, `${lang} ${width}px tab ${t} unit ${u}`).toBeLessThan(width < 768 ? 4000 : 2800);
            if (width === 1280 && (lang === 'zh-cn' || lang === 'en-us') && t === 1 && u === 1) await screenshot(page, `settings-sms-${lang}-${width}`);
            if (t === 0 && u === 0) {
              // The request-signing key reads as what it is (not "API key", which API keys are), and whole, on a phone too.
              const label = translate(catalogs[lang], 'admin.screens.settings.rows.SYSTEM_SAFETY_API.key');
              expect(label).not.toMatch(/API|接口/);
              const clipped = await page.locator('label', { hasText: label }).evaluate((el) => el.scrollWidth > el.clientWidth);
              expect(clipped, `${lang} ${width}px: ${label}`).toBe(false);
            }
          }
        }
        if (width < 768) await screenshot(page, `settings-${lang}-${width}`);
        await suite.context.close();
      }
    }
    console.log(heights.join('\n'));
  }, 240_000);

  it('offers the test page in the menu; its comment box holds at 512 characters and it can be a favourite', async () => {
    await openSignedIn('/admin/users');
    await page.getByRole('navigation').getByRole('link', { name: '测试页面', exact: true }).click();
    await page.waitForURL(/#\/admin\/test$/);
    await expect.poll(() => page.title()).toMatch(/^测试页面 - /);
    const box = page.getByRole('textbox', { name: '评论' });
    await box.pressSequentially('茶'.repeat(100) + 'x'.repeat(413));
    await shown(page.getByText('512 / 512'));
    expect(await box.inputValue()).toBe('茶'.repeat(100) + 'x'.repeat(412));
    await box.press('y');
    expect((await box.inputValue()).length).toBe(512);

    await page.getByRole('button', { name: '更多操作' }).click();
    await page.getByRole('menuitem', { name: '收藏' }).click();
    await shown(page.getByText('已加入收藏'));
    await shown(page.getByLabel('已收藏'));
    await page.getByRole('button', { name: '更多操作' }).click();
    await shown(page.getByRole('menuitem', { name: '取消收藏' }));
    await screenshot(page, 'test-page');
  });
});
