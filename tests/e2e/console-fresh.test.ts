/**
 * A console as a fresh install shows it:
 * - writes made elsewhere (issue 14): its session copy of a list is
 *   revalidated with the server's ETag on every read, so an order created over
 *   the API appears on a reload of the open list, without waiting for the
 *   copy to age;
 * - a table just added without labels (issue 33 item 4: the README's FAQ,
 *   built into this suite's own front end) reads by its keys made readable
 *   in every language, nowhere a raw `resources.faq…` or `validation.…` key;
 * - the install's language (INSTALL_LANG, here en-us; issue 33 item 2) on a
 *   first load whose browser chose none and speaks none we do; the browser's
 *   own language we speak, and the console's choice, still win.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withUnlabelledFaq } from '../support/unlabelled-table';
import { consoleSuite, shown } from './console';
import { browserMissing, buildFrontEndWith, callApi } from './harness';

const REGISTRY = fileURLToPath(new URL('./unlabelled-registry.ts', import.meta.url));

describe.skipIf(browserMissing())('console freshness', () => {
  const dist = mkdtempSync(join(tmpdir(), 'paydesk-dist-faq-'));
  // Before the suite's server starts: it serves this build.
  beforeAll(() => buildFrontEndWith(REGISTRY, dist));
  afterAll(() => rmSync(dist, { recursive: true, force: true }));
  const suite = consoleSuite({ staticDir: dist, resources: withUnlabelledFaq, syncSchema: true, lang: 'en-us' });

  const create = async (resource: string, body: Record<string, unknown>) => {
    const res = await callApi(suite.server.app, 'POST', `/api/${resource}/create`, body, suite.token);
    if (res.code !== 201) throw new Error(`${resource} not created: ${res.code} ${res.msg}`);
  };
  const createOrder = (title: string) => create('receive-money', { title, amount: 8.8, currency: 'HKD', payUrl: 'https://pay.example/checkout' });

  it('after an order is created over the API, a reload of the open console list shows it', async () => {
    await createOrder('Before the reload');
    const page = await suite.openSignedIn('/admin/receive-money');
    await shown(page.locator('tbody tr', { hasText: 'Before the reload' }));

    await createOrder('Made over the API');
    await page.reload();
    await shown(page.locator('tbody tr', { hasText: 'Made over the API' }));
    await shown(page.locator('tbody tr', { hasText: 'Before the reload' }));
  });

  it('shows a table added without labels by its keys made readable, in zh-cn and en-us, with no raw key anywhere', async () => {
    await create('faq', { question: 'Open on Sundays?', answer: 'Yes' });
    const page = await suite.openSignedIn('/admin/faq');
    const noRawKey = async (where: string) => expect(await page.locator('body').innerText(), where).not.toMatch(/resources\.|validation\.|fields\./);
    for (const [lang, add, save] of [['zh-cn', '新增', '保存'], ['en-us', 'Add', 'Save']] as const) {
      if (lang !== 'zh-cn') {
        // English, and the list filtered: its chip names the field too.
        await suite.context.addCookies([{ name: 'lang', value: lang, url: suite.server.url }]);
        await page.goto(`${suite.server.url}/#/admin/faq?filter=${encodeURIComponent(JSON.stringify({ question_like: 'Sundays' }))}`);
        await page.reload();
        await shown(page.getByTestId('filter-chips').getByText(/^Question/));
      }
      await shown(page.locator('tbody tr', { hasText: 'Open on Sundays?' }));
      // The list's header, the menu entry and the page's title, by the keys.
      await shown(page.getByRole('columnheader', { name: 'Question' }));
      await shown(page.getByRole('link', { name: 'Faq', exact: true }));
      await noRawKey(`${lang} list`);
      // The create form and its refusal of a blank required field.
      await page.getByRole('button', { name: add, exact: true }).click();
      const dialog = page.getByRole('dialog');
      await shown(dialog.getByLabel(/^Question/));
      await dialog.getByRole('button', { name: save, exact: true }).click();
      await shown(dialog.getByText(lang === 'zh-cn' ? '必填' : 'Required'));
      await noRawKey(`${lang} create form`);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    }
  });

  it("speaks the install's language to a browser that chose none and speaks none we do; the browser's language and the console's choice win", async () => {
    const lang = async (locale: string, cookie?: string) => {
      const context = await suite.browser.newContext({ locale });
      if (cookie) await context.addCookies([{ name: 'lang', value: cookie, url: suite.server.url }]);
      const page = await context.newPage();
      await page.goto(`${suite.server.url}/#/common/sign-in`);
      await shown(page.locator('form'));
      const spoken = await page.evaluate(() => document.documentElement.lang);
      await context.close();
      return spoken;
    };
    // German is not ours: the install's English (INSTALL_LANG=en-us), not zh-cn.
    expect(await lang('de-DE')).toBe('en-us');
    expect(await lang('ja-JP')).toBe('ja-jp');
    expect(await lang('de-DE', 'ko-kr')).toBe('ko-kr');
  });
});
