/**
 * "Test mode" in the console's bar while a provider runs on a test key
 * (Stripe `sk_test_…`): no order paid meanwhile is real money, and an
 * operator should know before telling a customer it was paid.
 */
import Science from '@mui/icons-material/ScienceOutlined';
import { Chip, Tooltip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { inTestMode, useProviders } from '../api/providers';

export function TestModeChip() {
  const translate = useTranslate();
  const providers = useProviders();
  if (!inTestMode(providers)) return null;
  return (
    <Tooltip title={translate('admin.test_mode.hint')}>
      <Chip
        size="small"
        icon={<Science />}
        label={translate('admin.test_mode.label')}
        data-testid="test-mode"
        sx={{ bgcolor: '#fff4ce', color: '#7a4d00', fontWeight: 600, mr: 1, flexShrink: 0, '& .MuiChip-icon': { color: 'inherit' } }}
      />
    </Tooltip>
  );
}
