/**
 * Per-resource table settings: which columns show,
 * in what order, pinned left or right, and how dates read. Kept in
 * react-admin's localStorage store under `table.<resource>`; the list's sort
 * and page size are remembered by react-admin itself.
 */
import { useState } from 'react';
import { useStore, useStoreContext, type SortPayload } from 'react-admin';
import { DATE_DISPLAYS, type DateDisplay } from '../../schema/dates';
import type { Resource } from '../../schema/define';
import { defaultColumns, listableFields } from '../schema';

export type Pin = 'left' | 'right' | null;
export { DATE_DISPLAYS, type DateDisplay };

export interface ColumnSetting {
  name: string;
  visible: boolean;
  pin: Pin;
}

export interface TableSettings {
  columns: ColumnSetting[];
  dateDisplay: DateDisplay;
}

/** A column a screen adds beyond the schema's (screens/<name>.tsx `columns`). */
export interface ExtraColumn {
  key: string;
  list?: boolean;
}

export function defaultSettings(resource: Resource, extra: readonly ExtraColumn[] = []): TableSettings {
  const shown = new Set(defaultColumns(resource));
  return {
    columns: [
      ...listableFields(resource).map(([name]) => ({ name, visible: shown.has(name), pin: null })),
      ...extra.map((c) => ({ name: c.key, visible: c.list !== false, pin: null })),
    ],
    dateDisplay: 'detailed',
  };
}

/**
 * Stored settings reconciled with today's schema: columns that no longer exist
 * are dropped, new ones are appended with their default visibility.
 */
export function reconcile(resource: Resource, stored: Partial<TableSettings> | undefined, extra: readonly ExtraColumn[] = []): TableSettings {
  const fresh = defaultSettings(resource, extra);
  if (!stored?.columns) return { ...fresh, dateDisplay: stored?.dateDisplay ?? fresh.dateDisplay };
  const known = new Map(fresh.columns.map((c) => [c.name, c]));
  const kept = stored.columns.filter((c) => known.has(c.name));
  const keptNames = new Set(kept.map((c) => c.name));
  return {
    columns: [...kept, ...fresh.columns.filter((c) => !keptNames.has(c.name))],
    dateDisplay: stored.dateDisplay ?? fresh.dateDisplay,
  };
}

/** Visible columns as drawn: left-pinned first, then the rest, right-pinned last. */
export function drawnColumns(settings: TableSettings): ColumnSetting[] {
  const visible = settings.columns.filter((c) => c.visible);
  return [...visible.filter((c) => c.pin === 'left'), ...visible.filter((c) => !c.pin), ...visible.filter((c) => c.pin === 'right')];
}

export function moveColumn(columns: ColumnSetting[], from: number, to: number): ColumnSetting[] {
  const next = [...columns];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next;
}

export function useTableSettings(resource: Resource, extra: readonly ExtraColumn[] = []): [TableSettings, (next: TableSettings) => void, () => void] {
  const [stored, setStored] = useStore<Partial<TableSettings> | undefined>(`table.${resource.name}`, undefined);
  return [reconcile(resource, stored, extra), setStored, () => setStored(undefined)];
}

/** `"serial asc, id asc"` -> the list's first sort key: what the list starts with and 恢复默认 goes back to. */
export function defaultSort(resource: Resource): SortPayload {
  const [field = 'id', order = 'desc'] = resource.order.split(',')[0]!.trim().split(/\s+/);
  return { field, order: order.toUpperCase() === 'ASC' ? 'ASC' : 'DESC' };
}

/**
 * react-admin remembers a list's filters, the recycle-bin switch among them;
 * a list opened again starts in "all" (issue 11 item 9). Runs before the list
 * mounts, so its first request already reads the live rows.
 */
export function useOpenInAll(resource: string) {
  const store = useStoreContext();
  useState(() => {
    const key = `${resource}.listParams`;
    const params = store.getItem<{ filter?: Record<string, unknown>; page?: number }>(key);
    if (!params?.filter?.onlyTrashed) return;
    const { onlyTrashed: _, ...filter } = params.filter;
    store.setItem(key, { ...params, filter, page: 1 });
  });
}
