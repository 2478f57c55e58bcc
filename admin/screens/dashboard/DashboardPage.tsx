/**
 * The console's first screen (`/admin/dashboard`): the period's money and
 * orders per currency, two charts, and what needs attention, in the
 * operator's time zone. Figures come from `GET /api/dashboard/figures`,
 * which reads running totals, so the page costs the same at any size.
 */
import { Alert, Box, Button, LinearProgress, TextField, ToggleButton, ToggleButtonGroup, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useEffect, useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import { ApiError, call } from '../../api/http';
import { SettlementButton } from '../../reports/SettlementButton';
import { AttentionPanel } from './Attention';
import { CollectedChart, OrdersChart } from './Charts';
import { CurrencyCard } from './CurrencyCards';
import { browserZone, presetRange, PRESETS, type PeriodQuery, type Preset } from './period';
import type { DashboardData } from '../../../schema/dashboard';

function usePeriod() {
  const [preset, setPreset] = useState<Preset>('days7');
  const [custom, setCustom] = useState(() => presetRange('days7'));
  const [query, setQuery] = useState<PeriodQuery>(() => ({ zone: browserZone(), ...presetRange('days7') }));
  const choose = (next: Preset) => {
    setPreset(next);
    if (next !== 'custom') setQuery({ zone: browserZone(), ...presetRange(next) });
  };
  const applyCustom = () => setQuery({ zone: browserZone(), ...custom });
  return { preset, choose, custom, setCustom, applyCustom, query };
}

function useFigures(query: PeriodQuery) {
  const [state, setState] = useState<{ data?: DashboardData; error?: string; loading: boolean }>({ loading: true });
  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    call<DashboardData>('GET', 'dashboard/figures', { query: { ...query } })
      .then((answer) => live && setState({ data: answer.data, loading: false }))
      .catch((error: unknown) => live && setState({ error: error instanceof ApiError ? error.message : String(error), loading: false }));
    return () => { live = false; };
  }, [query]);
  return state;
}

/**
 * The period's presets: a row of buttons, or on a phone one select (five buttons wrapped into two broken rows there,
 * issue 31 item 5).
 */
function PeriodPicker({ preset, choose, t }: { preset: Preset; choose: (p: Preset) => void; t: (key: string) => string }) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  if (phone) {
    return (
      <TextField select size="small" label={t('period')} value={preset} onChange={(e) => choose(e.target.value as Preset)}
        slotProps={{ select: { native: true }, htmlInput: { 'data-testid': 'period-select' } }} sx={{ minWidth: 180 }}>
        {PRESETS.map((p) => <option key={p} value={p}>{t(`presets.${p}`)}</option>)}
      </TextField>
    );
  }
  return (
    <ToggleButtonGroup size="small" exclusive value={preset} onChange={(_, value) => value && choose(value)} aria-label={t('period')}>
      {PRESETS.map((p) => <ToggleButton key={p} value={p} data-testid={`preset-${p}`}>{t(`presets.${p}`)}</ToggleButton>)}
    </ToggleButtonGroup>
  );
}

export default function DashboardPage() {
  const translate = useTranslate();
  const t = (key: string, params?: Record<string, unknown>) => translate(`admin.screens.dashboard.${key}`, params);
  const period = usePeriod();
  const { data, error, loading } = useFigures(period.query);
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, display: 'grid', gap: 2, minWidth: 0 }} data-testid="dashboard">
      <Title title={t('title')} />
      <Box component="header" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
        <Typography variant="h5" component="h1" sx={{ mr: 'auto' }}>{t('title')}</Typography>
        {/* The period's settlement report, for the period on screen (its dialog can still change it). */}
        <SettlementButton period={{ from: period.query.from, to: period.query.to }} />
      </Box>
      <Box component="form" aria-label={t('period')} onSubmit={(e) => (e.preventDefault(), period.applyCustom())} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
        <PeriodPicker preset={period.preset} choose={period.choose} t={t} />
        {period.preset === 'custom' && (
          <>
            <TextField size="small" type="date" label={t('from')} value={period.custom.from} onChange={(e) => period.setCustom((c) => ({ ...c, from: e.target.value }))} slotProps={{ inputLabel: { shrink: true } }} />
            <TextField size="small" type="date" label={t('to')} value={period.custom.to} onChange={(e) => period.setCustom((c) => ({ ...c, to: e.target.value }))} slotProps={{ inputLabel: { shrink: true } }} />
            <Button type="submit" variant="contained" size="small">{t('apply')}</Button>
          </>
        )}
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>{t('zone', { zone: period.query.zone })}</Typography>
      </Box>
      {loading && <LinearProgress aria-label={t('title')} />}
      {error && <Alert severity="error">{error}</Alert>}
      {data && (
        <>
          {data.currencies.length ? (
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 300px), 1fr))' }}>
              {data.currencies.map((f) => <CurrencyCard key={f.currency} figures={f} />)}
            </Box>
          ) : (
            <Typography sx={{ color: 'text.secondary' }} data-testid="no-orders">{t('no_orders')}</Typography>
          )}
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) minmax(0, 1fr)' } }}>
            <CollectedChart data={data} />
            <OrdersChart data={data} />
          </Box>
          <AttentionPanel attention={data.attention} />
        </>
      )}
    </Box>
  );
}
