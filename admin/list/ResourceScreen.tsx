/**
 * The one generated screen every resource uses (issue 5 item 3): a list with
 * the search panel, table settings, recycle bin, selection, column sort and
 * pagination, plus the edit dialog. Screen slots (`screens/<name>.tsx`) add
 * what a schema cannot say.
 */
import Edit from '@mui/icons-material/Edit';
import { Button } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { DataTable, List, Pagination, useResourceContext, useTranslate, type Identifier, type RaRecord, type SortPayload } from 'react-admin';
import type { Resource } from '../../schema/define';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../schema/options';
import { usePermission } from '../permissions';
import { actionRule, fieldLabel, getResource } from '../schema';
import { useScreenSlots } from '../screens/index';
import { renderCell } from './cells';
import { FilterPanel } from './FilterPanel';
import { ListToolbar, SelectionActions } from './ListToolbar';
import { drawnColumns, useTableSettings, type ColumnSetting } from './tableSettings';
import { TableSettingsDialog } from './TableSettingsDialog';

const EditDialog = lazy(() => import('../form/EditDialog'));

/** Pinned columns get a fixed width so each knows its sticky offset. */
const PINNED_WIDTH = 160;
const CHECKBOX_WIDTH = 56;

/** `"serial asc, id asc"` -> the list's first sort key. */
function defaultSort(resource: Resource): SortPayload {
  const [field = 'id', order = 'desc'] = resource.order.split(',')[0]!.trim().split(/\s+/);
  return { field, order: order.toUpperCase() === 'ASC' ? 'ASC' : 'DESC' };
}

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
  const resource = getResource(name);
  const translate = useTranslate();
  const can = usePermission();
  const slots = useScreenSlots(name);
  const [settings, saveSettings, resetSettings] = useTableSettings(resource);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
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
        pagination={<Pagination rowsPerPageOptions={[...PAGE_SIZES]} />}
        actions={
          <ListToolbar
            resource={resource}
            onAdd={() => setEditing({})}
            filtersOpen={filtersOpen}
            onToggleFilters={() => setFiltersOpen((open) => !open)}
            onOpenSettings={() => setSettingsOpen(true)}
            extra={slots.ToolbarActions && <slots.ToolbarActions create={(initial) => setEditing({ initial })} />}
          />
        }
      >
        {filtersOpen && <FilterPanel resource={resource} />}
        <ResourceTable resource={resource} columns={columns} dateDisplay={settings.dateDisplay} canEdit={canEdit} onEdit={(id) => setEditing({ id })} slots={slots} />
        {settingsOpen && (
          <TableSettingsDialog resource={resource} settings={settings} onChange={saveSettings} onReset={resetSettings} onClose={() => setSettingsOpen(false)} />
        )}
      </List>
      {editing && (
        <Suspense>
          <EditDialog
            resource={resource}
            id={editing.id}
            initial={editing.initial}
            inputs={slots.inputs}
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

function ResourceTable({ resource, columns, dateDisplay, canEdit, onEdit, slots }: TableProps) {
  const translate = useTranslate();
  const RowActions = slots.RowActions;
  return (
    <DataTable rowClick={false} bulkActionButtons={<SelectionActions resource={resource} />} sx={{ '& .RaDataTable-tableWrapper': { overflowX: 'auto' } }}>
      {columns.map(({ name }, index) => {
        const field = resource.fields[name]!;
        const Cell = slots.cells?.[name];
        return (
          <DataTable.Col
            key={name}
            source={name}
            label={translate(fieldLabel(resource.name, name))}
            disableSort={!field.sortable}
            sx={pinSx(columns, index)}
            render={(record: RaRecord) => (Cell ? <Cell record={record} /> : renderCell(name, field, record[name], translate, dateDisplay))}
          />
        );
      })}
      {slots.columns?.map((column) => <DataTable.Col key={column.key} label={column.label} disableSort render={column.render} />)}
      <DataTable.Col
        label={translate('admin.list.actions')}
        disableSort
        render={(record: RaRecord) => (
          <RowButtons record={record} canEdit={canEdit} onEdit={onEdit} RowActions={RowActions} />
        )}
      />
    </DataTable>
  );
}

function RowButtons({ record, canEdit, onEdit, RowActions }: { record: RaRecord; canEdit: boolean; onEdit: (id: Identifier) => void; RowActions?: ReturnType<typeof useScreenSlots>['RowActions'] }) {
  const translate = useTranslate();
  const trashed = Boolean(record.deleteTime);
  return (
    <>
      {canEdit && !trashed && (
        <Button size="small" startIcon={<Edit />} onClick={() => onEdit(record.id)}>{translate('admin.buttons.edit')}</Button>
      )}
      {RowActions && <RowActions record={record} />}
    </>
  );
}

