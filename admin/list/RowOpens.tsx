/**
 * A list row opens its record's dialog, as a react-admin list row does: a
 * click anywhere on it except on what already acts (its checkbox, a switch,
 * a link, a button, a field), and Enter when the row itself has the focus.
 * A click that ends a text selection only selects, so a cell's text can
 * still be copied.
 */
import { createContext, forwardRef, useContext, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { DataTableBody, DataTableRow, useRecordContext, type DataTableBodyProps, type DataTableRowProps, type Identifier } from 'react-admin';

type Open = ((id: Identifier) => void) | null;
const OpenContext = createContext<Open>(null);

/** `onOpen`: what a row's click or Enter does with its record's id; null when the rows open nothing (no right to edit, the recycle bin). */
export function RowOpensDialog({ onOpen, children }: { onOpen: Open; children: ReactNode }) {
  return <OpenContext.Provider value={onOpen}>{children}</OpenContext.Provider>;
}

/** Elements that act on a click of their own. */
const ACTS_ITSELF = 'a, button, input, label, select, textarea, [role=button], [role=checkbox], [role=switch], [role=menuitem], [contenteditable=true]';

const OpeningRow = forwardRef<HTMLTableRowElement, DataTableRowProps>(function OpeningRow(props, ref) {
  const open = useContext(OpenContext);
  const record = useRecordContext();
  if (!open || !record) return <DataTableRow ref={ref} {...props} />;

  function onClick(event: MouseEvent<HTMLTableRowElement>) {
    const target = event.target as Element;
    if (target.closest(ACTS_ITSELF) || !event.currentTarget.contains(target)) return;
    if (getSelection()?.toString()) return;
    open!(record!.id);
  }
  function onKeyDown(event: KeyboardEvent<HTMLTableRowElement>) {
    // Only the row's own focus: Enter on its buttons and switches does what they do.
    if (event.key === 'Enter' && event.target === event.currentTarget) open!(record!.id);
  }
  return <DataTableRow ref={ref} {...props} tabIndex={0} onClick={onClick} onKeyDown={onKeyDown} sx={[ROW_SX, ...(Array.isArray(props.sx) ? props.sx : [props.sx])]} />;
});

const ROW_SX = {
  cursor: 'pointer',
  '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 },
} as const;

export function OpeningRowsBody(props: DataTableBodyProps) {
  return <DataTableBody {...props} row={OpeningRow} />;
}
