/**
 * The side menu (SPEC §2 "Side menu"): resources grouped by their schema
 * `menu`, with the custom pages of `pages/`; an entry shows only for its rule
 * (`[GET]api/<table>/find` for a resource); a group with no visible entry is
 * hidden and its own link is its first visible entry.
 */
import { Box, ListSubheader } from '@mui/material';
import { Menu, useSidebarState, useTranslate } from 'react-admin';
import type { MenuGroup } from '../../schema/define';
import { resourceList } from '../../schema/index';
import { adminPages, pageAt } from '../pages/index';
import { usePermission } from '../permissions';
import { actionRule } from '../schema';
import { iconFor } from './icons';

const GROUP_ORDER: MenuGroup[] = ['users', 'flow', 'safety', 'settings', 'content'];

interface MenuEntry {
  path: string;
  titleKey: string;
  menu: MenuGroup;
  icon?: string;
  rule: string;
}

/** Resources' lists, except where a custom page takes a resource's place, then the custom pages. */
const ENTRIES: MenuEntry[] = [
  ...resourceList
    .filter((r) => !pageAt(r.name))
    .map((r) => ({ path: r.name, titleKey: `resources.${r.name}.name`, menu: r.menu, icon: r.icon, rule: actionRule(r.name, 'find') })),
  ...adminPages,
];

/** The visible entries of each group, in menu order; empty groups left out. */
export function useMenuGroups(): Array<{ group: MenuGroup; entries: MenuEntry[] }> {
  const can = usePermission();
  return GROUP_ORDER.map((group) => ({
    group,
    entries: ENTRIES.filter((entry) => entry.menu === group && can(entry.rule)),
  })).filter(({ entries }) => entries.length > 0);
}

export function GroupedMenu() {
  const translate = useTranslate();
  const [open] = useSidebarState();
  const groups = useMenuGroups();
  return (
    <Menu>
      {groups.map(({ group, entries }) => (
        <Box key={group} component="nav" aria-label={translate(`menu.${group}`)}>
          {open && (
            <ListSubheader
              component="a"
              href={`#/admin/${entries[0]!.path}`}
              sx={{ lineHeight: '36px', textDecoration: 'none', bgcolor: 'transparent' }}
            >
              {translate(`menu.${group}`)}
            </ListSubheader>
          )}
          {entries.map(({ path, titleKey, icon }) => {
            const Icon = iconFor(icon);
            return <Menu.Item key={path} to={`/admin/${path}`} primaryText={translate(titleKey)} leftIcon={<Icon />} />;
          })}
        </Box>
      ))}
    </Menu>
  );
}
