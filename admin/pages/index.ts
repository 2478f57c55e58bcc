/**
 * Admin pages that are not a resource's generated list:
 * each is routed at `/admin/<path>` and offered in the side menu under `menu`
 * when the caller holds `rule`. A page whose path is a resource's name takes
 * that resource's place (the settings page replaces the config rows' list).
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { MenuGroup } from '../../schema/define';
import type { IconName } from '../../schema/icons';
import { ruleKey } from '../../schema/rules';
import { actionRule } from '../schema';

export interface AdminPage {
  /** Below `/admin/`, e.g. `config`. */
  path: string;
  /** i18n key of the menu entry and the page title. */
  titleKey: string;
  menu: MenuGroup;
  icon: IconName;
  /** The permission (`[GET]api/config/find`) the menu entry needs. */
  rule: string;
  /** Above the menu's groups, first in the menu, and the console's landing screen for whoever may open it. */
  lead?: true;
  component: LazyExoticComponent<ComponentType>;
}

export const adminPages: AdminPage[] = [
  {
    path: 'dashboard',
    titleKey: 'admin.screens.dashboard.title',
    menu: 'flow',
    icon: 'dashboard',
    rule: ruleKey('GET', 'api/dashboard/figures'),
    lead: true,
    component: lazy(() => import('../screens/dashboard/DashboardPage')),
  },
  {
    path: 'config',
    titleKey: 'resources.config.name',
    menu: 'settings',
    icon: 'settings',
    rule: actionRule('config', 'find'),
    component: lazy(() => import('./settings/SettingsPage')),
  },
  {
    // A demo of the comment box, so it is offered to those who may read comments.
    path: 'test',
    titleKey: 'admin.screens.test.title',
    menu: 'content',
    icon: 'comment',
    rule: actionRule('comment', 'find'),
    component: lazy(() => import('./test-page')),
  },
];

export const pageAt = (path: string): AdminPage | undefined => adminPages.find((page) => page.path === path);
