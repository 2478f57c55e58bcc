/**
 * The components of the icon names menu entries may use (schema/icons.ts).
 * The map is typed over every name, so a name added there and not here fails
 * the type check; an entry that names no icon shows a table.
 */
import Article from '@mui/icons-material/Article';
import Campaign from '@mui/icons-material/Campaign';
import Comment from '@mui/icons-material/Comment';
import ConfirmationNumber from '@mui/icons-material/ConfirmationNumber';
import Dashboard from '@mui/icons-material/Dashboard';
import Description from '@mui/icons-material/Description';
import Group from '@mui/icons-material/Group';
import History from '@mui/icons-material/History';
import Key from '@mui/icons-material/Key';
import Link from '@mui/icons-material/Link';
import MilitaryTech from '@mui/icons-material/MilitaryTech';
import Notifications from '@mui/icons-material/Notifications';
import Payments from '@mui/icons-material/Payments';
import People from '@mui/icons-material/People';
import Rule from '@mui/icons-material/Rule';
import Sell from '@mui/icons-material/Sell';
import Send from '@mui/icons-material/Send';
import Settings from '@mui/icons-material/Settings';
import TableRows from '@mui/icons-material/TableRows';
import Timeline from '@mui/icons-material/Timeline';
import Undo from '@mui/icons-material/Undo';
import ViewCarousel from '@mui/icons-material/ViewCarousel';
import WarningAmber from '@mui/icons-material/WarningAmber';
import type { ComponentType } from 'react';
import type { IconName } from '../../schema/icons';

const ICONS: Record<IconName, ComponentType> = {
  article: Article, campaign: Campaign, comment: Comment, confirmation_number: ConfirmationNumber,
  dashboard: Dashboard, description: Description, group: Group, history: History, key: Key, link: Link, military_tech: MilitaryTech,
  notifications: Notifications, payments: Payments, people: People, rule: Rule, sell: Sell, send: Send,
  settings: Settings, timeline: Timeline, undo: Undo, view_carousel: ViewCarousel, warning: WarningAmber,
};

export const iconFor = (name?: IconName): ComponentType => (name ? ICONS[name] : TableRows);
