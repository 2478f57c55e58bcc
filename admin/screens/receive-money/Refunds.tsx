/**
 * An order's refunds in its story: when, how much, why, and where each
 * stands at its provider (processing, refunded, failed and why). A pending
 * provider refund is looked at again while the dialog is open.
 */
import { Chip, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useGetManyReference, useLocale, useTranslate } from 'react-admin';
import { formatEpoch } from '../../../schema/dates';
import { formatMoney } from '../../../schema/money';
import { REFUND_STATE_COLORS } from '../../../schema/options';
import { getResource, optionKey } from '../../schema';

const STORY_PAGE = { page: 1, perPage: 50 };
const WATCH_MS = 3000;

export function Refunds({ orderId }: { orderId: unknown }) {
  const translate = useTranslate();
  const locale = useLocale();
  const stateField = getResource('refunds').fields.state!;
  const { data = [] } = useGetManyReference(
    'refunds',
    { target: 'orderId', id: orderId as number, pagination: STORY_PAGE, sort: { field: 'id', order: 'ASC' } },
    { refetchInterval: (query) => (query.state.data?.data.some((row) => row.state === 'pending') ? WATCH_MS : false) },
  );
  // An order never refunded has nothing to say here.
  if (data.length === 0) return null;
  return (
    <section aria-labelledby="order-refunds">
      <Typography id="order-refunds" variant="subtitle2" component="h3">{translate('resources.refunds.name')}</Typography>
      <List dense data-testid="order-refunds">
        {data.map((refund) => {
          const color = REFUND_STATE_COLORS[String(refund.state)];
          return (
            <ListItem key={refund.id} disableGutters>
              <ListItemText
                primary={
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                    <span>{formatEpoch(refund.createTime, 'detailed')}</span>
                    <strong>{formatMoney(Number(refund.amount), String(refund.currency ?? ''), locale)}</strong>
                    <Chip
                      size="small" variant="outlined"
                      label={translate(optionKey('state', stateField, String(refund.state)), { _: String(refund.state) })}
                      sx={color ? { color, borderColor: color } : undefined}
                    />
                  </Stack>
                }
                secondary={[refund.reason, refund.failure].filter(Boolean).join(' · ')}
              />
            </ListItem>
          );
        })}
      </List>
    </section>
  );
}
