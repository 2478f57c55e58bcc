/**
 * Operation logs. The log
 * is read-only, so the schema already leaves out add and edit; this adds the
 * client's OS and browser and the code's label to the list, and a "details"
 * row action showing who called what, from where, with which parameters.
 */
import Visibility from '@mui/icons-material/Visibility';
import { Avatar, Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography, useMediaQuery, useTheme } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { useTranslate, type RaRecord } from 'react-admin';
import { CodeBlock } from '../layout/CodeBlock';
import { formatEpoch } from '../list/cells';
import { fieldLabel, getResource, optionKey } from '../schema';
import { ruleTitleLabel } from './auth-rules/labels';
import { codeLabelKey, describeAgent, prettyParams } from './logs/describe';
import type { ScreenSlots } from './index';

const logs = getResource('logs');
const t = (key: string) => `admin.screens.logs.${key}`;

/** Success codes read green, refusals red: the colour answers "did it work?" at a glance. */
function CodeChip({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  const key = codeLabelKey(record.code);
  const label = key ? `${record.code} ${translate(key)}` : String(record.code ?? '');
  return <Chip size="small" variant="outlined" color={Number(record.code) < 400 ? 'success' : 'error'} label={label} />;
}

function TitleCell({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  return <>{ruleTitleLabel(translate, String(record.title ?? ''))}</>;
}

/** "Windows 10" and "Chrome 120" read as one piece each. */
const unbroken = (text: string) => <Box component="span" sx={{ whiteSpace: 'nowrap' }}>{text}</Box>;

/** Who made the call: the server sends the caller's face and name with the row; a guest has none. */
function Caller({ record, size = 32 }: { record: RaRecord; size?: number }) {
  const translate = useTranslate();
  const uid = Number(record.uid);
  if (!uid) return <>{translate(t('guest'))}</>;
  const user = record.user as { avatar?: string; nickname?: string } | null | undefined;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }} data-testid="log-user">
      <Avatar src={user?.avatar || undefined} alt="" sx={{ width: size, height: size, fontSize: size / 2 }}>{user?.nickname?.[0]}</Avatar>
      <Box component="span" sx={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>{[user?.nickname, `#${uid}`].filter(Boolean).join(' ')}</Box>
    </Stack>
  );
}

function LogDetails({ record, onClose }: { record: RaRecord; onClose: () => void }) {
  const translate = useTranslate();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const { os, browser } = describeAgent(record.agent);
  const unknown = translate(t('unknown'));
  const field = (name: string) => translate(fieldLabel('logs', name));
  const rows: Array<[string, ReactNode]> = [
    [translate(t('user')), <Caller record={record} />],
    [field('title'), ruleTitleLabel(translate, String(record.title ?? ''))],
    [field('scene'), translate(optionKey('scene', logs.fields.scene!, String(record.scene ?? '')), { _: record.scene })],
    [field('method'), record.method],
    [field('api'), record.api],
    [field('code'), <CodeChip record={record} />],
    // The server's message: why a call was refused, or what it did.
    [field('content'), <Typography component="span" variant="body2" color={Number(record.code) >= 400 ? 'error' : undefined}>{record.content || '—'}</Typography>],
    [field('ip'), record.ip],
    [translate(t('os')), os || unknown],
    [translate(t('browser')), browser || unknown],
    [translate(t('time')), formatEpoch(Number(record.createTime), 'detailed')],
  ];
  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} maxWidth="sm" fullWidth>
      <DialogTitle>{translate(t('title'))}</DialogTitle>
      <DialogContent dividers>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 1, m: 0, alignItems: 'center' }}>
          {rows.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary">{label}</Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-all' }}>{value}</Typography>
            </Box>
          ))}
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>{field('params')}</Typography>
        <CodeBlock text={prettyParams(record.params)} label={field('params')} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

function DetailsButton({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" startIcon={<Visibility />} onClick={() => setOpen(true)}>{translate(t('details'))}</Button>
      {open && <LogDetails record={record} onClose={() => setOpen(false)} />}
    </>
  );
}

const slots: ScreenSlots = {
  cells: { code: CodeChip, title: TitleCell },
  columns: [
    { key: 'user', label: t('user'), render: (record) => <Caller record={record} size={24} /> },
    { key: 'os', label: t('os'), render: (record) => unbroken(describeAgent(record.agent).os), list: false },
    { key: 'browser', label: t('browser'), render: (record) => unbroken(describeAgent(record.agent).browser), list: false },
  ],
  RowActions: DetailsButton,
  rowActionsInTrash: true,
};
export default slots;
