/**
 * A record's own page (issue 31 item 1), for a table whose schema declares
 * `show`: a URL per record (`#/admin/<name>/<id>/show`, so Back and reload
 * keep it), the summary first (the title, the declared facts, the actions
 * the caller holds, and the screen's aside: an order's pay link), then one
 * tab per related table and the record's details and history. "Edit" opens
 * the generated form of the fields the row may still change.
 */
import ArrowBack from '@mui/icons-material/ArrowBack';
import Edit from '@mui/icons-material/Edit';
import { Box, Button, Card, CardContent, LinearProgress, Stack, Tab, Tabs, Typography } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { useCreatePath, useGetOne, useLocale, useResourceContext, useTranslate, type RaRecord } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router';
import type { Resource } from '../../schema/define';
import { HistoryPanel, historyRule } from '../form/HistoryPanel';
import { renderCell } from '../list/cells';
import { ReadFailed } from '../list/ReadFailed';
import { usePermission } from '../permissions';
import { actionRule, fieldLabel, listableFields, useResource } from '../schema';
import { useScreenSlots, type ScreenSlots } from '../screens/index';
import { RelatedRows } from './RelatedRows';

const EditDialog = lazy(() => import('../form/EditDialog'));

export default function RecordPage() {
  const name = useResourceContext()!;
  const resource = useResource(name);
  const { id } = useParams();
  const translate = useTranslate();
  const createPath = useCreatePath();
  const slots = useScreenSlots(name);
  const { data: record, isPending, error, refetch } = useGetOne(name, { id: id! });
  const back = (
    <Button component={RouterLink} to={createPath({ resource: name, type: 'list' })} startIcon={<ArrowBack />} size="small">
      {translate('admin.view.back')}
    </Button>
  );
  if (isPending) return <><Box sx={{ py: 1 }}>{back}</Box><LinearProgress /></>;
  if (error || !record) {
    const missing = (error as { status?: number } | null)?.status === 404;
    return (
      <Box sx={{ py: 1 }}>
        {back}
        {missing ? <Typography sx={{ m: 2 }} role="alert">{translate('admin.view.not_found')}</Typography>
          : <ReadFailed error={error} what={translate(`resources.${name}.name`)} onRetry={() => void refetch()} />}
      </Box>
    );
  }
  return (
    <Box sx={{ py: 1, minWidth: 0 }} data-testid="record-page">
      {back}
      <Summary resource={resource} record={record} slots={slots} />
      <Panels resource={resource} record={record} slots={slots} />
    </Box>
  );
}

/** The record's name: its title field, else its number. */
const titleOf = (resource: Resource, record: RaRecord) => {
  const key = resource.title ?? resource.compact.primary;
  const value = record[key];
  return value === undefined || value === null || value === '' ? `#${record.id}` : String(value);
};

const present = (value: unknown) => value !== undefined && value !== null && value !== '' && value !== 0 && value !== '0' && value !== '0.00';

function Summary({ resource, record, slots }: { resource: Resource; record: RaRecord; slots: ScreenSlots }) {
  const translate = useTranslate();
  const locale = useLocale();
  const can = usePermission();
  const [editing, setEditing] = useState(false);
  const status = resource.compact.tertiary;
  const cell = (key: string) => {
    const Cell = slots.cells?.[key];
    return Cell ? <Cell record={record} /> : renderCell(key, resource.fields[key]!, record[key], translate, 'detailed', { record, locale });
  };
  // The facts that have a value: an unpaid order has no paid time to show.
  const facts = (resource.show?.summary ?? []).filter((key) => key !== status && present(record[key]));
  const canEdit = Boolean(resource.actions.update) && can(actionRule(resource.name, 'update')) && !record.deleteTime;
  const Aside = slots.RecordAside;
  return (
    <Card component="section" aria-label={translate('admin.view.summary')} sx={{ mt: 1 }} data-testid="record-summary">
      <CardContent>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, mb: 1.5 }}>
              <Typography variant="h5" component="h1" sx={{ wordBreak: 'break-word' }}>{titleOf(resource, record)}</Typography>
              {status && <span data-testid="record-status">{cell(status)}</span>}
            </Stack>
            <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))' }, gap: 1.5, m: 0 }}>
              {facts.map((key) => (
                <Box key={key} sx={{ minWidth: 0 }} data-fact={key}>
                  <Typography component="dt" variant="caption" color="text.secondary">{translate(fieldLabel(resource.name, key))}</Typography>
                  <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-all' }}>{cell(key)}</Typography>
                </Box>
              ))}
            </Box>
            <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap', rowGap: 1, alignItems: 'center' }} data-testid="record-actions">
              {(resource.show?.actions ?? ['edit']).map((action) => {
                if (action === 'edit') {
                  return canEdit && (
                    <Button key={action} size="small" variant="contained" startIcon={<Edit />} onClick={() => setEditing(true)}>{translate('admin.buttons.edit')}</Button>
                  );
                }
                const Action = slots.recordActions?.[action];
                return Action ? <Action key={action} record={record} /> : null;
              })}
            </Stack>
          </Box>
          {Aside && <Box sx={{ flexShrink: 0, maxWidth: { md: 420 } }}><Aside record={record} /></Box>}
        </Stack>
      </CardContent>
      {editing && (
        <Suspense>
          <EditDialog resource={resource} id={record.id} inputs={slots.inputs} onClose={() => setEditing(false)} />
        </Suspense>
      )}
    </Card>
  );
}

function Panels({ resource, record, slots }: { resource: Resource; record: RaRecord; slots: ScreenSlots }) {
  const translate = useTranslate();
  const can = usePermission();
  // A related table shows to a caller who may read it; the details always; the history to who may read revisions.
  const panels = (resource.show?.panels ?? []).filter((p) => can(actionRule(p.resource, 'rows')));
  const tabs = [...panels.map((p) => p.resource), 'details', ...(can(historyRule) ? ['history'] : [])];
  const [tab, setTab] = useState(tabs[0]!);
  const current = tabs.includes(tab) ? tab : tabs[0]!;
  const label = (key: string) => (key === 'details' ? translate('admin.view.details') : key === 'history' ? translate('admin.history.history') : translate(`resources.${key}.name`));
  const panel = panels.find((p) => p.resource === current);
  const Custom = panel && slots.panels?.[panel.resource];
  return (
    <Card sx={{ mt: 2 }}>
      <Tabs value={current} onChange={(_, next: string) => setTab(next)} variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile>
        {tabs.map((key) => <Tab key={key} value={key} label={label(key)} id={`record-tab-${key}`} aria-controls="record-tab-panel" />)}
      </Tabs>
      <CardContent role="tabpanel" id="record-tab-panel" aria-labelledby={`record-tab-${current}`}>
        {panel && (Custom ? <Custom record={record} /> : <RelatedRows panel={panel} id={record.id} />)}
        {current === 'details' && <Details resource={resource} record={record} />}
        {current === 'history' && <HistoryPanel resource={resource} id={record.id} record={record} canUpdate={can(actionRule(resource.name, 'update'))} />}
      </CardContent>
    </Card>
  );
}

/** Every field a person may see, read-only: the page's answer to "and the rest?". */
function Details({ resource, record }: { resource: Resource; record: RaRecord }) {
  const translate = useTranslate();
  const locale = useLocale();
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'max-content minmax(0, 1fr)' }, columnGap: 3, rowGap: 1, m: 0 }} data-testid="record-details">
      {listableFields(resource).map(([key, field]) => (
        <Box key={key} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">{translate(fieldLabel(resource.name, key))}</Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-all' }}>{renderCell(key, field, record[key], translate, 'detailed', { record, locale })}</Typography>
        </Box>
      ))}
    </Box>
  );
}
