/**
 * How the built front end reaches a payer's phone (issue 14): the page, its
 * scripts and styles come compressed (the brotli files the build made), and a
 * second visit downloads none of them again: index.html is revalidated (304)
 * and the hashed assets come from the browser's cache.
 */
import type { Browser, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, browserMissing, callApi, launchBrowser, startServer, type TestServer } from './harness';

interface Fetched {
  url: string;
  /** The status the server sent (a revalidated document shows as 200 in the page, 304 here); absent when nothing went over the network. */
  wireStatus?: number;
  encoding?: string;
}

/** Every request of the page to our server outside /api, as Chromium's network layer saw it. */
async function watchAssets(page: Page, origin: string): Promise<() => Fetched[]> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const urls = new Map<string, string>();
  const wire = new Map<string, { status: number; encoding?: string }>();
  cdp.on('Network.requestWillBeSent', ({ requestId, request }) => {
    const url = new URL(request.url);
    if (url.origin === origin && !url.pathname.startsWith('/api/')) urls.set(requestId, request.url);
  });
  // Only what came over the network has this event, with the raw status and headers.
  cdp.on('Network.responseReceivedExtraInfo', ({ requestId, statusCode, headers }) => {
    const encoding = Object.entries(headers).find(([name]) => name.toLowerCase() === 'content-encoding')?.[1];
    wire.set(requestId, { status: statusCode, encoding });
  });
  return () => [...urls].map(([id, url]) => ({ url, wireStatus: wire.get(id)?.status, encoding: wire.get(id)?.encoding }));
}

describe.skipIf(browserMissing())('front-end delivery', () => {
  let server: TestServer;
  let browser: Browser;
  let payUrl: string;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    const token = await adminToken(server.app);
    const order = await callApi(server.app, 'POST', '/api/receive-money/create', {
      title: 'Delivery', amount: 12.5, currency: 'HKD', payUrl: 'https://pay.example/checkout',
    }, token);
    expect(order.code).toBe(201);
    payUrl = `${server.url}/#/pay/emit?tradeNo=${encodeURIComponent(order.data.tradeNo)}`;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('sends the pay page and its scripts brotli-compressed on a first visit', async () => {
    const context = await browser.newContext({ locale: 'zh-CN' });
    try {
      const page = await context.newPage();
      const fetched = await watchAssets(page, server.url);
      await page.goto(payUrl);
      await expect.poll(() => page.getByRole('timer').count()).toBe(1);
      // A wide window then loads the QR code's chunk: every asset counts once its answer is in.
      await page.waitForLoadState('networkidle');
      const assets = fetched().filter((f) => /\.(js|css)$|\/$/.test(new URL(f.url).pathname));
      expect(assets.some((f) => f.url.endsWith('.js'))).toBe(true);
      expect(assets.filter((f) => f.wireStatus !== 200 || f.encoding !== 'br').map((f) => `${f.wireStatus} ${f.encoding} ${f.url}`)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  /** The scripts a first load of the pay page downloads at `width` px, with their bytes on the wire. */
  async function scriptsOfFirstLoad(width: number, until: (page: Page) => Promise<unknown>): Promise<Map<string, { bytes: number; text: string }>> {
    const context = await browser.newContext({ locale: 'zh-CN', viewport: { width, height: 844 } });
    try {
      const page = await context.newPage();
      const sized: Array<Promise<[string, { bytes: number; text: string }]>> = [];
      page.on('response', (res) => {
        if (res.request().resourceType() !== 'script') return;
        sized.push(Promise.all([res.request().sizes(), res.text()]).then(([s, text]) => [new URL(res.url()).pathname, { bytes: s.responseBodySize, text }]));
      });
      await page.goto(payUrl);
      await until(page);
      return new Map(await Promise.all(sized));
    } finally {
      await context.close();
    }
  }

  it('a phone downloads at most 80 KB of JavaScript and not the QR code library, which a wide screen loads for its code', async () => {
    const phone = await scriptsOfFirstLoad(390, async (page) => {
      await expect.poll(() => page.getByRole('timer').count()).toBe(1);
      // Past the moment a wide screen would have asked for the QR code.
      await page.waitForLoadState('networkidle');
    });
    const wide = await scriptsOfFirstLoad(1280, (page) => expect.poll(() => page.getByTestId('scan-to-pay-qr').count()).toBe(1));
    const qrChunks = [...wide].filter(([path]) => !phone.has(path));
    expect(qrChunks.length).toBeGreaterThan(0);
    // A message of the QR code library's encoder, which no other code carries.
    const isQrLibrary = (text: string) => text.includes('Invalid QR Code version');
    expect(qrChunks.some(([, script]) => isQrLibrary(script.text))).toBe(true);
    expect([...phone].filter(([, script]) => isQrLibrary(script.text)).map(([path]) => path)).toEqual([]);
    const kilobytes = [...phone.values()].reduce((sum, script) => sum + script.bytes, 0) / 1024;
    console.log(`a phone's first load of the pay page: ${kilobytes.toFixed(1)} KB of JavaScript on the wire, ${phone.size} files`);
    expect(kilobytes).toBeLessThanOrEqual(80);
  });

  it('a second load of the pay page gets 304 or a cache hit for every asset', async () => {
    const context = await browser.newContext({ locale: 'zh-CN' });
    try {
      const page = await context.newPage();
      await page.goto(payUrl);
      await expect.poll(() => page.getByRole('timer').count()).toBe(1);
      await page.goto('about:blank');

      const fetched = await watchAssets(page, server.url);
      await page.goto(payUrl);
      await expect.poll(() => page.getByRole('timer').count()).toBe(1);
      const second = fetched();
      expect(second.some((f) => f.url.endsWith('.js'))).toBe(true);
      // Either the browser's cache answered (nothing on the wire) or the server said "not modified".
      const downloaded = second.filter((f) => f.wireStatus !== undefined && f.wireStatus !== 304).map((f) => `${f.wireStatus} ${f.url}`);
      expect(downloaded).toEqual([]);
      expect(second.filter((f) => f.wireStatus === 304).map((f) => new URL(f.url).pathname)).toEqual(['/']);
    } finally {
      await context.close();
    }
  });
});
