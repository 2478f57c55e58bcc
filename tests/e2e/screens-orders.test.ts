/**
 * The orders screen in Chromium against the real server (issue 7): an order
 * created with an attachment (upload progress and the three upload toasts)
 * whose pay link lands on the clipboard; the payment channel follows the
 * currency and the amount keeps to the currency's minor unit, in English.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PNG, SVG_WITH_SCRIPT } from '../fakes/images';
import { consoleSuite, gone, shown, type Lang } from './console';
import { browserMissing, callApi, screenshot } from './harness';

interface Order {
  title: string;
  tradeNo: string;
  amount: number;
  currency: string;
  payType: string;
  status: string;
  files: string[] | null;
}

const VIEWPORT = { width: 1400, height: 900 };
const UPLOAD = '**/api/file/upload';

describe.skipIf(browserMissing())('orders screen', { timeout: 120_000 }, () => {
  const suite = consoleSuite();
  let page: Page;
  const openSignedIn = async (path: string, lang: Lang = 'zh-cn') =>
    (page = await suite.openSignedIn(path, { lang, viewport: VIEWPORT, permissions: ['clipboard-read', 'clipboard-write'] }));

  const row = (text: string) => page.locator('tbody tr', { hasText: text });
  const dialog = () => page.getByRole('dialog');
  const orderTitled = async (title: string) =>
    (await callApi<{ rows: Order[] }>(suite.server.app, 'GET', `/api/receive-money/rows?title=${encodeURIComponent(title)}`, undefined, suite.token)).data.rows[0]!;

  /** Picks a choice of a select input by the words on screen. */
  async function choose(label: string, option: string) {
    await dialog().getByLabel(label).click();
    await page.getByRole('option', { name: option, exact: true }).click();
    await gone(page.getByRole('listbox'));
  }
  async function choicesOf(label: string): Promise<string[]> {
    await dialog().getByLabel(label).click();
    const options = await page.getByRole('option').allInnerTexts();
    await page.keyboard.press('Escape');
    await gone(page.getByRole('listbox'));
    return options.map((text) => text.trim());
  }

  it('creates an order with an attachment and copies its pay link', async () => {
    await openSignedIn('/admin/receive-money');
    await page.getByRole('button', { name: '新增' }).click();
    const paper = await dialog().boundingBox();
    expect(Math.round((paper!.width / VIEWPORT.width) * 100)).toBe(60);
    await dialog().getByLabel('商品标题').fill('Green tea');
    await dialog().getByLabel('金额', { exact: true }).fill('12.50');
    await dialog().getByLabel('支付链接').fill('https://pay.example.com/checkout/1');
    // The status is the system's: a new order does not ask for it.
    expect(await dialog().getByLabel('支付状态').count()).toBe(0);

    // The upload is held at the network until its progress bar has been seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(UPLOAD, async (route) => {
      await held;
      await route.continue();
    });
    const files = dialog().locator('input[type=file]');
    const progress = dialog().getByRole('progressbar', { name: '上传进度' });
    await files.setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: PNG });
    await shown(progress);
    release();
    await shown(page.getByText('上传成功'));
    await gone(progress);
    await page.unroute(UPLOAD);
    const attachments = dialog().getByRole('link', { name: /\.png$/ });
    await shown(attachments);

    // Refused by the server: its own words; cut off on the way: 上传异常. None adds an attachment.
    await files.setInputFiles({ name: 'evil.svg', mimeType: 'image/svg+xml', buffer: SVG_WITH_SCRIPT });
    await shown(page.getByText('只支持 png、jpeg、gif、webp 图片'));
    await page.route(UPLOAD, (route) => route.abort('connectionreset'));
    await files.setInputFiles({ name: 'second.png', mimeType: 'image/png', buffer: PNG });
    await shown(page.getByText('上传异常'));
    await page.unroute(UPLOAD);
    // A refusal without words (a gateway in between): 上传失败.
    await page.route(UPLOAD, (route) => route.fulfill({ status: 502, json: { code: 502, msg: '', data: null } }));
    await files.setInputFiles({ name: 'third.png', mimeType: 'image/png', buffer: PNG });
    await shown(page.getByText('上传失败'));
    await page.unroute(UPLOAD);
    expect(await attachments.count()).toBe(1);
    await screenshot(page, 'admin-order-attachment');

    await dialog().getByRole('button', { name: '保存', exact: true }).click();
    await shown(dialog().getByText('订单已创建'));
    const order = await orderTitled('Green tea');
    expect(order).toMatchObject({ amount: 12.5, status: 'pending' });
    expect(order.files).toHaveLength(1);
    const stored = await fetch(`${suite.server.url}${order.files![0]}`);
    expect(stored.status).toBe(200);
    expect(Buffer.from(await stored.arrayBuffer())).toEqual(PNG);

    await dialog().getByRole('button', { name: '复制支付链接' }).click();
    await shown(page.getByText('支付链接已复制'));
    await gone(dialog());
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(`${suite.server.url}/#/pay/emit?tradeNo=${order.tradeNo}`);
    await shown(row('Green tea'));
  });

  it('offers the payment channels of the chosen currency and checks the amount, in English', async () => {
    await openSignedIn('/admin/receive-money', 'en-us');
    await page.getByRole('button', { name: 'Add' }).click();
    const payType = dialog().getByLabel('Payment method');
    // CNY, the default currency, has no channel.
    await shown(dialog().getByText('No payment method for this currency'));
    expect(await payType.getAttribute('aria-disabled')).toBe('true');

    await choose('Currency', 'Hong Kong Dollar');
    expect(await choicesOf('Payment method')).toEqual(['Not specified', 'WeChat Pay', 'Alipay']);
    await choose('Payment method', 'WeChat Pay');
    await choose('Currency', 'Singapore Dollar');
    expect(await choicesOf('Payment method')).toEqual(['Not specified', 'PayNow', 'Bank card']);
    expect(await payType.innerText()).not.toContain('WeChat Pay');
    await choose('Currency', 'US Dollar');
    await shown(dialog().getByText('No payment method for this currency'));

    // The amount is checked as it is left, as a person moves to the next field.
    const enterAmount = async (text: string) => {
      await dialog().getByLabel('Amount', { exact: true }).fill(text);
      await dialog().getByLabel('Product title').click();
    };
    await enterAmount('0.5');
    await shown(dialog().getByText('Must be at least 1'));
    await enterAmount('12.345');
    await shown(dialog().getByText('Too many decimal places'));
    await enterAmount('12.34');
    await gone(dialog().getByText('Too many decimal places'));

    await dialog().getByRole('button', { name: 'Save' }).click();
    await shown(dialog().getByText('Please enter a title'));
    await dialog().getByLabel('Product title').fill('Oolong');
    await dialog().getByLabel('Payment link').fill('https://pay.example.com/checkout/2');
    await choose('Currency', 'Hong Kong Dollar');
    await choose('Payment method', 'Alipay');
    await dialog().getByRole('button', { name: 'Save' }).click();
    await shown(dialog().getByText('Order created'));
    await dialog().getByRole('button', { name: 'Later' }).click();
    await shown(row('Oolong'));
    expect(await orderTitled('Oolong')).toMatchObject({ amount: 12.34, currency: 'HKD', payType: 'alipay' });
  });
});
