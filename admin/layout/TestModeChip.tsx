/**
 * "Test mode" in the console's bar while a provider runs on a test key
 * (Stripe `sk_test_…`): no order paid meanwhile is real money, and an
 * operator should know before telling a customer it was paid.
 */
import Science from '@mui/icons-material/ScienceOutlined';
import { Chip, Tooltip, useMediaQuery, type Theme } from '@mui/material';
import { useTranslate } from 'react-admin';
import { inTestMode, useProviders } from '../api/providers';

export function TestModeChip() {
  const translate = useTranslate();
  const providers = useProviders();
  // On a phone the chip keeps its words (an icon alone said nothing), drawn smaller; the hint is on hover and for screen readers.
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  if (!inTestMode(providers)) return null;
  const label = translate('admin.test_mode.label');
  return (
    <Tooltip describeChild title={translate('admin.test_mode.hint')}>
      <Chip
        size="small"
        icon={<Science />}
        label={label}
        data-testid="test-mode"
        sx={{
          bgcolor: '#fff4ce', color: '#7a4d00', fontWeight: 600, mr: 1, flexShrink: 0, '& .MuiChip-icon': { color: 'inherit' },
          ...(narrow && { fontSize: '0.75rem', '& .MuiChip-label': { px: 0.75 } }),
        }}
      />
    </Tooltip>
  );
}
