/**
 * Per-resource table settings (SPEC §2 "Table settings"): which columns show,
 * in what order, pinned left or right, and how dates read. Kept in
 * react-admin's localStorage store under `table.<resource>`; the list's sort
 * and page size are remembered by react-admin itself.
 */
import { useStore } from 'react-admin';
import type { Resource } from '../../schema/define';
import { defaultColumns, listableFields } from '../schema';

export type Pin = 'left' | 'right' | null;
export type DateDisplay = 'simple' | 'detailed' | 'ymd';
export const DATE_DISPLAYS: readonly DateDisplay[] = ['simple', 'detailed', 'ymd'];

export interface ColumnSetting {
  name: string;
  visible: boolean;
  pin: Pin;
}

export interface TableSettings {
  columns: ColumnSetting[];
  dateDisplay: DateDisplay;
}

export function defaultSettings(resource: Resource): TableSettings {
  const shown = new Set(defaultColumns(resource));
  return {
    columns: listableFields(resource).map(([name]) => ({ name, visible: shown.has(name), pin: null })),
    dateDisplay: 'detailed',
  };
}

/**
 * Stored settings reconciled with today's schema: columns that no longer exist
 * are dropped, new ones are appended with their default visibility.
 */
export function reconcile(resource: Resource, stored: Partial<TableSettings> | undefined): TableSettings {
  const fresh = defaultSettings(resource);
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

export function useTableSettings(resource: Resource): [TableSettings, (next: TableSettings) => void, () => void] {
  const [stored, setStored] = useStore<Partial<TableSettings> | undefined>(`table.${resource.name}`, undefined);
  return [reconcile(resource, stored), setStored, () => setStored(undefined)];
}
