/**
 * Counts a menu entry carries: how many of its rows wait for someone (orders
 * whose money did not fit). Drawn on the entry's icon, so a folded menu
 * shows it too, and said to a screen reader as words.
 */
import { Badge, Box } from '@mui/material';
import type { ComponentType, ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { useAttentionCount } from '../screens/receive-money/attention';
import { visuallyHidden } from './a11y';

type Counter = ComponentType<{ children: ReactNode }>;

function AttentionCount({ children }: { children: ReactNode }) {
  const translate = useTranslate();
  const count = useAttentionCount() ?? 0;
  // No badge at all at zero: an invisible one still holds its "0" as text.
  if (count === 0) return <>{children}</>;
  return (
    <>
      <Badge color="warning" badgeContent={count} max={99} data-testid="menu-attention-count" slotProps={{ badge: { 'aria-hidden': true } }}>
        {children}
      </Badge>
      <Box component="span" sx={visuallyHidden}>{translate('admin.screens.receive-money.attention_count', { smart_count: count })}</Box>
    </>
  );
}

/** By menu path. */
export const MENU_COUNTS: Readonly<Record<string, Counter>> = { 'receive-money': AttentionCount };
