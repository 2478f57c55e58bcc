/**
 * Pay links as QR codes (issue 20 item 3), read back with a QR decoder as a
 * phone camera would: the order dialog's code and the PNG it saves, and the
 * "scan to pay on your phone" code of the confirmation page on a wide
 * screen. A phone shows no code (and downloads none: tests/e2e/delivery).
 */
import { readFile } from 'node:fs/promises';
import jsQR from 'jsqr';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { consoleSuite, shown, type Lang, ROWS } from './console';
import { browserMissing, callApi, screenshot } from './harness';

/** The text of the QR code in the picture at `src`, drawn in the page and read in node. */
async function decodeQr(page: Page, src: string): Promise<string | null> {
  const pixels = await page.evaluate(async (url) => {
    const image = new Image();
    image.src = url;
    await image.decode();
    const canvas = Object.assign(document.createElement('canvas'), { width: image.naturalWidth, height: image.naturalHeight });
    const context = canvas.getContext('2d')!;
    context.drawImage(image, 0, 0);
    const { data, width, height } = context.getImageData(0, 0, canvas.width, canvas.height);
    return { data: Array.from(data), width, height };
  }, src);
  return jsQR(Uint8ClampedArray.from(pixels.data), pixels.width, pixels.height)?.data ?? null;
}

describe.skipIf(browserMissing())('pay links as QR codes', { timeout: 120_000 }, () => {
  const suite = consoleSuite();
  let tradeNo: string;

  beforeAll(async () => {
    const order = await callApi(suite.server.app, 'POST', '/api/receive-money/create', {
      title: 'QR order', amount: 42, currency: 'HKD', payUrl: 'https://pay.example/checkout',
    }, suite.token);
    expect(order.code).toBe(201);
    tradeNo = order.data.tradeNo;
  });

  const payLink = () => `${suite.server.url}/#/pay/emit?tradeNo=${encodeURIComponent(tradeNo)}`;

  it.each<[Lang, number, string, string]>([
    ['zh-cn', 1280, '编辑', '保存为 PNG'],
    ['en-us', 1280, 'Edit', 'Save as PNG'],
    ['zh-cn', 390, '编辑', '保存为 PNG'],
  ])('the order page (%s, %s px) shows the pay link as a QR code that decodes to it, and saves it as a PNG', async (lang, width, _edit, save) => {
    const page = await suite.openSignedIn('/admin/receive-money', { lang, viewport: { width, height: 900 }, acceptDownloads: true });
    const row = page.locator(ROWS, { hasText: 'QR order' });
    await shown(row);
    await row.getByText('QR order').click();
    const dialog = page.getByTestId('record-summary');
    const qr = dialog.getByTestId('pay-link-qr');
    await expect.poll(() => qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(await dialog.getByTestId('pay-link').textContent()).toBe(payLink());
    expect(await decodeQr(page, (await qr.getAttribute('src'))!)).toBe(payLink());
    await qr.scrollIntoViewIfNeeded();
    await screenshot(page, `qr-order-dialog-${lang}-${width}`);

    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('link', { name: save }).click()]);
    expect(download.suggestedFilename()).toBe(`pay-link-${tradeNo}.png`);
    const png = await readFile((await download.path())!);
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(await decodeQr(page, `data:image/png;base64,${png.toString('base64')}`)).toBe(payLink());
  });

  it.each<[Lang, string]>([['zh-cn', '用手机扫码支付'], ['en-us', 'Scan to pay on your phone']])(
    'the confirmation page on a wide screen (%s) offers "scan to pay on your phone" with a code of its own link',
    async (lang, heading) => {
      const page = await suite.newPage({ lang, viewport: { width: 1280, height: 900 } });
      await page.goto(payLink());
      const qr = page.getByTestId('scan-to-pay-qr');
      await shown(qr);
      expect(await page.getByRole('heading', { name: heading }).isVisible()).toBe(true);
      expect(await decodeQr(page, (await qr.getAttribute('src'))!)).toBe(payLink());
      await screenshot(page, `qr-confirm-wide-${lang}`);
    },
  );

  it.each<Lang>(['zh-cn', 'en-us'])('the confirmation page on a phone (%s) shows no QR code', async (lang) => {
    const page = await suite.newPage({ lang, viewport: { width: 390, height: 844 } });
    await page.goto(payLink());
    await shown(page.getByRole('timer'));
    expect(await page.getByTestId('scan-to-pay-qr').count()).toBe(0);
    await screenshot(page, `qr-confirm-phone-${lang}`);
  });
});
