/**
 * Screen slots: the one place a resource adds to its generated screen what no
 * schema can say (issue 7: user status switch, group rule tree, logs detail...).
 * A file `screens/<resource>.tsx` default-exports a `ScreenSlots`; it loads
 * only when that resource's screen opens. Every slot is optional.
 */
import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import type { RaRecord } from 'react-admin';

export interface SlotColumn {
  key: string;
  /** i18n key of the header. */
  label: string;
  render: (record: RaRecord) => ReactNode;
  list?: boolean;
}

export interface ScreenSlots {
  /**
   * Columns beyond the schema's, listed after them in the table settings;
   * `list: false` leaves one hidden until the user shows it.
   */
  columns?: SlotColumn[];
  /** Cells that replace the generated rendering of a schema column (a status switch). */
  cells?: Record<string, ComponentType<{ record: RaRecord }>>;
  /** Buttons beside "edit" on each row. */
  RowActions?: ComponentType<{ record: RaRecord }>;
  /** The row actions also serve rows in the recycle bin (a log's details); otherwise the bin has no actions column. */
  rowActionsInTrash?: boolean;
  /** Buttons beside "add" in the list toolbar; `create` opens the create dialog pre-filled (a preset). */
  ToolbarActions?: ComponentType<{ create: (initial: Record<string, unknown>) => void }>;
  /** Inputs that replace the generated widget of a field in the edit dialog. */
  inputs?: Record<string, ComponentType<{ source: string; label: string; disabled: boolean }>>;
  /** Below the fields of the edit dialog, for a stored record (an order's timeline and actions). */
  DialogPanel?: ComponentType<{ record: RaRecord }>;
  /** Above the list, inside the screen: what belongs to the screen but is no row (the merchant's callback secret). */
  Banner?: ComponentType;
  /** Shown once after the dialog created a record (an order's pay link). */
  AfterCreate?: ComponentType<{ record: RaRecord; onClose: () => void }>;
  /** The record page's actions by the names its schema's `show.actions` gives (an order's mark-paid and refund); each checks its own rule. */
  recordActions?: Record<string, ComponentType<{ record: RaRecord }>>;
  /** Beside the record page's summary (an order's pay link and QR code). */
  RecordAside?: ComponentType<{ record: RaRecord }>;
  /** The record page's related panels a screen draws itself, by related table (an order's timeline). */
  panels?: Record<string, ComponentType<{ record: RaRecord }>>;
}

const modules = import.meta.glob<{ default: ScreenSlots }>(['./*.tsx']);
const loaded = new Map<string, ScreenSlots>();

export function useScreenSlots(resource: string): ScreenSlots {
  const [slots, setSlots] = useState<ScreenSlots>(() => loaded.get(resource) ?? {});
  useEffect(() => {
    const load = modules[`./${resource}.tsx`];
    if (!load || loaded.has(resource)) return setSlots(loaded.get(resource) ?? {});
    let live = true;
    void load().then(({ default: found }) => {
      loaded.set(resource, found);
      if (live) setSlots(found);
    });
    return () => void (live = false);
  }, [resource]);
  return slots;
}
