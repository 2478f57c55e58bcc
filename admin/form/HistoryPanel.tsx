/**
 * A record's history in its edit dialog: its revisions newest first, each
 * with who, when and what, the changed fields side by side (before → after,
 * labelled and with choices translated as the lists show them), and "restore
 * this version", which is an ordinary update of the fields that changed
 * since: the server applies scope, the permission ceiling, validation and
 * frozen fields as to any edit, and a refusal is shown as it says.
 */
import { Alert, Box, Button, Chip, LinearProgress, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { useDataProvider, useLocale, useNotify, useRefresh, useTranslate, type Identifier, type RaRecord } from 'react-admin';
import { formatEpoch } from '../../schema/dates';
import type { Field, Resource } from '../../schema/define';
import { revisions as revisionsResource } from '../../schema/index';
import { valuesAt, type RevisionRow } from '../../schema/revisions';
import { call } from '../api/http';
import { renderCell } from '../list/cells';
import { actionRule, fieldLabel, optionKey } from '../schema';

/** More than a row gathers in the retention window, in practice; the newest are the ones a restore needs. */
const PAGE = 100;
const k = (key: string) => `admin.history.${key}`;

interface Revision extends RevisionRow {
  action: string;
  userId: number;
  apiKeyId: number;
  actor: string;
  createTime: number;
  user: { nickname: string } | null;
}

/** Whether the caller may open the tab: he reads revisions, and updates this table for a restore. */
export const historyRule = actionRule(revisionsResource.name, 'rows');

function Value({ name, field, value, record }: { name: string; field?: Field; value: unknown; record: RaRecord }) {
  const translate = useTranslate();
  const locale = useLocale();
  if (value === null || value === undefined || value === '') return <Typography component="span" color="text.disabled">—</Typography>;
  if (!field || typeof value === 'object') return <>{JSON.stringify(value)}</>;
  return <>{renderCell(name, field, value, translate, 'detailed', { record, locale })}</>;
}

/** Who wrote it: the user by name (and the API key he used), else the job or provider it came from. */
function author(revision: Revision, translate: ReturnType<typeof useTranslate>): string {
  if (revision.userId) {
    const name = revision.user?.nickname || `#${revision.userId}`;
    return revision.apiKeyId ? `${name} · ${translate(k('api_key'), { id: revision.apiKeyId })}` : name;
  }
  const [source, detail] = revision.actor.split(':');
  if (!source || source === 'system') return translate(k('system'));
  const label = translate(`options.eventSource.${source}`, { _: source });
  return detail ? `${label} · ${detail}` : label;
}

export function HistoryPanel({ resource, id, record, canUpdate }: { resource: Resource; id: Identifier; record: RaRecord; canUpdate: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider();
  const [rows, setRows] = useState<Revision[] | null>(null);

  const load = useCallback(async () => {
    try {
      const { data } = await call<{ rows: Revision[] }>('GET', `${revisionsResource.name}/rows`, {
        query: { resource: resource.name, rowId: String(id), limit: String(PAGE), order: 'id desc' },
      });
      setRows(data.rows);
    } catch (error) {
      notify((error as Error).message || 'ra.notification.http_error', { type: 'error' });
      setRows([]);
    }
  }, [resource.name, id, notify]);
  useEffect(() => void load(), [load]);

  async function restore(revision: Revision) {
    const values = valuesAt(resource, rows ?? [], revision.id);
    if (!Object.keys(values).length) return notify(k('current'), { type: 'info' });
    try {
      await dataProvider.update(resource.name, { id, data: values, previousData: record });
      notify(k('restored'), { type: 'success' });
      refresh();
      await load();
    } catch (error) {
      notify((error as Error).message || 'ra.notification.http_error', { type: 'error' });
    }
  }

  if (rows === null) return <LinearProgress />;
  if (!rows.length) return <Alert severity="info">{translate(k('empty'))}</Alert>;
  return (
    <Stack spacing={2} component="ol" aria-label={translate(k('list'))} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {rows.map((revision, at) => (
        <Box component="li" key={revision.id} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }} data-revision={revision.id}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <Chip size="small" label={translate(optionKey('action', revisionsResource.fields.action, revision.action), { _: revision.action })} />
            <Typography variant="body2" sx={{ fontWeight: 500 }}>{author(revision, translate)}</Typography>
            <Typography variant="body2" color="text.secondary">{formatEpoch(revision.createTime, 'detailed')}</Typography>
            <Box sx={{ flexGrow: 1 }} />
            {canUpdate && at > 0 && revision.action !== 'delete' && (
              <Button size="small" variant="outlined" onClick={() => void restore(revision)}>{translate(k('restore'))}</Button>
            )}
          </Stack>
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" sx={{ mt: 1, '& td, & th': { px: 1, wordBreak: 'break-word' } }}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate(k('field'))}</TableCell>
                  <TableCell>{translate(k('before'))}</TableCell>
                  <TableCell>{translate(k('after'))}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {Object.entries(revision.changes ?? {}).map(([name, [before, after]]) => (
                  <TableRow key={name}>
                    <TableCell component="th" scope="row">{translate(fieldLabel(resource.name, name), { _: name })}</TableCell>
                    <TableCell><Value name={name} field={resource.fields[name]} value={before} record={record} /></TableCell>
                    <TableCell><Value name={name} field={resource.fields[name]} value={after} record={record} /></TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        </Box>
      ))}
    </Stack>
  );
}
