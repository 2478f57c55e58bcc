/**
 * axe-core in the browser tests (issue 15): a scan of the page as it stands,
 * kept to the findings that block a person (impact serious or critical), and a
 * tally per screen state for the report.
 *
 *   const tally = new Tally();
 *   await tally.state(page, 'users list', async () => { ... reach the state ... });
 *   tally.print(); expect(tally.problems()).toEqual([]);
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { ARTIFACTS_DIR, screenshot } from './harness';

export interface Finding {
  state: string;
  rule: string;
  impact: 'serious' | 'critical';
  nodes: number;
  /** A few offending elements, as CSS selectors, and what axe says about the first. */
  targets: string[];
  summary: string;
}

/**
 * Waits until the page has stopped moving: no finite transition running (a
 * dialog still fading in reads as low contrast) and no request overlay. Looping
 * indicators (an indeterminate progress bar) run forever and are not waited for.
 */
export async function settle(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const moving = document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity);
      const overlay = document.querySelector('[data-testid=loading-overlay]');
      // An open backdrop is visible from its first frame (its opacity fades in): busy until it closes.
      const busy = overlay !== null && getComputedStyle(overlay).visibility !== 'hidden';
      return moving.length === 0 && !busy;
    },
    undefined,
    { polling: 100 },
  );
}

/**
 * Every rule axe runs by default (WCAG 2.0-2.2 A/AA and best practices), keeping
 * serious and critical findings. `within` narrows the scan to what a state adds
 * (a dialog over a page already scanned): scans are slow on a busy machine.
 *
 * axe-core is put into the page once and run there for each state, rather than
 * through @axe-core/playwright, which evaluates its 550 KB source again before
 * every scan: that alone cost more than a second a scan on a 2-core machine,
 * and the console moves between states without reloading.
 */
export async function scan(page: Page, state: string, within?: string): Promise<Finding[]> {
  await settle(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  // Only the violations are wanted: axe then skips gathering every passing node, the larger part of its report.
  const { violations } = await page.evaluate(
    (include) => (window as unknown as { axe: typeof axe }).axe.run(include ?? document, { resultTypes: ['violations'] }),
    within,
  );
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      state,
      rule: v.id,
      impact: v.impact as Finding['impact'],
      nodes: v.nodes.length,
      targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
      summary: (v.nodes[0]?.failureSummary ?? '').split('\n').slice(0, 2).join(' '),
    }));
}

/** Findings and unreachable states of one run, per screen state, in the order visited. */
export class Tally {
  readonly findings: Finding[] = [];
  readonly unreachable: string[] = [];
  readonly states: string[] = [];
  /** Milliseconds to reach and scan each state, for whoever makes the walk faster. */
  readonly took = new Map<string, { reach: number; scan: number }>();

  /** Reaches a state, then scans it; a state that cannot be reached is noted, and the walk goes on. */
  async state(page: Page, name: string, reach: () => Promise<unknown> = async () => undefined, within?: string): Promise<boolean> {
    try {
      const start = performance.now();
      await reach();
      const reached = performance.now();
      this.findings.push(...(await scan(page, name, within)));
      this.took.set(name, { reach: Math.round(reached - start), scan: Math.round(performance.now() - reached) });
      this.states.push(name);
      return true;
    } catch (error) {
      await screenshot(page, `a11y-unreachable-${name}`).catch(() => undefined);
      this.unreachable.push(`${name}: ${String((error as Error).message).split('\n')[0]}`);
      return false;
    }
  }

  count(state: string, impact: Finding['impact']): number {
    return this.findings.filter((f) => f.state === state && f.impact === impact).reduce((sum, f) => sum + f.nodes, 0);
  }

  /** A table for a person: per state, critical and serious nodes and the rules behind them. */
  table(): string {
    const lines = ['| state | critical | serious | rules | reach, scan ms |', '|---|---|---|---|---|'];
    for (const state of this.states) {
      const rules = [...new Set(this.findings.filter((f) => f.state === state).map((f) => `${f.rule}×${f.nodes}`))].join(' ');
      const took = this.took.get(state);
      lines.push(`| ${state} | ${this.count(state, 'critical')} | ${this.count(state, 'serious')} | ${rules} | ${took?.reach}, ${took?.scan} |`);
    }
    return lines.join('\n');
  }

  /** Writes tests/artifacts/<name>.json and .md (git-ignored) and prints the table. */
  save(name: string): void {
    mkdirSync(ARTIFACTS_DIR, { recursive: true });
    writeFileSync(join(ARTIFACTS_DIR, `${name}.json`), JSON.stringify({ states: this.states, findings: this.findings, unreachable: this.unreachable }, null, 2));
    writeFileSync(join(ARTIFACTS_DIR, `${name}.md`), `${this.table()}\n`);
    console.log(`${name}\n${this.table()}${this.unreachable.length ? `\nunreachable:\n${this.unreachable.join('\n')}` : ''}`);
  }

  /** What the test fails on: each finding in a line a developer can act on, and each state it could not reach. */
  problems(): string[] {
    return [
      ...this.findings.map((f) => `${f.state}: ${f.impact} ${f.rule} ×${f.nodes} at ${f.targets.join(', ')} (${f.summary})`),
      ...this.unreachable.map((u) => `unreachable ${u}`),
    ];
  }
}
