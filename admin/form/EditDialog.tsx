/**
 * The one edit dialog (issue 5 item 4): fields, widgets and validation from the
 * schema; width from the schema (forms at most 800 px); opened with an id it
 * loads the record; saving closes it and refreshes the list. The server's field
 * errors (400 `data.errors`) land on their inputs. A stored record has a
 * History tab for a caller who may read revisions (HistoryPanel.tsx).
 */
import { Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, LinearProgress, Tab, Tabs, useMediaQuery, useTheme } from '@mui/material';
import { useEffect, useRef, useState, type ComponentType } from 'react';
import { useFormState } from 'react-hook-form';
import { Form, useDataProvider, useGetOne, useNotify, useRefresh, useTranslate, type Identifier, type RaRecord } from 'react-admin';
import type { Resource } from '../../schema/define';
import { ApiError } from '../api/http';
import { usePermission } from '../permissions';
import { actionRule, changeableFields, createFields, formFields } from '../schema';
import { FieldInput } from './FieldInput';
import { HistoryPanel, historyRule } from './HistoryPanel';

const FORM_MAX_WIDTH = 800;

interface Props {
  resource: Resource;
  id?: Identifier;
  /** Values a new record starts from, over the schema's defaults (a preset). */
  initial?: Record<string, unknown>;
  inputs?: Record<string, ComponentType<{ source: string; label: string; disabled: boolean }>>;
  /** Below the fields of a stored record (screen slot `DialogPanel`). */
  Panel?: ComponentType<{ record: RaRecord }>;
  onClose: () => void;
  onCreated?: (record: RaRecord) => void;
}

/** A new record starts from the schema's column defaults; a required number starts empty (0 is no amount). */
const defaultsOf = (resource: Resource) =>
  Object.fromEntries(createFields(resource)
    .filter(([, f]) => f.column.default !== undefined && f.column.default !== null && !(f.required && f.widget === 'number'))
    .map(([n, f]) => [n, f.column.default]));

/** Tells the dialog whether the form holds changes, so that Esc or a click outside asks before dropping them. */
function DirtyWatch({ onChange }: { onChange: (dirty: boolean) => void }) {
  const { isDirty } = useFormState();
  useEffect(() => onChange(isDirty), [isDirty, onChange]);
  return null;
}

export default function EditDialog({ resource, id, initial, inputs, Panel, onClose, onCreated }: Props) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const isNew = id === undefined;
  const { data: record, isPending } = useGetOne(resource.name, { id: id! }, { enabled: !isNew });
  // A locked row keeps its schema `locked` fields: shown, not editable (the server refuses them too).
  const lockedRow = !isNew && Boolean(Number(record?.lock));
  const can = usePermission();
  const withHistory = !isNew && can(historyRule);
  const [tab, setTab] = useState<'fields' | 'history'>('fields');
  const onHistory = withHistory && tab === 'history';
  const dirty = useRef(false);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  // Esc and a click outside are easy to do by mistake: with changes in the form they ask first.
  const dismiss = () => (dirty.current ? setConfirmDiscard(true) : onClose());
  const fields = isNew ? createFields(resource) : resource.show && record ? changeableFields(resource, record) : formFields(resource);

  async function save(values: Record<string, unknown>) {
    try {
      if (isNew) {
        const { data } = await dataProvider.create(resource.name, { data: values });
        notify('admin.notify.created', { type: 'success' });
        onCreated?.(data);
      } else {
        await dataProvider.update(resource.name, { id: id!, data: values, previousData: record });
        notify('admin.notify.saved', { type: 'success' });
      }
      onClose();
      refresh();
    } catch (error) {
      notify((error as Error).message || 'ra.notification.http_error', { type: 'error' });
      const errors = (error instanceof ApiError && (error.body?.data as { errors?: Array<{ field: string; message: string }> } | null)?.errors) || [];
      if (errors.length) return Object.fromEntries(errors.map((e) => [e.field, e.message]));
    }
  }

  const title = translate(isNew ? 'admin.form.create_title' : 'admin.form.edit_title', { name: translate(`resources.${resource.name}.name`) });
  return (
    <Dialog open onClose={dismiss} fullScreen={fullScreen} maxWidth={false} slotProps={{ paper: { sx: { width: fullScreen ? '100%' : resource.dialogWidth, minWidth: fullScreen ? undefined : 360 } } }}>
      <DialogTitle>{title}</DialogTitle>
      {withHistory && (
        <Tabs value={tab} onChange={(_, next: 'fields' | 'history') => setTab(next)} sx={{ px: 2, minHeight: 40, '& .MuiTab-root': { minHeight: 40 } }}>
          <Tab value="fields" label={translate('admin.history.fields')} />
          <Tab value="history" label={translate('admin.history.history')} />
        </Tabs>
      )}
      {!isNew && isPending ? (
        <LinearProgress />
      ) : (
        <Form record={isNew ? { ...defaultsOf(resource), ...initial } : record} onSubmit={save as never} mode="onBlur" reValidateMode="onChange">
          <DirtyWatch onChange={(value) => void (dirty.current = value)} />
          <DialogContent dividers>
            {onHistory && record && <HistoryPanel resource={resource} id={id!} record={record} canUpdate={can(actionRule(resource.name, 'update'))} />}
            {/* Kept mounted while the history shows, so an edit in progress survives a look at it. */}
            <Box sx={{ maxWidth: FORM_MAX_WIDTH, mx: 'auto', display: onHistory ? 'none' : undefined }}>
              {fields.map(([name, field]) => (
                <FieldInput key={name} resource={resource.name} name={name} field={field} isNew={isNew} locked={lockedRow && resource.locked.includes(name)} Override={inputs?.[name]} />
              ))}
              {Panel && record && <Panel record={record} />}
            </Box>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
            {!onHistory && <Button type="submit" variant="contained">{translate('ra.action.save')}</Button>}
          </DialogActions>
        </Form>
      )}
      <Dialog open={confirmDiscard} onClose={() => setConfirmDiscard(false)} aria-labelledby="discard-title">
        <DialogTitle id="discard-title">{translate('admin.view.discard_title')}</DialogTitle>
        <DialogContent><DialogContentText>{translate('admin.view.discard_content')}</DialogContentText></DialogContent>
        <DialogActions>
          <Button autoFocus onClick={() => setConfirmDiscard(false)}>{translate('admin.view.keep_editing')}</Button>
          <Button color="error" onClick={() => (setConfirmDiscard(false), onClose())}>{translate('admin.view.discard')}</Button>
        </DialogActions>
      </Dialog>
    </Dialog>
  );
}
