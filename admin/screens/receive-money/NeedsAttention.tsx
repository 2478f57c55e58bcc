/** The orders list's "needs attention" switch: only orders holding an open exception, with how many open exceptions wait. */
import ReportProblem from '@mui/icons-material/ReportProblemOutlined';
import { Badge, ToggleButton } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';
import { NEEDS_ATTENTION, needsAttention, useAttentionCount } from './attention';

export function NeedsAttentionToggle() {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  const count = useAttentionCount();
  const on = needsAttention(filterValues);

  function toggle() {
    const { exception: _dropped, ...rest } = filterValues;
    setFilters(on ? rest : { ...rest, ...NEEDS_ATTENTION }, {});
  }

  return (
    <ToggleButton value="attention" size="small" selected={on} onChange={toggle} color="warning" sx={{ gap: 1, py: 0.5 }}>
      <ReportProblem fontSize="small" />
      {translate('admin.screens.receive-money.needs_attention')}
      {count ? <Badge color="warning" badgeContent={count} max={999} sx={{ '& .MuiBadge-badge': { position: 'static', transform: 'none' } }} /> : null}
    </ToggleButton>
  );
}
