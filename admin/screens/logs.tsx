/**
 * Operation logs (SPEC §2 "Logs list with detail dialog", §3 "Log"). The log
 * is read-only, so the schema already leaves out add and edit; this adds the
 * client's OS and browser and the code's label to the list, and a "details"
 * row action showing who called what, from where, with which parameters.
 */
import Visibility from '@mui/icons-material/Visibility';
import { Avatar, Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography, useMediaQuery, useTheme } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { useGetMany, useTranslate, type RaRecord } from 'react-admin';
import { formatEpoch } from '../list/cells';
import { usePermission } from '../permissions';
import { actionRule, fieldLabel, getResource, optionKey } from '../schema';
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

function Caller({ uid }: { uid: number }) {
  const translate = useTranslate();
  // Without the right to read users the log still names the caller by id, rather than failing.
  const canReadUsers = usePermission()(actionRule('users', 'find'));
  const { data } = useGetMany('users', { ids: [uid] }, { enabled: uid > 0 && canReadUsers });
  if (!uid) return <>{translate(t('guest'))}</>;
  const user = data?.[0];
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} data-testid="log-user">
      <Avatar src={user?.avatar || undefined} alt="" sx={{ width: 32, height: 32 }}>{user?.nickname?.[0]}</Avatar>
      <span>{[user?.nickname || user?.account, `#${uid}`].filter(Boolean).join(' ')}</span>
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
    [translate(t('user')), <Caller uid={Number(record.uid)} />],
    [field('title'), ruleTitleLabel(translate, String(record.title ?? ''))],
    [field('scene'), translate(optionKey('scene', logs.fields.scene!, String(record.scene ?? '')), { _: record.scene })],
    [field('method'), record.method],
    [field('api'), record.api],
    [field('code'), <CodeChip record={record} />],
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
        <Box component="pre" sx={{ m: 0, p: 1, bgcolor: 'action.hover', borderRadius: 1, overflow: 'auto', maxHeight: 320, fontSize: 13 }}>
          {prettyParams(record.params)}
        </Box>
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
    { key: 'os', label: t('os'), render: (record) => unbroken(describeAgent(record.agent).os) },
    { key: 'browser', label: t('browser'), render: (record) => unbroken(describeAgent(record.agent).browser) },
  ],
  RowActions: DetailsButton,
};
export default slots;
