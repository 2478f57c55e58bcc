/**
 * The list's buttons, each behind its rule: add, refresh, the
 * all / recycle-bin switch, clear bin, export, table settings, search panel;
 * and for the selection: remove to the bin, or restore and delete for good.
 */
import Add from '@mui/icons-material/Add';
import DeleteForever from '@mui/icons-material/DeleteForever';
import DeleteSweep from '@mui/icons-material/DeleteSweep';
import FilterList from '@mui/icons-material/FilterList';
import Refresh from '@mui/icons-material/Refresh';
import RestoreFromTrash from '@mui/icons-material/RestoreFromTrash';
import Delete from '@mui/icons-material/Delete';
import ViewColumn from '@mui/icons-material/ViewColumn';
import { Badge, Button, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { TopToolbar, useDataProvider, useListContext, useNotify, useRefresh, useTranslate, useUnselectAll } from 'react-admin';
import type { Action } from '../../schema/rules';
import type { Resource } from '../../schema/define';
import { forgetCachedReads, type PaydeskDataProvider } from '../api/dataProvider';
import { usePermission } from '../permissions';
import { actionRule } from '../schema';
import { ConfirmDestroy } from './ConfirmDestroy';
import { ExportButton } from './ExportButton';
import { EditSelectedButton, ImportButton } from './import/buttons';
import { activeFilterCount } from './FilterPanel';
import { ViewsMenu } from './views/ViewsMenu';

export const inTrash = (filters: Record<string, unknown>) => Boolean(filters.onlyTrashed);

/** Runs a data-provider call, then forgets cached reads, refreshes and tells the user. */
function useListCommand(resource: Resource) {
  const dataProvider = useDataProvider<PaydeskDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const unselectAll = useUnselectAll(resource.name);
  return async (run: (dp: PaydeskDataProvider) => Promise<unknown>, done?: string) => {
    try {
      await run(dataProvider);
      if (done) notify(done, { type: 'success' });
      unselectAll();
    } catch (error) {
      notify((error as Error).message || 'ra.notification.http_error', { type: 'error' });
    } finally {
      forgetCachedReads(resource.name);
      refresh();
    }
  };
}

function Gate({ resource, action, children }: { resource: Resource; action: Action; children: ReactNode }) {
  const can = usePermission();
  return resource.actions[action] && can(actionRule(resource.name, action)) ? <>{children}</> : null;
}

interface ToolbarProps {
  resource: Resource;
  onAdd: () => void;
  filtersOpen: boolean;
  onToggleFilters: () => void;
  onOpenSettings: () => void;
  /** A saved view was applied: the search panel shows its filters. */
  onViewApplied?: () => void;
  extra?: ReactNode;
}

export function ListToolbar({ resource, onAdd, filtersOpen, onToggleFilters, onOpenSettings, onViewApplied, extra }: ToolbarProps) {
  const translate = useTranslate();
  const { filterValues, setFilters, sort } = useListContext();
  const command = useListCommand(resource);
  const [confirmClear, setConfirmClear] = useState(false);
  const trash = inTrash(filterValues);
  const t = (key: string) => translate(`admin.buttons.${key}`);

  return (
    <TopToolbar sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
      {!trash && <Gate resource={resource} action="create"><Button startIcon={<Add />} variant="contained" size="small" onClick={onAdd}>{t('add')}</Button></Gate>}
      {extra}
      {resource.softDelete && (
        <ToggleButtonGroup
          size="small"
          exclusive
          value={trash ? 'trash' : 'all'}
          onChange={(_, view) => view && setFilters({ ...filterValues, onlyTrashed: view === 'trash' ? 1 : undefined }, {})}
        >
          <ToggleButton value="all">{t('all')}</ToggleButton>
          <ToggleButton value="trash">{t('trash')}</ToggleButton>
        </ToggleButtonGroup>
      )}
      {trash && (
        <Gate resource={resource} action="clear">
          <Button startIcon={<DeleteSweep />} color="error" size="small" onClick={() => setConfirmClear(true)}>{t('clear')}</Button>
          <ConfirmDestroy
            open={confirmClear}
            content="admin.confirm.clear"
            onConfirm={() => (setConfirmClear(false), command((dp) => dp.clear(resource.name), 'admin.notify.cleared'))}
            onClose={() => setConfirmClear(false)}
          />
        </Gate>
      )}
      {!trash && <Gate resource={resource} action="import"><ImportButton resource={resource} /></Gate>}
      <Gate resource={resource} action="export">
        <ExportButton onExport={(format) => command((dp) => dp.exportFile(resource.name, { filter: filterValues, sort, format }))} />
      </Gate>
      <Button startIcon={<Refresh />} size="small" onClick={() => command(async () => undefined)}>{t('refresh')}</Button>
      <Button size="small" onClick={onToggleFilters} aria-pressed={filtersOpen} startIcon={<Badge color="primary" variant="dot" invisible={activeFilterCount(filterValues) === 0} data-testid="filter-badge"><FilterList /></Badge>}>
        {t('filters')}
      </Button>
      <Button startIcon={<ViewColumn />} size="small" onClick={onOpenSettings}>{t('settings')}</Button>
      {!trash && <ViewsMenu resource={resource} onApplied={onViewApplied} />}
    </TopToolbar>
  );
}

/** Buttons for the selected rows. */
export function SelectionActions({ resource }: { resource: Resource }) {
  const translate = useTranslate();
  const { filterValues, selectedIds } = useListContext();
  const command = useListCommand(resource);
  const [confirmDestroy, setConfirmDestroy] = useState(false);
  const t = (key: string) => translate(`admin.buttons.${key}`);
  const ids = selectedIds;

  if (!inTrash(filterValues)) {
    const action = resource.softDelete ? 'remove' : 'delete';
    return (
      <>
      <Gate resource={resource} action="update-many"><EditSelectedButton resource={resource} /></Gate>
      <Gate resource={resource} action={action}>
        <Button startIcon={<Delete />} color="error" size="small" onClick={() => command((dp) => dp.deleteMany(resource.name, { ids }), 'admin.notify.removed')}>
          {t(resource.softDelete ? 'remove' : 'destroy')}
        </Button>
      </Gate>
      </>
    );
  }
  return (
    <>
      <Gate resource={resource} action="restore">
        <Button startIcon={<RestoreFromTrash />} size="small" onClick={() => command((dp) => dp.restore(resource.name, { ids }), 'admin.notify.restored')}>{t('restore')}</Button>
      </Gate>
      <Gate resource={resource} action="delete">
        <Button startIcon={<DeleteForever />} color="error" size="small" onClick={() => setConfirmDestroy(true)}>{t('destroy')}</Button>
        <ConfirmDestroy
          open={confirmDestroy}
          content="admin.confirm.destroy"
          translateOptions={{ smart_count: ids.length }}
          onConfirm={() => (setConfirmDestroy(false), command((dp) => dp.destroy(resource.name, { ids }), 'admin.notify.destroyed'))}
          onClose={() => setConfirmDestroy(false)}
        />
      </Gate>
    </>
  );
}
