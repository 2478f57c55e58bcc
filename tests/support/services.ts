/**
 * The one answer to "may this suite run here?" for suites that need a service
 * outside the test process. Missing on a developer's machine, the suite is
 * skipped and the reason printed; missing in CI (CI=true), it is an error,
 * since a skip there would hide that nothing was tested.
 *
 *   describe.skipIf(requireService('redis', 'the shared rate limits'))('…', () => { … });
 */
import { existsSync } from 'node:fs';

export const MYSQL_URL = process.env.TEST_MYSQL_URL;
export const REDIS_URL = process.env.TEST_REDIS_URL;
/**
 * Chromium's headless shell when it is installed (Debian's chromium-headless-shell, what Playwright itself
 * runs headless): the same Blink and V8 as the browser without its UI layers, and about 30 % less CPU per
 * browser test on a 2-core machine. Otherwise the full browser in headless mode.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium');
/** The whole browser, as a payer runs it: what Lighthouse measures (npm run bench pay). */
export const BROWSER_PATH = process.env.BROWSER_PATH ?? '/usr/bin/chromium';

const HOW: Record<Service, { present: () => boolean; need: string }> = {
  mysql: { present: () => Boolean(MYSQL_URL), need: 'TEST_MYSQL_URL is not set' },
  redis: { present: () => Boolean(REDIS_URL), need: 'TEST_REDIS_URL is not set' },
  chromium: { present: () => existsSync(CHROMIUM_PATH), need: `Chromium not found at ${CHROMIUM_PATH} (set CHROMIUM_PATH or apt-get install chromium)` },
};
export type Service = 'mysql' | 'redis' | 'chromium';

/** Why `what` cannot run here (a skip reason, printed), or null when every service it needs is here. */
export function requireService(services: Service | Service[], what: string): string | null {
  const missing = ([] as Service[]).concat(services).filter((s) => !HOW[s].present());
  if (!missing.length) return null;
  const reason = `${what} not tested: ${missing.map((s) => HOW[s].need).join('; ')}`;
  if (process.env.CI === 'true') throw new Error(`CI=true but ${reason}`);
  console.warn(`skipping: ${reason}`);
  return reason;
}
