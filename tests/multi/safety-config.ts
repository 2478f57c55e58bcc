/**
 * Changes SYSTEM_SAFETY_API (rate limits, signing) through the API, as an
 * operator does from the settings screen, so the suites exercise the same
 * path: the generic `config` update with its validation and cache drop.
 */
import { expect } from 'vitest';
import type { ConfigValue } from '../../schema/config-rows';

export type Safety = ConfigValue<'SYSTEM_SAFETY_API'>;
/** An admin's call: method, url, JSON body -> the parsed envelope. */
export type AdminCall = (method: 'GET' | 'PUT', url: string, body?: unknown) => Promise<{ code: number; data: any }>;

export async function changeSafety(call: AdminCall, change: (value: Safety) => void): Promise<Safety> {
  const found = await call('GET', '/api/config/rows?key=SYSTEM_SAFETY_API');
  const row = found.data.rows[0];
  const value = (typeof row.value === 'string' ? JSON.parse(row.value) : row.value) as Safety;
  change(value);
  const saved = await call('PUT', '/api/config/update', { id: row.id, value });
  expect(saved, JSON.stringify(saved)).toMatchObject({ code: 200 });
  return value;
}

/** The limits of one test: everything else generous, blocking off unless given. */
export const limits = (q: { global?: number; point?: number; caller?: number; enable?: boolean; block?: { count: number; second: number } }) => (s: Safety) => {
  s.qps.limit = { enable: q.enable ?? true, global: q.global ?? 1000, point: q.point ?? 1000, caller: q.caller ?? 200 };
  s.qps.block = q.block ? { enable: true, ...q.block } : { ...s.qps.block, enable: false };
};
