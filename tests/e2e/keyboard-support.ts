/**
 * What the keyboard-only browser tests share (issue 15): what the focused
 * element is, as a keyboard and screen-reader user meets it, and `tabTo`,
 * which presses Tab (or Shift+Tab) until the focus is where a test wants it
 * and checks that a focus ring shows there.
 *
 *   const focus = await tabTo(page, named('保存'));
 *   await tabTo(page, (f) => f.kind === 'checkbox' && f.row.includes('alice'), { back: true });
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { screenshot } from './harness';

/** What the focused element is, as a keyboard and screen-reader user meets it. */
export interface Focus {
  name: string;
  /** `checkbox`, `switch`, `button`, `link`, `input`... */
  kind: string;
  /** Text of the table row around it, if any. */
  row: string;
  inDialog: boolean;
  inSearch: boolean;
  /** In a table's header row (a column's sort button). */
  inHead: boolean;
  /** In the side menu (a `<nav>`). */
  inNav: boolean;
  /** `aria-expanded` of a disclosure or popup button: 'true', 'false' or null. */
  expanded: string | null;
  /** `aria-current` of a link, 'page' on the current screen's. */
  current: string | null;
  /** A ring of at least 2px, or the focused style of a text field. */
  ringShown: boolean;
}

export function describeFocus(page: Page): Promise<Focus | null> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const byIds = (ids: string | null) => ids?.split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' ') || null;
    const input = el as HTMLInputElement;
    const name = (el.getAttribute('aria-label') || byIds(el.getAttribute('aria-labelledby')) || input.labels?.[0]?.textContent || el.textContent || '').trim();
    const kind = el.getAttribute('role') || (el.tagName === 'INPUT' ? input.type : el.tagName.toLowerCase()) || '';
    const ringOwner = (el.closest('.Mui-focusVisible') as HTMLElement | null) ?? el;
    const style = getComputedStyle(ringOwner);
    const ring = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
    return {
      name,
      kind,
      row: el.closest('tr')?.textContent ?? '',
      inDialog: Boolean(el.closest('[role=dialog]')),
      inSearch: Boolean(el.closest('[role=search]')),
      inHead: Boolean(el.closest('thead')),
      inNav: Boolean(el.closest('nav')),
      expanded: el.getAttribute('aria-expanded'),
      current: el.getAttribute('aria-current'),
      ringShown: el.matches(':focus-visible') && (ring || Boolean(el.closest('.Mui-focused'))),
    };
  });
}

/** Presses Tab (or Shift+Tab) until the focus is where `wanted` says, and checks that the ring shows there. */
export async function tabTo(page: Page, wanted: (f: Focus) => boolean, { back = false, max = 90 } = {}): Promise<Focus> {
  const visited: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const focus = await describeFocus(page);
    if (focus && wanted(focus)) {
      expect(focus.ringShown, `focus ring on "${focus.name}"`).toBe(true);
      return focus;
    }
    visited.push(focus ? `${focus.kind}:${focus.name.slice(0, 30)}` : '(page)');
  }
  await screenshot(page, 'keyboard-not-reached');
  throw new Error(`not reached by ${back ? 'Shift+Tab' : 'Tab'}; visited: ${visited.join(' | ')}`);
}

/** Where the focus is now, with its ring checked: for stops reached by arrows, Enter or a closing popup rather than by Tab. */
export async function focusNow(page: Page): Promise<Focus> {
  const focus = await describeFocus(page);
  expect(focus, 'something has the focus').not.toBeNull();
  expect(focus!.ringShown, `focus ring on "${focus!.name}"`).toBe(true);
  return focus!;
}

export const named = (name: string) => (f: Focus) => f.name === name;
/** A labelled input, in a dialog or not; a required field's label ends in " *". */
export const field = (label: string, inDialog = true) => (f: Focus) => f.inDialog === inDialog && f.name.replace(/\s*\*$/, '') === label;

