/**
 * An order's exception as a badge: money that arrived where it did not fit
 * (paid late, under, over, in another currency), with the amount that came,
 * until an operator accepts or refunds it. An order holding several open
 * ones reads how many ("2 exceptions"); its page lists each.
 */
import WarningAmber from '@mui/icons-material/WarningAmber';
import { Chip, Stack } from '@mui/material';
import { useLocale, useTranslate, type RaRecord } from 'react-admin';
import { formatMoney } from '../../../schema/money';
import { EXCEPTION_COLORS } from '../../../schema/options';
import { renderCell } from '../../list/cells';
import { getResource, optionKey } from '../../schema';

export function ExceptionChip({ record, withAmount = false }: { record: RaRecord; withAmount?: boolean }) {
  const translate = useTranslate();
  const locale = useLocale();
  const exception = String(record.exception ?? '');
  if (!exception) return null;
  const field = getResource('receive-money').fields.exception!;
  const color = EXCEPTION_COLORS[exception];
  const several = Number(record.openExceptions) > 1;
  const label = several
    ? translate('admin.screens.receive-money.exceptions_open', { smart_count: Number(record.openExceptions) })
    : translate(optionKey('exception', field, exception), { _: exception });
  const amount = withAmount && !several && record.exceptionAmount ? formatMoney(Number(record.exceptionAmount), String(record.exceptionCurrency || record.currency || ''), locale) : '';
  return (
    <Chip
      size="small"
      icon={<WarningAmber />}
      label={amount ? `${label} · ${amount}` : label}
      data-testid="exception-badge"
      sx={color ? { color: '#fff', bgcolor: color, '& .MuiChip-icon': { color: 'inherit' } } : undefined}
    />
  );
}

/** The list's status cell: the status as every list shows it, and the exception beside it. */
export function StatusWithException({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  const status = renderCell('status', getResource('receive-money').fields.status!, record.status, translate, 'detailed');
  if (!record.exception) return <>{status}</>;
  return (
    <Stack direction="row" spacing={0.5} component="span" sx={{ alignItems: 'center', display: 'inline-flex' }}>
      {status}
      <ExceptionChip record={record} />
    </Stack>
  );
}
