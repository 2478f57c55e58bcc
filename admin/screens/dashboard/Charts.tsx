/**
 * The period's two charts (@mui/x-charts, which draws with the console's
 * MUI theme): money collected per day, net of refunds, one currency at a
 * time (amounts of two currencies do not share an axis); and orders made per
 * day, stacked by status, where a click on a bar opens the orders list on
 * that day and status.
 */
import { Box, Paper, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { useState } from 'react';
import { useLocale, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router';
import { formatMoney } from '../../../schema/money';
import { orderStatusColor } from '../../../schema/options';
import { getResource, optionKey } from '../../schema';
import { ordersListPath, ordersOfDay } from './period';
import type { DashboardData } from '../../../schema/dashboard';

const HEIGHT = 260;

/** `2026-11-20` -> "11/20" (or the locale's month-day). */
function dayLabel(day: string, locale: string) {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(locale, { month: 'numeric', day: 'numeric' }).format(new Date(y, m - 1, d));
}

function ChartPanel({ title, hint, id, children }: { title: string; hint?: string; id: string; children: React.ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: 2, minWidth: 0 }}>
      <Typography variant="subtitle1" component="h2" id={id} sx={{ fontWeight: 600 }}>{title}</Typography>
      {hint && <Typography variant="caption" sx={{ color: 'text.secondary' }}>{hint}</Typography>}
      {children}
    </Paper>
  );
}

export function CollectedChart({ data }: { data: DashboardData }) {
  const translate = useTranslate();
  const locale = useLocale();
  const currencies = data.collectedByDay.map((s) => s.currency);
  const [chosen, setChosen] = useState<string | null>(null);
  const currency = chosen && currencies.includes(chosen) ? chosen : currencies[0];
  const series = data.collectedByDay.find((s) => s.currency === currency);
  return (
    <ChartPanel title={translate('admin.screens.dashboard.chart_collected')} id="dashboard-chart-collected">
      {currencies.length > 1 && (
        <ToggleButtonGroup size="small" exclusive value={currency} onChange={(_, value) => value && setChosen(value)}
          aria-label={translate('admin.screens.dashboard.currency')} sx={{ mt: 1, flexWrap: 'wrap' }}>
          {currencies.map((c) => <ToggleButton key={c} value={c}>{c}</ToggleButton>)}
        </ToggleButtonGroup>
      )}
      {series ? (
        <Box data-testid="chart-collected">
          <BarChart
            height={HEIGHT}
            xAxis={[{ scaleType: 'band', data: data.days.map((d) => dayLabel(d, locale)) }]}
            yAxis={[{ width: 72, valueFormatter: (v: number) => formatMoney(v, currency!, locale) }]}
            series={[{ id: currency!, data: series.values, label: currency, color: '#2e7d32', valueFormatter: (v) => formatMoney(v ?? 0, currency!, locale) }]}
            hideLegend
          />
        </Box>
      ) : (
        <Typography sx={{ py: 4, color: 'text.secondary' }}>{translate('admin.screens.dashboard.no_orders')}</Typography>
      )}
    </ChartPanel>
  );
}

export function OrdersChart({ data }: { data: DashboardData }) {
  const translate = useTranslate();
  const locale = useLocale();
  const navigate = useNavigate();
  const status = getResource('receive-money').fields.status!;
  const shown = data.ordersByDay.filter((s) => s.values.some(Boolean));
  return (
    <ChartPanel title={translate('admin.screens.dashboard.chart_orders')} hint={shown.length ? translate('admin.screens.dashboard.chart_hint') : undefined} id="dashboard-chart-orders">
      {shown.length ? (
        <Box data-testid="chart-orders">
          <BarChart
            height={HEIGHT}
            xAxis={[{ scaleType: 'band', data: data.days.map((d) => dayLabel(d, locale)) }]}
            yAxis={[{ width: 48, tickMinStep: 1 }]}
            series={shown.map((s) => ({
              id: s.status, data: s.values, stack: 'orders', color: orderStatusColor(s.status),
              label: translate(optionKey('status', status, s.status), { _: s.status }),
            }))}
            onItemClick={(_, item) => {
              const day = data.days[item.dataIndex];
              if (day) void navigate(ordersListPath(ordersOfDay(day, String(item.seriesId))));
            }}
          />
        </Box>
      ) : (
        <Typography sx={{ py: 4, color: 'text.secondary' }}>{translate('admin.screens.dashboard.no_orders')}</Typography>
      )}
    </ChartPanel>
  );
}
