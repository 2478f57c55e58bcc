/**
 * The payment countdown: seconds left until `endAt`, recomputed from
 * the clock each second (so a throttled background tab never drifts), stopped
 * at zero.
 */
import { useLayoutEffect, useState } from 'react';
import type { Translate } from './i18n';

const TICK_MS = 1000;

const secondsUntil = (endAt: number) => Math.max(0, Math.ceil(endAt - Date.now() / 1000));

/**
 * Seconds left until `endAt` (epoch seconds), or null while `endAt` is
 * unknown. The first tick happens in the first render, so the countdown shows
 * with the order. Zero means expired; the timer has stopped.
 */
export function useCountdown(endAt: number | null): number | null {
  const [secondsLeft, setSecondsLeft] = useState(() => (endAt === null ? null : secondsUntil(endAt)));
  // A layout effect: when the order arrives later, its first tick shows in the same paint.
  useLayoutEffect(() => {
    if (endAt === null) return setSecondsLeft(null);
    const tick = () => {
      const left = secondsUntil(endAt);
      setSecondsLeft(left);
      if (left === 0) clearInterval(timer);
    };
    const timer = setInterval(tick, TICK_MS);
    tick();
    return () => clearInterval(timer);
  }, [endAt]);
  return secondsLeft;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `14:59`, `23:59:59`, `2 天 23:59:59`. */
export function formatDuration(seconds: number, t: Translate): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const clock = [hours, Math.floor((seconds % 3600) / 60), seconds % 60];
  const digits = (days || hours ? clock : clock.slice(1)).map(pad).join(':');
  return days ? `${t('pay.days', { count: days })} ${digits}` : digits;
}

/**
 * What a screen reader hears: the time left rounded up to the minute, so the
 * polite live region changes once a minute instead of every second.
 */
export function spokenTimeLeft(seconds: number, t: Translate): string {
  return t('pay.time_left_spoken', { time: formatDuration(Math.ceil(seconds / 60) * 60, t) });
}
