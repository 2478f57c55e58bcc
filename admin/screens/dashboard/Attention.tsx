/**
 * What needs an operator whatever the period: merchant callbacks that gave
 * up or are being retried, and orders holding money that did not fit; each
 * links to its order in the orders list.
 */
import { Box, Link as MuiLink, List, ListItem, ListItemText, Paper, Typography } from '@mui/material';
import { useLocale, useTranslate } from 'react-admin';
import { Link } from 'react-router';
import { formatMoney } from '../../../schema/money';
import { getResource, optionKey } from '../../schema';
import { ordersListPath } from './period';
import type { DashboardData } from '../../../schema/dashboard';

function OrderLink({ tradeNo }: { tradeNo: string }) {
  const translate = useTranslate();
  return (
    <MuiLink component={Link} to={ordersListPath({ tradeNo })} aria-label={translate('admin.screens.dashboard.open_order', { tradeNo })} sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
      {tradeNo}
    </MuiLink>
  );
}

export function AttentionPanel({ attention }: { attention: DashboardData['attention'] }) {
  const translate = useTranslate();
  const locale = useLocale();
  const t = (key: string, params?: Record<string, unknown>) => translate(`admin.screens.dashboard.${key}`, params);
  const callbacks = getResource('callbacks').fields.state!;
  const exception = getResource('receive-money').fields.exception!;
  const { callbacks: c, exceptions: e } = attention;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="dashboard-attention" data-testid="attention" sx={{ p: 2 }}>
      <Typography variant="subtitle1" component="h2" id="dashboard-attention" sx={{ fontWeight: 600 }}>{t('attention')}</Typography>
      {!c.total && !e.total && <Typography sx={{ color: 'text.secondary', mt: 1 }}>{t('all_clear')}</Typography>}
      {c.total > 0 && (
        <Box sx={{ mt: 1 }} data-testid="attention-callbacks">
          <Typography variant="body2" component="h3" sx={{ fontWeight: 600 }}>{t('callbacks')} · {t('total', { count: c.total })}</Typography>
          <List dense disablePadding>
            {c.rows.map((row) => (
              <ListItem key={row.id} disableGutters>
                <ListItemText
                  primary={<OrderLink tradeNo={row.tradeNo} />}
                  secondary={t('callback_row', { state: translate(optionKey('state', callbacks, row.state), { _: row.state }), tries: row.tries, code: row.lastCode || '—' })}
                />
              </ListItem>
            ))}
          </List>
        </Box>
      )}
      {e.total > 0 && (
        <Box sx={{ mt: 1 }} data-testid="attention-exceptions">
          <Typography variant="body2" component="h3" sx={{ fontWeight: 600 }}>{t('exception_orders')} · {t('total', { count: e.total })}</Typography>
          <List dense disablePadding>
            {e.rows.map((row) => (
              <ListItem key={row.id} disableGutters>
                <ListItemText
                  primary={<OrderLink tradeNo={row.tradeNo} />}
                  secondary={`${translate(optionKey('exception', exception, row.exception), { _: row.exception })} · ${formatMoney(row.exceptionAmount, row.exceptionCurrency || row.currency, locale)}`}
                />
              </ListItem>
            ))}
          </List>
        </Box>
      )}
    </Paper>
  );
}
