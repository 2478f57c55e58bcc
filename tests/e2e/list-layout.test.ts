/**
 * Lists fit ordinary screens in every language (issue 11 item 5): at 1280 px
 * (and 1440 px) the logs and orders lists do not scroll sideways, the toolbar
 * and the pager stay on screen, headers do not break inside words, and dates
 * and row actions keep to one line; long texts are cut short with the whole
 * text on hover. In each language too (item 27): the search panel lays its
 * fields out in columns with the console's date placeholder, and the groups'
 * ordering buttons sit on one line, disabled only at the ends. Screenshots of
 * a list that does not fit land in tests/artifacts.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { LANGS, type Lang } from '../../schema/i18n';
import admin from '../../schema/i18n/admin';
import { consoleSuite, shown } from './console';
import { browserMissing, callApi, screenshot } from './harness';

interface Layout {
  /** How far the page or the table scrolls sideways (px). */
  pageOverflow: number;
  tableOverflow: number;
  /** Right edges that leave the window: toolbar buttons, pager. */
  offscreen: string[];
  /** Header labels drawn on more than one line. */
  brokenHeaders: string[];
  /** Date and action cells drawn on more than one line. */
  wrappedCells: string[];
}

/** Measures what a person would see: sideways scrolling, things cut off at the right, text on two lines. */
function measure(): Layout {
  /** Lines of text an element is drawn on: the distinct baselines of its text (icons and padding aside). */
  const lines = (el: Element) => {
    const bottoms: number[] = [];
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of range.getClientRects()) {
        if (rect.width > 0 && !bottoms.some((b) => Math.abs(b - rect.bottom) < rect.height / 2)) bottoms.push(rect.bottom);
      }
    }
    return bottoms.length;
  };
  const doc = document.documentElement;
  const wrapper = document.querySelector('.RaDataTable-tableWrapper') as HTMLElement | null;
  const width = window.innerWidth;
  const offscreen = [...document.querySelectorAll('.MuiToolbar-root button, .MuiTablePagination-root button, .MuiTablePagination-root .MuiSelect-select')]
    .filter((el) => el.getBoundingClientRect().right > width + 1)
    .map((el) => el.textContent?.trim() || el.getAttribute('aria-label') || el.className);
  const brokenHeaders = [...document.querySelectorAll('thead th')]
    .filter((th) => th.textContent?.trim() && lines(th) > 1)
    .map((th) => th.textContent!.trim());
  const wrappedCells = [...document.querySelectorAll('tbody td')]
    .filter((td) => /^\d{4}-\d{2}-\d{2}/.test(td.textContent?.trim() ?? '') || td.querySelector('button'))
    .filter((td) => lines(td) > 1)
    .map((td) => td.textContent!.trim());
  return {
    pageOverflow: doc.scrollWidth - doc.clientWidth,
    tableOverflow: wrapper ? wrapper.scrollWidth - wrapper.clientWidth : -1,
    offscreen,
    brokenHeaders: [...new Set(brokenHeaders)],
    wrappedCells: [...new Set(wrappedCells)].slice(0, 5),
  };
}

/** The console's own words per language, as the tests look for them. */
const words = (lang: Lang) => (admin[lang] as any).admin;

const FITS: Layout = { pageOverflow: 0, tableOverflow: 0, offscreen: [], brokenHeaders: [], wrappedCells: [] };

describe.skipIf(browserMissing())('list layout at ordinary widths', { timeout: 300_000 }, () => {
  const suite = consoleSuite();
  let page: Page;

  beforeAll(async () => {
    // Three groups beside the seeded one, so the ordering buttons have a first, middle and last row.
    for (const name of ['Layout A', 'Layout B']) expect((await callApi(suite.server.app, 'POST', '/api/auth-group/create', { name }, suite.token)).code).toBe(201);
    // Long, real-looking orders: the widest a row of this list gets.
    for (let i = 0; i < 12; i++) {
      const order = await callApi(suite.server.app, 'POST', '/api/receive-money/create', {
        title: `Premium green tea box ${i}`.slice(0, 24), amount: 15_000_000 + i, currency: i % 2 ? 'HKD' : 'JPY', payType: i % 2 ? 'alipay' : '',
        outTradeNo: `MERCHANT-REFERENCE-${String(i).padStart(4, '0')}-ABCDEFGHIJKLMNOPQRSTUVWXYZ-0123456789`,
      }, suite.token);
      expect(order.code).toBe(201);
    }
  });

  /** The layout of a list as drawn; a screenshot for a person only when it does not fit (each costs a second). */
  async function layoutOf(path: string, lang: Lang, width: number, rowText: string | RegExp): Promise<Layout> {
    await page.evaluate((hash) => (location.hash = hash), `#${path}`);
    // This list's own rows, not the last list's still on screen.
    await shown(page.locator('tbody tr', { hasText: rowText }));
    await shown(page.locator('.MuiTablePagination-root'));
    // Measured once the table is drawn whole (a list re-renders as its permissions and settings arrive).
    let layout = await page.evaluate(measure);
    for (let tries = 0; tries < 20 && JSON.stringify(layout) !== JSON.stringify(FITS); tries++) {
      await page.waitForTimeout(100);
      layout = await page.evaluate(measure);
    }
    if (JSON.stringify(layout) !== JSON.stringify(FITS)) await screenshot(page, `list-layout-${path.split('/').pop()}-${lang}-${width}`);
    return layout;
  }

  /** The search panel: its fields in columns, dates under the console's own placeholder, not the browser's "mm/dd/yyyy". */
  async function filterPanelOf(lang: Lang) {
    await page.getByRole('button', { name: words(lang).buttons.filters, exact: true }).click();
    const panel = page.getByRole('search');
    await shown(panel);
    const tops = await panel.locator('.MuiTextField-root').evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));
    const placeholders = await panel.locator('input[placeholder]').evaluateAll((els) => [...new Set(els.map((el) => (el as HTMLInputElement).placeholder))]);
    const nativeDatesShown = await panel.locator('input[type=date]').evaluateAll((els) => els.filter((el) => el.getBoundingClientRect().width > 1).length);
    await page.getByRole('button', { name: words(lang).buttons.filters, exact: true }).click();
    return { fields: tops.length, rows: new Set(tops).size, placeholders, nativeDatesShown };
  }

  /** The groups list's ordering buttons: each pair on one line, the ends disabled. */
  async function orderingButtonsOf(lang: Lang) {
    const group = words(lang).screens['auth-group'];
    await page.evaluate(() => (location.hash = '#/admin/auth-group'));
    const rows = page.locator('tbody tr');
    await shown(rows.filter({ hasText: 'Layout B' }));
    const count = await rows.count();
    const pairs = await Promise.all(Array.from({ length: count }, async (_, at) => {
      const [up, down] = [rows.nth(at).getByRole('button', { name: group.up, exact: true }), rows.nth(at).getByRole('button', { name: group.down, exact: true })];
      return { sameLine: (await up.boundingBox())!.y === (await down.boundingBox())!.y, up: await up.isEnabled(), down: await down.isEnabled() };
    }));
    return { count, sameLine: pairs.every((p) => p.sameLine), firstUp: pairs[0]!.up, lastDown: pairs.at(-1)!.down, innerEnabled: pairs.slice(1, -1).every((p) => p.up && p.down) };
  }

  it.each([...LANGS])('the logs, orders, search panel and groups fit 1280 px and 1440 px in %s', async (lang) => {
    // One console per language, resized between the widths; hash changes move between the screens.
    page = await suite.openSignedIn('/admin/logs', { lang, viewport: { width: 1280, height: 900 } });
    expect(await layoutOf('/admin/logs', lang, 1280, /\S/)).toEqual(FITS);
    expect(await layoutOf('/admin/receive-money', lang, 1280, 'Premium green tea box')).toEqual(FITS);
    const panel = await filterPanelOf(lang);
    expect(panel.fields).toBeGreaterThan(6);
    expect(panel.rows).toBeLessThanOrEqual(Math.ceil(panel.fields / 3));
    expect(panel.placeholders).toContain(words(lang).list.date_placeholder);
    expect(panel.nativeDatesShown).toBe(0);
    expect(await orderingButtonsOf(lang)).toMatchObject({ sameLine: true, firstUp: false, lastDown: false, innerEnabled: true });
    await page.setViewportSize({ width: 1440, height: 900 });
    expect(await layoutOf('/admin/logs', lang, 1440, /\S/)).toEqual(FITS);
    expect(await layoutOf('/admin/receive-money', lang, 1440, 'Premium green tea box')).toEqual(FITS);
  });

  it('a long text is cut short in its cell and shown whole on hover', async () => {
    page = await suite.openSignedIn('/admin/receive-money', { lang: 'en-us', viewport: { width: 1280, height: 900 } });
    // The merchant's reference is one click away in the table settings.
    await page.getByRole('button', { name: 'Table settings' }).click();
    await page.getByRole('dialog').getByRole('checkbox', { name: 'Merchant order number' }).check();
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    const cell = page.locator('tbody tr').first().getByText(/^MERCHANT-REFERENCE-/);
    await shown(cell);
    const cut = await cell.evaluate((el) => el.scrollWidth > el.clientWidth && getComputedStyle(el).textOverflow === 'ellipsis');
    expect(cut).toBe(true);
    await cell.hover();
    await shown(page.getByRole('tooltip').getByText(/^MERCHANT-REFERENCE-0011-ABCDEFGHIJKLMNOPQRSTUVWXYZ-0123456789$/));
  });
});
