/**
 * Benchmark of a payer's first load (issue 6 performance budget): the built
 * front end served by the real server, `/#/pay/emit?tradeNo=<real order>` in
 * Chromium with the CPU throttled 4x. Prints the gzip size of every script the
 * page downloaded and the time from navigation to a visible countdown.
 * Budget: at most 80 KB gzip JavaScript, under 1 s. Not a test: it reports.
 *
 *   npx tsx scripts/bench/pay.ts [--build]
 */
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import {
  adminToken, callApi, DIST_DIR, launchBrowser, startServer, VITE_CONFIG,
} from '../../tests/e2e/harness';

const RUNS = 5;
const CPU_SLOWDOWN = 4;
const BUDGET = { gzipKB: 80, countdownMs: 1000 };

declare global {
  interface Window {
    /** performance.now() when the countdown first showed, set by the probe below. */
    __countdownShownAt?: number;
  }
}

/** Runs in the page before any of its scripts: notes when the countdown becomes visible. */
function probeCountdown() {
  new MutationObserver((_, observer) => {
    if (document.querySelector('[role=timer]')) {
      window.__countdownShownAt = performance.now();
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function run(): Promise<void> {
  if (process.argv.includes('--build') || !existsSync(DIST_DIR)) {
    await build({ configFile: VITE_CONFIG, logLevel: 'warn' });
  }
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const token = await adminToken(server.app);
    const order = await callApi(server.app, 'POST', '/api/receive-money/create', {
      title: 'Bench order', amount: 99.5, currency: 'HKD', payUrl: 'https://pay.example/checkout',
    }, token);
    if (order.code !== 201) throw new Error(`could not create the order: ${order.code} ${order.msg}`);
    const url = `${server.url}/#/pay/emit?tradeNo=${encodeURIComponent(order.data.tradeNo)}`;

    const times: number[] = [];
    let scripts = new Map<string, number>();
    for (let i = 0; i < RUNS; i++) {
      // A fresh context each run: an empty cache, as on a payer's first visit.
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'zh-CN' });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
      await page.addInitScript(probeCountdown);
      const seen = new Map<string, number>();
      page.on('response', async (res) => {
        if (res.request().resourceType() !== 'script') return;
        seen.set(new URL(res.url()).pathname, gzipSync(await res.body()).length);
      });
      await page.goto(url);
      await page.waitForFunction(() => window.__countdownShownAt !== undefined);
      times.push(await page.evaluate(() => window.__countdownShownAt!));
      scripts = seen;
      await context.close();
    }

    const totalKB = [...scripts.values()].reduce((a, b) => a + b, 0) / 1024;
    const ms = median(times);
    console.log(`pay page, CPU ${CPU_SLOWDOWN}x slower, ${RUNS} cold loads`);
    for (const [path, bytes] of scripts) console.log(`  ${(bytes / 1024).toFixed(1).padStart(6)} KB gzip  ${path}`);
    console.log(`JavaScript: ${totalKB.toFixed(1)} KB gzip (budget ${BUDGET.gzipKB} KB) ${totalKB <= BUDGET.gzipKB ? 'ok' : 'OVER'}`);
    console.log(`countdown visible after ${ms.toFixed(0)} ms median, runs ${times.map((t) => t.toFixed(0)).join(', ')} (budget ${BUDGET.countdownMs} ms) ${ms < BUDGET.countdownMs ? 'ok' : 'OVER'}`);
  } finally {
    await browser.close();
    await server.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await run();
