/**
 * The "Views" menu of every generated list: save the list as it stands
 * (filters, columns, sort, page size) under a name, for oneself or shared
 * with one of one's groups; apply a saved view; rename or delete one's own.
 * Views shared by others are marked and read-only. They live on the server,
 * so they are there in any browser and after signing out and in again.
 */
import BookmarkAdd from '@mui/icons-material/BookmarkAddOutlined';
import Bookmarks from '@mui/icons-material/BookmarksOutlined';
import Delete from '@mui/icons-material/DeleteOutlined';
import Edit from '@mui/icons-material/EditOutlined';
import Lock from '@mui/icons-material/LockOutlined';
import People from '@mui/icons-material/PeopleOutlined';
import { Box, Button, IconButton, List, ListItem, ListItemButton, ListItemIcon, ListItemText, ListSubheader, Popover, Tooltip } from '@mui/material';
import { useId, useState } from 'react';
import { useListContext, useNotify, useTranslate } from 'react-admin';
import type { Resource } from '../../../schema/define';
import { ruleKey } from '../../../schema/rules';
import { getUser } from '../../api/session';
import { usePermission } from '../../permissions';
import { useScreenSlots } from '../../screens/index';
import { ConfirmDestroy } from '../ConfirmDestroy';
import { useTableSettings } from '../tableSettings';
import { captureState, createView, deleteView, listViews, shareGroups, updateView, type SavedView, type ShareGroup } from './savedViews';
import { ViewDialog } from './ViewDialog';

const can_ = (can: (rule: string) => boolean, method: string, action: string) => can(ruleKey(method, `api/views/${action}`));

export function ViewsMenu({ resource, onApplied }: { resource: Resource; onApplied?: () => void }) {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) => translate(`admin.saved_views.${key}`, options);
  const notify = useNotify();
  const can = usePermission();
  const { filterValues, setFilters, sort, setSort, perPage, setPerPage } = useListContext();
  const slots = useScreenSlots(resource.name);
  const [settings, saveSettings] = useTableSettings(resource, slots.columns);
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [views, setViews] = useState<SavedView[] | null>(null);
  const [groups, setGroups] = useState<ShareGroup[]>([]);
  const [dialog, setDialog] = useState<{ view?: SavedView } | null>(null);
  const [doomed, setDoomed] = useState<SavedView | null>(null);

  if (!can_(can, 'GET', 'rows')) return null;
  const me = getUser()?.id;
  const groupName = (id: number) => groups.find((g) => g.id === id)?.name ?? `#${id}`;
  const failed = (error: unknown) => notify((error as Error).message || 'ra.notification.http_error', { type: 'error' });

  const load = async () => {
    try {
      const [found, mine] = await Promise.all([listViews(resource.name), shareGroups()]);
      setViews(found);
      setGroups(mine);
    } catch (error) {
      failed(error);
    }
  };

  const open = (target: HTMLElement) => {
    setAnchor(target);
    void load();
  };

  const apply = (view: SavedView) => {
    const { filter, columns, sort: order, perPage: size, dateDisplay } = view.state;
    // One tick: react-admin folds the three changes into one request of the list.
    setFilters(filter, {}, false);
    setSort(order);
    setPerPage(size);
    saveSettings({ columns, dateDisplay: dateDisplay ?? settings.dateDisplay });
    setAnchor(null);
    onApplied?.();
    notify('admin.saved_views.applied', { type: 'info', messageArgs: { name: view.name } });
  };

  const save = async (values: { name: string; group: number }) => {
    try {
      const editing = dialog?.view;
      if (editing) await updateView(editing.id, values);
      else await createView({ ...values, resource: resource.name, state: captureState(filterValues, sort, perPage, settings) });
      notify(editing ? 'admin.saved_views.updated' : 'admin.saved_views.saved', { type: 'success' });
      setDialog(null);
      await load();
    } catch (error) {
      failed(error);
    }
  };

  const remove = async (view: SavedView) => {
    setDoomed(null);
    try {
      await deleteView(view.id);
      notify('admin.saved_views.deleted', { type: 'success' });
      await load();
    } catch (error) {
      failed(error);
    }
  };

  const own = views?.filter((v) => v.uid === me) ?? [];
  const shared = views?.filter((v) => v.uid !== me) ?? [];
  const canSave = can_(can, 'POST', 'create');
  const canRename = can_(can, 'PUT', 'update');
  const canDelete = can_(can, 'DELETE', 'delete');

  return (
    <>
      <Button
        size="small" startIcon={<Bookmarks />} aria-haspopup="dialog" aria-expanded={Boolean(anchor)} aria-controls={anchor ? menuId : undefined}
        onClick={(e) => open(e.currentTarget)}
      >
        {t('menu')}
      </Button>
      <Popover id={menuId} open={Boolean(anchor)} anchorEl={anchor} onClose={() => setAnchor(null)} anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}>
        <List dense sx={{ minWidth: 260, maxWidth: 'min(360px, 92vw)' }} aria-label={t('menu')}>
          {canSave && (
            <ListItem disablePadding divider>
              <ListItemButton onClick={() => (setAnchor(null), setDialog({}))}>
                <ListItemIcon><BookmarkAdd fontSize="small" /></ListItemIcon>
                <ListItemText primary={t('save')} />
              </ListItemButton>
            </ListItem>
          )}
          {views && !views.length && <ListItem><ListItemText secondary={t('none')} /></ListItem>}
          {own.length > 0 && <ListSubheader disableSticky>{t('mine')}</ListSubheader>}
          {own.map((view) => (
            // The buttons sit beside the name in the row's flow, not over it (MUI's secondaryAction is placed over the
            // row's right end and pads the name by one button's width only, so a long name ran under the second).
            <ListItem key={view.id} disablePadding data-testid="saved-view" sx={{ alignItems: 'stretch' }}>
              <ListItemButton onClick={() => apply(view)} sx={{ flex: 1, minWidth: 0 }}>
                {view.group > 0 && <ListItemIcon><People fontSize="small" /></ListItemIcon>}
                <ListItemText
                  inset={!view.group && own.some((v) => v.group > 0)} primary={view.name} secondary={view.group ? t('shared_with', { group: groupName(view.group) }) : undefined}
                  slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                />
              </ListItemButton>
              <Box sx={{ display: 'flex', alignItems: 'center', flexShrink: 0, pr: 0.5 }}>
                {canRename && <Tooltip title={t('rename', { name: view.name })}><IconButton size="small" aria-label={t('rename', { name: view.name })} onClick={() => (setAnchor(null), setDialog({ view }))}><Edit fontSize="small" /></IconButton></Tooltip>}
                {canDelete && <Tooltip title={t('delete', { name: view.name })}><IconButton size="small" aria-label={t('delete', { name: view.name })} onClick={() => (setAnchor(null), setDoomed(view))}><Delete fontSize="small" /></IconButton></Tooltip>}
              </Box>
            </ListItem>
          ))}
          {shared.length > 0 && <ListSubheader disableSticky>{t('shared')}</ListSubheader>}
          {shared.map((view) => (
            <ListItem key={view.id} disablePadding data-testid="saved-view" data-read-only>
              <ListItemButton onClick={() => apply(view)}>
                <ListItemIcon><Lock fontSize="small" /></ListItemIcon>
                <ListItemText primary={view.name} secondary={t('read_only', { group: groupName(view.group) })} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </Popover>
      {dialog && <ViewDialog initial={dialog.view} groups={groups} onSave={save} onClose={() => setDialog(null)} />}
      <ConfirmDestroy
        open={Boolean(doomed)}
        content="admin.saved_views.confirm_delete"
        translateOptions={{ name: doomed?.name }}
        onConfirm={() => doomed && void remove(doomed)}
        onClose={() => setDoomed(null)}
      />
    </>
  );
}
