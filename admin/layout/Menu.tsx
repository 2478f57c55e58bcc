/**
 * The side menu (SPEC §2 "Side menu"): resources grouped by their schema
 * `menu`; an entry shows only for `[GET]api/<table>/find`; a group with no
 * visible entry is hidden and its own link is its first visible entry.
 */
import { Box, ListSubheader } from '@mui/material';
import { Menu, useSidebarState, useTranslate } from 'react-admin';
import type { MenuGroup } from '../../schema/define';
import { resourceList } from '../../schema/index';
import { usePermission } from '../permissions';
import { actionRule } from '../schema';
import { iconFor } from './icons';

const GROUP_ORDER: MenuGroup[] = ['users', 'flow', 'safety', 'settings', 'content'];

/** The visible entries of each group, in menu order; empty groups left out. */
export function useMenuGroups(): Array<{ group: MenuGroup; names: string[] }> {
  const can = usePermission();
  return GROUP_ORDER.map((group) => ({
    group,
    names: resourceList.filter((r) => r.menu === group && can(actionRule(r.name, 'find'))).map((r) => r.name),
  })).filter(({ names }) => names.length > 0);
}

export function GroupedMenu() {
  const translate = useTranslate();
  const [open] = useSidebarState();
  const groups = useMenuGroups();
  return (
    <Menu>
      {groups.map(({ group, names }) => (
        <Box key={group} component="nav" aria-label={translate(`menu.${group}`)}>
          {open && (
            <ListSubheader
              component="a"
              href={`#/admin/${names[0]}`}
              sx={{ lineHeight: '36px', textDecoration: 'none', bgcolor: 'transparent' }}
            >
              {translate(`menu.${group}`)}
            </ListSubheader>
          )}
          {names.map((name) => {
            const Icon = iconFor(resourceList.find((r) => r.name === name)?.icon);
            return <Menu.Item key={name} to={`/admin/${name}`} primaryText={translate(`resources.${name}.name`)} leftIcon={<Icon />} />;
          })}
        </Box>
      ))}
    </Menu>
  );
}
