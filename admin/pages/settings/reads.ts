/**
 * What the settings page's units share: reading a GET's `data` (again when its
 * path or query change) and the masked shape of a settings file.
 */
import { useEffect, useState } from 'react';
import { useNotify } from 'react-admin';
import { call, queryString } from '../../api/http';

export type Values = Record<string, unknown>;

/** `GET toml/<file>`: secrets blank, flagged per `section.field` when a value is stored. */
export interface MaskedFile {
  values: Record<string, Values>;
  secrets: Record<string, boolean>;
}
/** `PUT toml/<file>-<section>` answers the stored section the same way, flags per field. */
export interface MaskedSection {
  values: Values;
  secrets: Record<string, boolean>;
}

/** The secret flags of one section, by field. */
export const sectionSecrets = (masked: MaskedFile, section: string) =>
  Object.fromEntries(
    Object.entries(masked.secrets).filter(([path]) => path.startsWith(`${section}.`)).map(([path, set]) => [path.slice(section.length + 1), set]),
  );

/** A saved section folded into the file as read: its values, and its secret flags under `section.`. */
export const withSection = (before: MaskedFile, section: string, saved: MaskedSection): MaskedFile => ({
  values: { ...before.values, [section]: saved.values },
  secrets: { ...before.secrets, ...Object.fromEntries(Object.entries(saved.secrets).map(([field, set]) => [`${section}.${field}`, set])) },
});

/** The `data` of a GET, read again when the path or query change; a refusal shows as an error toast. */
export function useRead<T>(path: string, query?: Record<string, string>) {
  const notify = useNotify();
  const [data, setData] = useState<T | null>(null);
  const search = queryString(query);
  useEffect(() => {
    let live = true;
    setData(null);
    call<T>('GET', path, { query }).then(
      (envelope) => live && setData(envelope.data),
      (error: Error) => live && notify(error.message, { type: 'error' }),
    );
    return () => void (live = false);
    // `search` stands for `query`, whose identity changes on every render.
  }, [path, search, notify]);
  return [data, setData] as const;
}
