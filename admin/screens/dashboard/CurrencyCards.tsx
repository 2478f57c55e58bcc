/**
 * One card per currency: what was collected net of refunds (and the gross
 * and refunds under it), the period's orders by status, conversion, the
 * median time to pay (a band: the totals keep a histogram), open exceptions.
 */
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import { Box, Chip, IconButton, Paper, Stack, Tooltip, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useLocale, useTranslate } from 'react-admin';
import { formatMoney } from '../../../schema/money';
import { EXCEPTION_COLORS, ORDER_EXCEPTIONS, ORDER_STATUSES, orderStatusColor } from '../../../schema/options';
import { getResource, optionKey } from '../../schema';
import { duration, percent, whole } from './format';
import type { CurrencyFigures } from '../../../schema/dashboard';

function Hint({ text }: { text: string }) {
  return (
    <Tooltip title={text}>
      <IconButton size="small" aria-label={text} sx={{ p: 0.25, ml: 0.25 }}><InfoOutlined fontSize="inherit" /></IconButton>
    </Tooltip>
  );
}

function Figure({ label, hint, children, testId }: { label: string; hint?: string; children: ReactNode; testId: string }) {
  return (
    <Box>
      <Typography variant="body2" component="h3" sx={{ color: 'text.secondary', display: 'flex', alignItems: 'center' }}>
        {label}{hint && <Hint text={hint} />}
      </Typography>
      <Typography variant="h6" component="p" data-testid={testId}>{children}</Typography>
    </Box>
  );
}

export function CurrencyCard({ figures: f }: { figures: CurrencyFigures }) {
  const translate = useTranslate();
  const locale = useLocale();
  const t = (key: string, params?: Record<string, unknown>) => translate(`admin.screens.dashboard.${key}`, params);
  const order = getResource('receive-money');
  const money = (n: number) => formatMoney(n, f.currency, locale);
  const total = Object.values(f.orders).reduce((a, b) => a + b, 0);
  const median = f.medianPay;
  const medianText = !median ? t('median_none')
    : median.high === null ? t('over', { value: duration(median.low, locale) })
      : median.low === 0 ? t('under', { value: duration(median.high, locale) })
        : `${duration(median.low, locale)} – ${duration(median.high, locale)}`;
  const openExceptions = ORDER_EXCEPTIONS.filter((e) => f.exceptions[e]);
  return (
    <Paper variant="outlined" component="section" aria-labelledby={`dashboard-${f.currency}`} data-testid={`currency-${f.currency}`} sx={{ p: 2 }}>
      <Typography variant="subtitle1" component="h2" id={`dashboard-${f.currency}`} sx={{ fontWeight: 600 }}>{f.currency}</Typography>
      <Stack spacing={1.5} sx={{ mt: 1 }}>
        <Box>
          <Typography variant="body2" component="h3" sx={{ color: 'text.secondary' }}>{t('collected')}</Typography>
          <Typography variant="h5" component="p" data-testid="collected">{money(f.collected)}</Typography>
          <Typography variant="caption" sx={{ color: 'text.secondary' }} data-testid="gross">
            {t('gross', { paid: money(f.paid), payments: whole(f.payments, locale), refunded: money(f.refunded), refunds: whole(f.refunds, locale) })}
          </Typography>
        </Box>
        <Box>
          <Typography variant="body2" component="h3" sx={{ color: 'text.secondary' }}>{t('orders')} <span data-testid="orders-total">{whole(total, locale)}</span></Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
            {ORDER_STATUSES.filter((s) => f.orders[s]).map((s) => (
              <Chip key={s} size="small" variant="outlined" data-testid={`orders-${s}`}
                label={`${translate(optionKey('status', order.fields.status!, s), { _: s })} ${whole(f.orders[s]!, locale)}`}
                sx={{ borderColor: orderStatusColor(s) }} />
            ))}
          </Box>
        </Box>
        <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.5 }}>
          <Figure label={t('conversion')} hint={t('conversion_hint')} testId="conversion">{f.conversion === null ? '—' : percent(f.conversion, locale)}</Figure>
          <Figure label={t('median')} hint={t('median_hint')} testId="median">{medianText}</Figure>
        </Box>
        <Box>
          <Typography variant="body2" component="h3" sx={{ color: 'text.secondary' }}>{t('exceptions')} <span data-testid="exceptions-total">{whole(openExceptions.reduce((a, e) => a + f.exceptions[e]!, 0), locale)}</span></Typography>
          {openExceptions.length > 0 && (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
              {openExceptions.map((e) => (
                <Chip key={e} size="small" label={`${translate(optionKey('exception', order.fields.exception!, e), { _: e })} ${whole(f.exceptions[e]!, locale)}`}
                  sx={{ color: '#fff', bgcolor: EXCEPTION_COLORS[e] }} />
              ))}
            </Box>
          )}
        </Box>
      </Stack>
    </Paper>
  );
}
