/**
 * Material icon names used by `schema/resources/*` (`icon`), mapped to the
 * components; unknown names fall back to a neutral table icon.
 */
import Article from '@mui/icons-material/Article';
import Campaign from '@mui/icons-material/Campaign';
import Comment from '@mui/icons-material/Comment';
import ConfirmationNumber from '@mui/icons-material/ConfirmationNumber';
import Description from '@mui/icons-material/Description';
import Group from '@mui/icons-material/Group';
import History from '@mui/icons-material/History';
import Link from '@mui/icons-material/Link';
import MilitaryTech from '@mui/icons-material/MilitaryTech';
import Payments from '@mui/icons-material/Payments';
import People from '@mui/icons-material/People';
import Rule from '@mui/icons-material/Rule';
import Sell from '@mui/icons-material/Sell';
import Settings from '@mui/icons-material/Settings';
import TableRows from '@mui/icons-material/TableRows';
import ViewCarousel from '@mui/icons-material/ViewCarousel';
import type { ComponentType } from 'react';

const ICONS: Record<string, ComponentType> = {
  article: Article, campaign: Campaign, comment: Comment, confirmation_number: ConfirmationNumber,
  description: Description, group: Group, history: History, link: Link, military_tech: MilitaryTech,
  payments: Payments, people: People, rule: Rule, sell: Sell, settings: Settings, view_carousel: ViewCarousel,
};

export const iconFor = (name?: string): ComponentType => (name && ICONS[name]) || TableRows;
