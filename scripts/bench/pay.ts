/**
 * Benchmark of a payer's first load (issue 6 performance budget): the built
 * front end served by the real server, `/#/pay/emit?tradeNo=<real order>` in
 * Chromium with the CPU throttled 4x. Prints the gzip size of every script the
 * page downloaded and the time from navigation to a visible countdown.
 * Budget: at most 80 KB gzip JavaScript, under 1 s. Not a test: it reports.
 * A bare React page (one element, no data) is measured in the same runs, so
 * the figures can be read on a busy machine: the difference is ours.
 *
 *   npx tsx scripts/bench/pay.ts [--build]
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { Browser } from 'playwright-core';
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

/** The floor: React 19 rendering one timer element, built by Vite, under node_modules so it resolves React. */
async function buildBareReactPage(): Promise<string> {
  const root = fileURLToPath(new URL('../../node_modules/.cache/paydesk-bench-bare', import.meta.url));
  mkdirSync(root, { recursive: true });
  writeFileSync(join(root, 'index.html'), '<!doctype html><meta charset="utf-8"><div id="app"></div><script type="module" src="./main.tsx"></script>');
  writeFileSync(join(root, 'main.tsx'), `import { createRoot } from 'react-dom/client';
createRoot(document.getElementById('app')!).render(<p role="timer">15:00</p>);`);
  await build({ configFile: false, root, base: './', plugins: [react()], logLevel: 'warn', build: { outDir: join(root, 'dist'), emptyOutDir: true } });
  return join(root, 'dist');
}

interface Load {
  ms: number;
  /** Gzip bytes of each script, by path. */
  scripts: Map<string, number>;
}

/** One cold load (a fresh context: an empty cache, as on a payer's first visit) with a throttled CPU. */
async function coldLoad(browser: Browser, url: string): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'zh-CN' });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.addInitScript(probeCountdown);
    const scripts = new Map<string, number>();
    page.on('response', async (res) => {
      if (res.request().resourceType() !== 'script') return;
      scripts.set(new URL(res.url()).pathname, gzipSync(await res.body()).length);
    });
    await page.goto(url);
    await page.waitForFunction(() => window.__countdownShownAt !== undefined);
    return { ms: await page.evaluate(() => window.__countdownShownAt!), scripts };
  } finally {
    await context.close();
  }
}

export async function run(): Promise<void> {
  if (process.argv.includes('--build') || !existsSync(DIST_DIR)) {
    await build({ configFile: VITE_CONFIG, logLevel: 'warn' });
  }
  const server = await startServer();
  const bare = await startServer({ staticDir: await buildBareReactPage() });
  const browser = await launchBrowser();
  try {
    const token = await adminToken(server.app);
    const order = await callApi(server.app, 'POST', '/api/receive-money/create', {
      title: 'Bench order', amount: 99.5, currency: 'HKD', payUrl: 'https://pay.example/checkout',
    }, token);
    if (order.code !== 201) throw new Error(`could not create the order: ${order.code} ${order.msg}`);
    const payUrl = `${server.url}/#/pay/emit?tradeNo=${encodeURIComponent(order.data.tradeNo)}`;

    const pay: Load[] = [];
    const floor: Load[] = [];
    // Interleaved, so both pages meet the same machine load.
    for (let i = 0; i < RUNS; i++) {
      pay.push(await coldLoad(browser, payUrl));
      floor.push(await coldLoad(browser, `${bare.url}/`));
    }

    const kb = (load: Load) => [...load.scripts.values()].reduce((a, b) => a + b, 0) / 1024;
    const payMs = median(pay.map((l) => l.ms));
    console.log(`pay page, CPU ${CPU_SLOWDOWN}x slower, ${RUNS} cold loads`);
    for (const [path, bytes] of pay[0]!.scripts) console.log(`  ${(bytes / 1024).toFixed(1).padStart(6)} KB gzip  ${path}`);
    console.log(`JavaScript: ${kb(pay[0]!).toFixed(1)} KB gzip (budget ${BUDGET.gzipKB} KB, bare React page ${kb(floor[0]!).toFixed(1)} KB) ${kb(pay[0]!) <= BUDGET.gzipKB ? 'ok' : 'OVER'}`);
    console.log(`countdown visible after ${payMs.toFixed(0)} ms median, runs ${pay.map((l) => l.ms.toFixed(0)).join(', ')} (budget ${BUDGET.countdownMs} ms) ${payMs < BUDGET.countdownMs ? 'ok' : 'OVER'}`);
    console.log(`bare React page shows its element after ${median(floor.map((l) => l.ms)).toFixed(0)} ms median on the same machine`);
  } finally {
    await browser.close();
    await bare.close();
    await server.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await run();
