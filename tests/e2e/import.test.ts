/**
 * Import and bulk edit in Chromium against the real server (issue 34): on a
 * desktop in Chinese, a CSV of orders is uploaded, its mapping checked and
 * changed, the dry run shows the bad row by row and column, the import runs
 * with its progress bar, the failed rows download as a CSV that, fixed, is
 * imported again; then the selected rows are edited at once. On a phone in
 * English, one page load: the import dialog fits the screen and says the same
 * in English, and every row matching the filter is edited at once.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import admin from '../../schema/i18n/admin';
import common from '../../schema/i18n/common';
import { consoleSuite, gone, shown, type Lang, ROWS } from './console';
import { browserMissing, callApi, screenshot } from './harness';

const words = (lang: Lang) => (admin[lang] as any).admin;
const field = (lang: Lang, key: string) => (common[lang] as any).resources['receive-money'].fields[key] as string;
const HEADER = 'title,amount,currency,payUrl,outTradeNo,remark';
const csv = (name: string, lines: string[]) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(`${HEADER}\n${lines.join('\n')}\n`) });
const order = (tag: string, i: number, amount: string | number = 10 + (i % 5)) => `${tag} ${i},${amount},USD,https://pay.example.com/i,${tag}-${i},${tag}`;

/** Whether the progress bar was ever on screen, and its last words: a fast import shows it only briefly. */
const watchProgress = (page: Page) => page.evaluate(() => {
  const seen = { bar: false, text: '' };
  (window as any).importProgress = seen;
  new MutationObserver(() => {
    const text = document.querySelector('[data-testid=import-progress]')?.textContent;
    if (text) Object.assign(seen, { bar: Boolean(document.querySelector('[role=progressbar][aria-valuenow]')), text });
  }).observe(document.body, { subtree: true, childList: true, characterData: true });
});

describe.skipIf(browserMissing())('import and bulk edit', { timeout: 240_000 }, () => {
  const suite = consoleSuite();
  const dialog = (page: Page) => page.getByRole('dialog');
  const api = <T = any>(method: 'GET' | 'PUT', url: string, body?: Record<string, unknown>) => callApi<T>(suite.server.app, method, url, body, suite.token);
  const stored = async (tag: string) => (await api('GET', `/api/receive-money/rows?title_like=${encodeURIComponent(tag)}&limit=10`)).data as { rows: Array<Record<string, any>>; total: number };
  /** The titles of the orders whose remark (not a list column) is `remark`. */
  const remarked = async (remark: string) => (await suite.server.app.paydesk.db.any.selectFrom('receive_money').select('title').where('remark', '=', remark).orderBy('title').execute()).map((r) => r.title);

  it('imports on a desktop in Chinese: map, dry run with the errors, import with progress, failed rows downloaded and imported fixed; edits the selected rows', async () => {
    const w = words('zh-cn');
    const page = await suite.openSignedIn('/admin/receive-money', { viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    await page.getByRole('button', { name: w.import.button, exact: true }).click();
    // 1,200 orders: three batches, so the progress bar has steps to show; row 5 of the file has no amount a person could pay.
    const lines = Array.from({ length: 1200 }, (_, i) => order('desk', i));
    lines[3] = order('desk', 3, 'abc');
    await dialog(page).getByTestId('import-file').setInputFiles(csv('orders.csv', lines));
    // Each column is matched to its field by the header; the remark column is put into the description instead.
    const amount = dialog(page).getByRole('combobox', { name: 'amount' });
    await shown(amount);
    expect(await amount.innerText()).toBe(field('zh-cn', 'amount'));
    await dialog(page).getByRole('combobox', { name: 'remark' }).click();
    await page.getByRole('option', { name: field('zh-cn', 'describe'), exact: true }).click();
    // The preview follows: the first row's last cell is its description now.
    await shown(dialog(page).locator('tbody tr').first().locator('td').last().getByText('desk', { exact: true }));
    await dialog(page).getByRole('button', { name: w.import.dry_run }).click();
    const summary = dialog(page).getByTestId('import-summary');
    await shown(summary);
    expect(await summary.innerText()).toContain('1200');
    const errors = dialog(page).getByRole('table', { name: w.import.errors });
    expect((await errors.locator('tbody tr').allInnerTexts()).map((t) => t.split('\t').slice(0, 2))).toEqual([['5', 'amount']]);
    expect((await stored('desk')).total).toBe(0);
    await screenshot(page, 'import-dry-run-zh-cn');

    await watchProgress(page);
    await dialog(page).getByRole('button', { name: w.import.confirm, exact: true }).click();
    const download = dialog(page).getByRole('button', { name: w.import.download_failed });
    await shown(download);
    expect(await page.evaluate(() => (window as any).importProgress)).toMatchObject({ bar: true, text: expect.stringContaining('1200') });
    expect(await summary.innerText()).toContain('1199');
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    const failed = readFileSync((await file.path())!, 'utf8');
    expect(failed).toContain(w.import.reason);
    expect(failed).toContain('desk 3,abc');

    // Fixed in the downloaded file and chosen again: its extra "error" column is left out by itself.
    await dialog(page).getByTestId('import-file').setInputFiles({ name: 'fixed.csv', mimeType: 'text/csv', buffer: Buffer.from(failed.replace('desk 3,abc', 'desk 3,13')) });
    await dialog(page).getByRole('button', { name: w.import.dry_run }).click();
    await shown(summary);
    expect(await errors.count()).toBe(0);
    await dialog(page).getByRole('button', { name: w.import.confirm, exact: true }).click();
    await shown(summary.getByText(/已新建 1，/));
    expect((await stored('desk')).total).toBe(1200);
    const take = async (ref: string) => (await api('GET', `/api/receive-money/take?id=${(await api('GET', `/api/receive-money/rows?outTradeNo=${ref}`)).data.rows[0].id}`)).data;
    // The first file's remark column went into the description as chosen; the fixed file was matched by its headers again.
    expect(await take('desk-0')).toMatchObject({ amount: 10, describe: 'desk', remark: '' });
    expect(await take('desk-3')).toMatchObject({ amount: 13, describe: '', remark: 'desk' });
    // Closed once the run has ended (while it runs the dialog holds; its summary shows before the end is confirmed).
    await dialog(page).getByRole('button', { name: '关闭', exact: true }).click();
    await gone(dialog(page));

    // The list shows the new orders; two of them are selected and edited at once.
    const listed = page.locator(ROWS, { hasText: 'desk' });
    await shown(listed);
    const titles = [];
    for (const i of [0, 1]) {
      await listed.nth(i).getByRole('checkbox').check();
      titles.push((await listed.nth(i).innerText()).match(/desk \d+/)![0]);
    }
    await page.getByRole('button', { name: w.bulk.button }).click();
    await dialog(page).getByLabel(field('zh-cn', 'remark')).fill('bulk-selected');
    await dialog(page).getByRole('button', { name: w.bulk.apply }).click();
    const bulk = dialog(page).getByTestId('bulk-summary');
    await shown(bulk);
    expect(await bulk.innerText()).toContain('修改 2');
    expect(await remarked('bulk-selected')).toEqual(titles.sort());
  });

  it('on a phone in English, in one page load: the import dialog fits and speaks English; every row matching the filter is edited at once', async () => {
    const w = words('en-us');
    const filter = encodeURIComponent(JSON.stringify({ title_like: 'phone 1' }));
    const page = await suite.openSignedIn(`/admin/receive-money?filter=${filter}`, { lang: 'en-us', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await page.getByRole('button', { name: w.import.button, exact: true }).click();
    // Twelve orders, three named "phone 1x" by the filter's match; row 3 lacks its currency.
    const lines = Array.from({ length: 12 }, (_, i) => order('phone', i));
    lines[1] = 'phone 1,10,,https://pay.example.com/i,phone-1,phone';
    await dialog(page).getByTestId('import-file').setInputFiles(csv('phone.csv', lines));
    await dialog(page).getByRole('button', { name: w.import.dry_run }).click();
    const errors = dialog(page).getByRole('table', { name: w.import.errors });
    await shown(errors);
    expect(await errors.locator('thead').innerText()).toContain(w.import.column);
    expect((await errors.locator('tbody tr').allInnerTexts())[0]).toMatch(/^3\tcurrency\t/);
    const sizes = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, dialog: document.querySelector('[role=dialog]')!.getBoundingClientRect().width }));
    expect(sizes.page).toBeLessThanOrEqual(390);
    expect(sizes.dialog).toBeLessThanOrEqual(390);
    await screenshot(page, 'import-dry-run-phone-en-us');
    await dialog(page).getByRole('button', { name: w.import.confirm, exact: true }).click();
    const summary = dialog(page).getByTestId('import-summary');
    await shown(summary.getByText(/11 created/));
    await page.getByRole('button', { name: 'Close', exact: true }).click();
    await gone(dialog(page));

    // The filtered list (title contains "phone 1": phone 10 and phone 11; phone 1 failed): one selected, all of them edited.
    const listed = page.locator(ROWS);
    await shown(listed);
    await listed.first().getByRole('checkbox').check();
    await page.getByRole('button', { name: w.bulk.button }).click();
    await dialog(page).getByRole('radio', { name: /matching the filter/ }).check();
    await dialog(page).getByLabel(field('en-us', 'remark')).fill('bulk-filtered');
    await dialog(page).getByRole('button', { name: w.bulk.apply }).click();
    await shown(dialog(page).getByTestId('bulk-summary'));
    await screenshot(page, 'bulk-edit-phone-en-us');
    expect(await remarked('bulk-filtered')).toEqual(['phone 10', 'phone 11']);
  });
});
