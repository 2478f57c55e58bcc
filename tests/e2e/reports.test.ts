/**
 * Reports for accounting in Chromium against the real server (issue 20): an
 * operator without `manage` exports his orders as XLSX from the list (the
 * arrow beside Export), in Chinese and in English, and the downloaded file
 * opens with exceljs with typed cells (amounts as numbers, dates as dates in
 * the browser's time zone, labels as strings) holding only his orders; the
 * settlement dialog on the orders toolbar downloads the period's figures, on
 * a wide screen and on a phone. axe finds nothing serious in the menu or the
 * dialog.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { readXlsx, ValueType } from '../support/xlsx';
import { scan } from './axe';
import { consoleSuite, gone, shown, type Lang, ROWS } from './console';
import { browserMissing, callApi, screenshot } from './harness';

const WIDE = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const TIME_ZONE = 'Asia/Shanghai';
/** 2026-03-05 23:30 UTC: already the 6th on the Shanghai clock. */
const PAID_AT = Date.UTC(2026, 2, 5, 23, 30) / 1000;

describe.skipIf(browserMissing())('reports for accounting', { timeout: 180_000 }, () => {
  const suite = consoleSuite();
  let page: Page;
  let cashier: { token: string; user: unknown };

  beforeAll(async () => {
    const { app } = suite.server;
    const rule = async (route: string) => (await callApi(app, 'GET', `/api/auth-rules/find?route=${route}&method=GET`, undefined, suite.token)).data[0].id;
    const rules = await Promise.all(['rows', 'find', 'take', 'export', 'settlement'].map((name) => rule(`api/receive-money/${name}`)));
    const user = await callApi<{ id: number }>(app, 'POST', '/api/users/create', { account: 'cashier1', password: 'cashier-pass-1', nickname: 'Cashier' }, suite.token);
    await callApi(app, 'POST', '/api/auth-group/create', { name: 'Cashiers', manage: 0, rules: `|${rules.join('|')}|`, uids: `|${user.data.id}|` }, suite.token);
    const db = app.paydesk.db.kysely;
    const orders = [
      { tradeNo: 'rep-mine-1', title: 'Green tea', amount: 12.5, uid: user.data.id },
      { tradeNo: 'rep-mine-2', title: 'Oolong', amount: 30, uid: user.data.id },
      { tradeNo: 'rep-theirs', title: 'Not his', amount: 99, uid: 1 },
    ];
    for (const o of orders) {
      await db.insertInto('receive_money').values({
        ...o, currency: 'USD', channel: 'manual', status: 'completed', paidAmount: o.amount, paidTime: PAID_AT, files: '[]',
        createTime: PAID_AT - 600, updateTime: PAID_AT, expireTime: PAID_AT + 3600,
      } as never).execute();
    }
    const signIn = await callApi(app, 'POST', '/api/comm/sign-in', { account: 'cashier1', password: 'cashier-pass-1' });
    cashier = { token: signIn.data.token.no, user: signIn.data.user };
  });

  async function openAsCashier(lang: Lang, viewport: { width: number; height: number }) {
    page = await suite.newPage({ lang, viewport, timezoneId: TIME_ZONE, acceptDownloads: true });
    await suite.context.addInitScript(([token, user]) => {
      localStorage.setItem('paydesk.token', token);
      localStorage.setItem('paydesk.user', user);
    }, [cashier.token, JSON.stringify(cashier.user)] as const);
    await page.goto(`${suite.server.url}/#/admin/receive-money`);
    await shown(page.locator(ROWS, { hasText: 'Green tea' }));
  }

  async function downloaded(click: () => Promise<void>) {
    const download = page.waitForEvent('download');
    await click();
    const file = await download;
    return { name: file.suggestedFilename(), sheets: await readXlsx(readFileSync((await file.path())!)) };
  }

  const cases: Array<[Lang, { menu: string; xlsx: string; status: string; paid: string; amount: string; created: string; title: string }]> = [
    ['zh-cn', { menu: '选择文件格式', xlsx: 'Excel (XLSX)', status: '支付状态', paid: '支付成功', amount: '金额', created: '创建时间', title: '商品标题' }],
    ['en-us', { menu: 'Choose the file format', xlsx: 'Excel (XLSX)', status: 'Payment status', paid: 'Paid', amount: 'Amount', created: 'Created', title: 'Product title' }],
  ];

  it.each(cases)('an operator exports his orders as XLSX from the list (%s)', async (lang, words) => {
    await openAsCashier(lang, WIDE);
    await page.getByRole('button', { name: words.menu }).click();
    await shown(page.getByRole('menuitem', { name: words.xlsx }));
    await screenshot(page, `reports-export-menu-${lang}-1280`);
    expect(await scan(page, `export menu ${lang}`)).toEqual([]);
    const { name, sheets } = await downloaded(() => page.getByRole('menuitem', { name: words.xlsx }).click());
    expect(name).toBe('receive-money.xlsx');
    await gone(page.getByRole('menu'));
    const [sheet] = sheets;
    // His orders only, newest first as the list shows them.
    expect(sheet!.rows.map((row) => row[words.title]!.value).sort()).toEqual(['Green tea', 'Oolong']);
    const tea = sheet!.rows.find((row) => row[words.title]!.value === 'Green tea')!;
    expect(tea[words.status]).toMatchObject({ type: ValueType.String, value: words.paid });
    expect(tea[words.amount]).toMatchObject({ type: ValueType.Number, value: 12.5 });
    // The creation time on the browser's clock (Shanghai): 2026-03-06 07:20.
    expect(tea[words.created]).toMatchObject({ type: ValueType.Date, value: new Date(Date.UTC(2026, 2, 6, 7, 20)) });
  });

  const dialogCases: Array<[Lang, string, { width: number; height: number }, { button: string; from: string; to: string; download: string; collected: string }]> = [
    ['en-us', '1280', WIDE, { button: 'Settlement report', from: 'From', to: 'To', download: 'Download', collected: 'Collected' }],
    ['zh-cn', '390', PHONE, { button: '结算报表', from: '开始日期', to: '结束日期', download: '下载', collected: '收款总额' }],
  ];

  it.each(dialogCases)('the settlement dialog downloads the period\'s figures (%s at %s px)', async (lang, width, viewport, words) => {
    await openAsCashier(lang, viewport);
    await screenshot(page, `reports-orders-toolbar-${lang}-${width}`);
    await page.getByRole('button', { name: words.button }).click();
    const dialog = page.getByRole('dialog', { name: words.button });
    await shown(dialog);
    await dialog.getByLabel(words.from, { exact: true }).fill('2026-03-06');
    await dialog.getByLabel(words.to, { exact: true }).fill('2026-03-06');
    await screenshot(page, `reports-settlement-dialog-${lang}-${width}`);
    expect(await scan(page, `settlement dialog ${lang} ${width}`, '[role=dialog]')).toEqual([]);
    const { name, sheets } = await downloaded(() => dialog.getByRole('button', { name: words.download }).click());
    expect(name).toBe('settlement-2026-03-06-2026-03-06.xlsx');
    await gone(dialog);
    const [summary, detail] = sheets;
    // Paid on the 6th in Shanghai (the 5th in UTC): his two orders, 12.50 + 30.
    expect(summary!.rows).toHaveLength(1);
    expect(summary!.rows[0]![words.collected]).toMatchObject({ type: ValueType.Number, value: 42.5 });
    expect(detail!.rows).toHaveLength(2);
  });
});
