/**
 * Permission groups (issue 7): up/down ordering on
 * each row, new groups from the server's presets, the rules picked in a tree
 * and the members picked from the users. Locked groups' fixed fields are the
 * generic dialog's business (schema `locked`).
 */
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import AutoAwesome from '@mui/icons-material/AutoAwesome';
import { Box, Button, IconButton, ListItemText, Menu, MenuItem, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useGetList, useNotify, useRefresh, useTranslate, type RaRecord } from 'react-admin';
import type { Preset } from '../../schema/define';
import { ruleKey } from '../../schema/rules';
import type { PaydeskDataProvider } from '../api/dataProvider';
import { usePermission } from '../permissions';
import { actionRule } from '../schema';
import { MemberInput } from './auth-group/MemberInput';
import { RuleTreeInput } from './auth-group/RuleTreeInput';
import { useExtra } from './auth-group/useExtra';
import type { ScreenSlots } from './index';

const NAME = 'auth-group';
const t = (key: string) => `admin.screens.${NAME}.${key}`;

/** A preset as `auth-group/preset` sends it: name and remark are catalog keys, rules already `|id|id|`. */
type ServedPreset = Omit<Preset, 'rules'> & { rules: string };

/** The id of the first or last live group in the order `sort` moves them in (serial, then id), whatever the list shows. */
function useEndOf(order: 'ASC' | 'DESC', enabled: boolean) {
  const { data } = useGetList(NAME, { pagination: { page: 1, perPage: 1 }, sort: { field: 'serial', order } }, { enabled });
  return data?.[0]?.id;
}

/** Moves a group one place up or down, then shows the new order; the first cannot go up, nor the last down. */
function SortButtons({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<PaydeskDataProvider>();
  const can = usePermission();
  const shown = !record.deleteTime && can(actionRule(NAME, 'sort'));
  const first = useEndOf('ASC', shown);
  const last = useEndOf('DESC', shown);
  if (!shown) return null;

  async function move(mode: 'up' | 'down') {
    try {
      await dataProvider.sort(NAME, { id: record.id, mode });
      refresh();
    } catch (error) {
      notify((error as Error).message || 'ra.notification.http_error', { type: 'error' });
    }
  }
  // A disabled button fires no events, so the tooltip wraps a span.
  return (
    <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'nowrap', whiteSpace: 'nowrap' }}>
      <Tooltip title={translate(t('up'))}>
        <span>
          <IconButton size="small" aria-label={translate(t('up'))} disabled={first === undefined || first === record.id} onClick={() => move('up')}><ArrowUpward fontSize="small" /></IconButton>
        </span>
      </Tooltip>
      <Tooltip title={translate(t('down'))}>
        <span>
          <IconButton size="small" aria-label={translate(t('down'))} disabled={last === undefined || last === record.id} onClick={() => move('down')}><ArrowDownward fontSize="small" /></IconButton>
        </span>
      </Tooltip>
    </Box>
  );
}

/** Opens the create dialog filled from a preset, its words in the operator's language. */
function PresetButton({ create }: { create: (initial: Record<string, unknown>) => void }) {
  const translate = useTranslate();
  const can = usePermission();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const presets = useExtra<ServedPreset[]>(NAME, 'preset', undefined, anchor !== null);
  if (!can(actionRule(NAME, 'create')) || !can(ruleKey('GET', `api/${NAME}/preset`))) return null;

  function choose({ no, name, manage, all, remark, rules }: ServedPreset) {
    setAnchor(null);
    create({ no, name: translate(name), manage, all, remark: translate(remark), rules });
  }
  return (
    <>
      <Button size="small" startIcon={<AutoAwesome />} aria-haspopup="menu" onClick={(e) => setAnchor(e.currentTarget)}>
        {translate(t('presets'))}
      </Button>
      <Menu open={anchor !== null} anchorEl={anchor} onClose={() => setAnchor(null)}>
        {!presets && <MenuItem disabled>{translate('ra.page.loading')}</MenuItem>}
        {presets?.map((preset) => (
          <MenuItem key={preset.no} onClick={() => choose(preset)} sx={{ maxWidth: 420, whiteSpace: 'normal' }}>
            <ListItemText primary={translate(preset.name)} secondary={translate(preset.remark)} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

const slots: ScreenSlots = {
  RowActions: SortButtons,
  ToolbarActions: PresetButton,
  inputs: { rules: RuleTreeInput, uids: MemberInput },
};
export default slots;
