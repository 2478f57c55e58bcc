/**
 * A service built from one settings file and rebuilt when that file changes
 * (here or through another instance): the next call uses the new driver, and
 * the old one is disposed of.
 */
import type { SettingsFile, SettingsOf } from '../../schema/settings';
import type { Settings } from './settings';

export interface Live<T> {
  current(): T;
  close(): Promise<void>;
}

export function live<F extends SettingsFile, T>(
  settings: Settings,
  file: F,
  build: (values: SettingsOf<F>) => T,
  dispose: (old: T) => void | Promise<void> = () => {},
): Live<T> {
  let current = build(settings.get(file));
  const off = settings.onChange(file, async (values) => {
    const old = current;
    current = build(values);
    await dispose(old);
  });
  return {
    current: () => current,
    async close() {
      off();
      await dispose(current);
    },
  };
}
