/**
 * The side menu: resources grouped by their schema
 * `menu`, with the custom pages of `pages/`; an entry shows only for its rule
 * (`[GET]api/<table>/find` for a resource); a group with no visible entry is
 * hidden and its own link is its first visible entry.
 */
import { Box, ListItemButton, ListItemIcon, ListItemText, ListSubheader, Tooltip, useMediaQuery, type Theme } from '@mui/material';
import { CLOSED_DRAWER_WIDTH, DRAWER_WIDTH, useSidebarState, useTranslate } from 'react-admin';
import { NavLink } from 'react-router';
import { MENU_ORDER, type MenuGroup } from '../../schema/define';
import type { IconName } from '../../schema/icons';
import { resourceList } from '../../schema/index';
import { adminPages, pageAt } from '../pages/index';
import { usePermission } from '../permissions';
import { actionRule } from '../schema';
import { iconFor } from './icons';
import { MENU_COUNTS } from './menuCounts';

const GROUP_ORDER = MENU_ORDER;

interface MenuEntry {
  path: string;
  titleKey: string;
  menu: MenuGroup;
  icon?: IconName;
  rule: string;
}

/** Resources' lists, except where a custom page takes a resource's place, then the custom pages (the lead ones go above the groups). */
const ENTRIES: MenuEntry[] = [
  ...resourceList
    .filter((r) => !pageAt(r.name))
    .map((r) => ({ path: r.name, titleKey: `resources.${r.name}.name`, menu: r.menu, icon: r.icon, rule: actionRule(r.name, 'find') })),
  ...adminPages.filter((page) => !page.lead),
];

/** The pages above the groups (the dashboard) the caller may open. */
export function useLeadEntries(): MenuEntry[] {
  const can = usePermission();
  return adminPages.filter((page) => page.lead && can(page.rule));
}

/** The visible entries of each group, in menu order; empty groups left out. */
export function useMenuGroups(): Array<{ group: MenuGroup; entries: MenuEntry[] }> {
  const can = usePermission();
  return GROUP_ORDER.map((group) => ({
    group,
    entries: ENTRIES.filter((entry) => entry.menu === group && can(entry.rule)),
  })).filter(({ entries }) => entries.length > 0);
}

/**
 * A navigation, not an ARIA menu: react-admin's `<Menu>` is a MUI `MenuList`
 * (`role="menu"`, arrow-key roving focus), and with groups inside it its items
 * lose their menu parent (axe: aria-required-parent, aria-required-children)
 * and every link but one leaves the Tab order. Upstream: marmelab/react-admin
 * #5764 (side menu not reachable by keyboard); MUI 9 no longer draws a
 * `MenuItem` outside a menu at all. So: `<nav>`, one named list per group, one
 * link per entry.
 */
export function GroupedMenu() {
  const translate = useTranslate();
  const [open] = useSidebarState();
  const groups = useMenuGroups();
  const lead = useLeadEntries();
  return (
    <Box
      component="nav"
      aria-label={translate('admin.a11y.menu')}
      className={open ? 'RaMenu-open' : 'RaMenu-closed'}
      sx={(theme) => ({ width: open ? (theme.sidebar?.width ?? DRAWER_WIDTH) : (theme.sidebar?.closedWidth ?? CLOSED_DRAWER_WIDTH), transition: theme.transitions.create('width'), py: 1 })}
    >
      {lead.length > 0 && (
        <Box component="ul" aria-label={translate(lead[0]!.titleKey)} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {lead.map((entry) => <MenuLink key={entry.path} {...entry} />)}
        </Box>
      )}
      {groups.map(({ group, entries }) => (
        <Box key={group}>
          {open && (
            <ListSubheader component="a" href={`#/admin/${entries[0]!.path}`} sx={{ lineHeight: '36px', textDecoration: 'none', bgcolor: 'transparent' }}>
              {translate(`menu.${group}`)}
            </ListSubheader>
          )}
          <Box component="ul" aria-label={translate(`menu.${group}`)} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {entries.map((entry) => <MenuLink key={entry.path} {...entry} />)}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/** One entry: a link that says when it is the current page, closing the menu on a phone, named by a tooltip while folded. */
function MenuLink({ path, titleKey, icon }: MenuEntry) {
  const translate = useTranslate();
  const [open, setOpen] = useSidebarState();
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const Icon = iconFor(icon);
  const title = translate(titleKey);
  const Count = MENU_COUNTS[path];
  const link = (
    <ListItemButton
      component={NavLink}
      to={`/admin/${path}`}
      onClick={() => small && setOpen(false)}
      sx={{ color: 'text.secondary', '&.active': { color: 'text.primary', bgcolor: 'action.selected' } }}
    >
      <ListItemIcon sx={{ color: 'inherit' }}>{Count ? <Count><Icon /></Count> : <Icon />}</ListItemIcon>
      <ListItemText primary={title} slotProps={{ primary: { noWrap: true } }} />
    </ListItemButton>
  );
  return <li>{open ? link : <Tooltip title={title} placement="right">{link}</Tooltip>}</li>;
}
