/**
 * The one generated screen every resource uses (issue 5 item 3): a list with
 * the search panel, table settings, recycle bin, selection, column sort and
 * pagination, plus the edit dialog. Screen slots (`screens/<name>.tsx`) add
 * what a schema cannot say.
 */
import Edit from '@mui/icons-material/Edit';
import { IconButton, Tooltip, useMediaQuery, useTheme } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { DataTable, List, useListContext, useLocale, useRedirect, useResourceContext, useTranslate, type Identifier, type RaRecord } from 'react-admin';
import type { Resource } from '../../schema/define';
import { DEFAULT_PAGE_SIZE } from '../../schema/options';
import { usePermission } from '../permissions';
import { actionRule, fieldLabel, useResource } from '../schema';
import { useScreenSlots } from '../screens/index';
import { renderCell } from './cells';
import { CellText } from './CellText';
import { CompactList } from './CompactList';
import { FilterChips } from './FilterChips';
import { FilterPanel } from './FilterPanel';
import { inTrash, ListToolbar, SelectionActions } from './ListToolbar';
import { ListPagination } from './pageSizes';
import { ReadFailed } from './ReadFailed';
import { OpeningRowsBody, RowOpensDialog } from './RowOpens';
import { defaultSort, drawnColumns, useOpenInAll, useTableSettings, type ColumnSetting } from './tableSettings';

const EditDialog = lazy(() => import('../form/EditDialog'));
// Opened by its button only: kept out of the console's first load (its 448 KB budget).
const TableSettingsDialog = lazy(() => import('./TableSettingsDialog').then((m) => ({ default: m.TableSettingsDialog })));

/** Pinned columns get a fixed width so each knows its sticky offset. */
const PINNED_WIDTH = 160;
const CHECKBOX_WIDTH = 56;

function pinSx(columns: ColumnSetting[], index: number) {
  const column = columns[index]!;
  if (!column.pin) return undefined;
  const before = columns.slice(0, index).filter((c) => c.pin === 'left').length;
  const after = columns.slice(index + 1).filter((c) => c.pin === 'right').length;
  const offset = column.pin === 'left' ? { left: CHECKBOX_WIDTH + before * PINNED_WIDTH } : { right: after * PINNED_WIDTH };
  return { position: 'sticky', zIndex: 2, bgcolor: 'background.paper', width: PINNED_WIDTH, minWidth: PINNED_WIDTH, ...offset } as const;
}

export default function ResourceScreen() {
  const name = useResourceContext()!;
  const resource = useResource(name);
  const translate = useTranslate();
  const can = usePermission();
  const slots = useScreenSlots(name);
  useOpenInAll(name);
  const [settings, saveSettings, resetSettings] = useTableSettings(resource, slots.columns);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  // Bumped when a saved view is applied: the search panel starts again from the view's filters.
  const [viewsApplied, setViewsApplied] = useState(0);
  const [editing, setEditing] = useState<{ id?: Identifier; initial?: Record<string, unknown> } | null>(null);
  const [created, setCreated] = useState<RaRecord | null>(null);
  const columns = drawnColumns(settings);
  const canEdit = Boolean(resource.actions.update) && can(actionRule(name, 'update'));
  const AfterCreate = slots.AfterCreate;

  return (
    <>
      <List
        resource={name}
        title={translate(`resources.${name}.name`)}
        sort={defaultSort(resource)}
        perPage={DEFAULT_PAGE_SIZE}
        empty={false}
        pagination={<ListPagination />}
        sx={{ minWidth: 0, '& .RaList-main, & .RaList-content': { minWidth: 0 } }}
        actions={
          <ListToolbar
            resource={resource}
            onAdd={() => setEditing({})}
            filtersOpen={filtersOpen}
            onToggleFilters={() => setFiltersOpen((open) => !open)}
            onOpenSettings={() => setSettingsOpen(true)}
            onViewApplied={() => setViewsApplied((n) => n + 1)}
            extra={slots.ToolbarActions && <slots.ToolbarActions create={(initial) => setEditing({ initial })} />}
          />
        }
      >
        {slots.Banner && <slots.Banner />}
        {filtersOpen && <FilterPanel key={viewsApplied} resource={resource} />}
        <FilterChips resource={resource} />
        <ResourceTable resource={resource} columns={columns} dateDisplay={settings.dateDisplay} canEdit={canEdit} onEdit={(id) => setEditing({ id })} slots={slots} />
        {settingsOpen && (
          <Suspense>
            <TableSettingsDialog
              resource={resource}
              settings={settings}
              columnLabel={(column) => translate(slots.columns?.find((c) => c.key === column)?.label ?? fieldLabel(name, column))}
              onChange={saveSettings}
              onReset={resetSettings}
              onClose={() => setSettingsOpen(false)}
            />
          </Suspense>
        )}
      </List>
      {editing && (
        <Suspense>
          <EditDialog
            resource={resource}
            id={editing.id}
            initial={editing.initial}
            inputs={slots.inputs}
            // A table with a record page tells its story there, not under the form.
            Panel={resource.show ? undefined : slots.DialogPanel}
            onClose={() => setEditing(null)}
            onCreated={(record: RaRecord) => AfterCreate && setCreated(record)}
          />
        </Suspense>
      )}
      {created && AfterCreate && <AfterCreate record={created} onClose={() => setCreated(null)} />}
    </>
  );
}

interface TableProps {
  resource: Resource;
  columns: ColumnSetting[];
  dateDisplay: Parameters<typeof renderCell>[4];
  canEdit: boolean;
  onEdit: (id: Identifier) => void;
  slots: ReturnType<typeof useScreenSlots>;
}

/** One line per row: headers never break inside a word, and the row's buttons stay side by side. */
const TABLE_SX = {
  '& .RaDataTable-tableWrapper': { overflowX: 'auto' },
  '& th': { whiteSpace: 'nowrap', wordBreak: 'keep-all' },
  '& td': { whiteSpace: 'nowrap' },
  // Half MUI's 16 px side padding: a row of eight columns in Russian still fits 1280 px.
  '& th:not(.MuiTableCell-paddingCheckbox), & td:not(.MuiTableCell-paddingCheckbox)': { px: 1 },
} as const;

/** Where a row leads: its record page when the table declares one, else its edit dialog for a caller who may edit. */
function useRowOpens(resource: Resource, canEdit: boolean, onEdit: (id: Identifier) => void, trash: boolean) {
  const redirect = useRedirect();
  if (trash) return null;
  if (resource.show) return (id: Identifier) => redirect('show', resource.name, id);
  return canEdit ? onEdit : null;
}

function ResourceTable({ resource, columns, dateDisplay, canEdit, onEdit, slots }: TableProps) {
  const translate = useTranslate();
  const locale = useLocale();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const { filterValues, error, refetch } = useListContext();
  const RowActions = slots.RowActions;
  // No empty actions column: trashed rows cannot be edited, and only some screens act on them.
  const trash = inTrash(filterValues);
  const opens = useRowOpens(resource, canEdit, onEdit, trash);
  const hasRowButtons = trash ? Boolean(RowActions && slots.rowActionsInTrash) : canEdit || Boolean(RowActions);
  const extra = new Map(slots.columns?.map((c) => [c.key, c]));
  // A failed read shows why and a Retry, never the empty list's words.
  if (error) return <ReadFailed error={error} what={translate(`resources.${resource.name}.name`)} onRetry={() => void refetch()} />;
  if (phone) {
    return (
      <CompactList
        resource={resource}
        dateDisplay={dateDisplay}
        cells={slots.cells}
        columns={slots.columns}
        onOpen={opens}
        selectable
        bulkActions={<SelectionActions resource={resource} />}
        buttons={hasRowButtons ? (record) => <RowButtons record={record} canEdit={canEdit} onEdit={onEdit} RowActions={RowActions} /> : undefined}
      />
    );
  }
  return (
    <RowOpensDialog onOpen={opens}>
    <DataTable rowClick={false} body={OpeningRowsBody} bulkActionButtons={<SelectionActions resource={resource} />} sx={TABLE_SX}>
      {columns.map(({ name }, index) => {
        const field = resource.fields[name];
        const column = extra.get(name);
        if (!field && !column) return null;
        const Cell = slots.cells?.[name];
        const render = (record: RaRecord) =>
          column ? column.render(record) : Cell ? <Cell record={record} /> : renderCell(name, field!, record[name], translate, dateDisplay, { record, locale });
        return (
          <DataTable.Col
            key={name}
            source={field ? name : undefined}
            label={translate(column ? column.label : fieldLabel(resource.name, name))}
            disableSort={!field?.sortable}
            sx={pinSx(columns, index)}
            render={(record: RaRecord) => <CellText>{render(record)}</CellText>}
          />
        );
      })}
      {hasRowButtons && (
        <DataTable.Col
          label={translate('admin.list.actions')}
          disableSort
          render={(record: RaRecord) => (
            <RowButtons record={record} canEdit={canEdit} onEdit={onEdit} RowActions={RowActions} />
          )}
        />
      )}
    </DataTable>
    </RowOpensDialog>
  );
}

function RowButtons({ record, canEdit, onEdit, RowActions }: { record: RaRecord; canEdit: boolean; onEdit: (id: Identifier) => void; RowActions?: ReturnType<typeof useScreenSlots>['RowActions'] }) {
  const translate = useTranslate();
  const trashed = Boolean(record.deleteTime);
  return (
    <>
      {/* An icon with its name on hover and for screen readers: the row's one common action, narrow in every language. */}
      {canEdit && !trashed && (
        <Tooltip title={translate('admin.buttons.edit')}>
          <IconButton size="small" color="primary" aria-label={translate('admin.buttons.edit')} onClick={() => onEdit(record.id)}><Edit fontSize="small" /></IconButton>
        </Tooltip>
      )}
      {RowActions && <RowActions record={record} />}
    </>
  );
}

