/**
 * How a stored value reads in a list cell, by the field's widget: choices by
 * their label, flags as yes/no, epoch seconds as dates in the chosen style.
 */
import { Avatar, Chip, Tooltip } from '@mui/material';
import type { ReactNode } from 'react';
import { formatEpoch } from '../../schema/dates';
import type { Field } from '../../schema/define';
import { formatMoney } from '../../schema/money';
import { readPhrase } from '../../schema/phrases';
import { ReferenceTitle } from '../references';
import { optionKey } from '../schema';
import type { DateDisplay } from './tableSettings';

/** The one date formatter of the lists and the export (browser time zone here). */
export { formatEpoch };

const isTime = (name: string, field: Field) => field.widget === 'date' || field.system === 'createTime' || field.system === 'updateTime';

export function renderCell(
  name: string,
  field: Field,
  value: unknown,
  translate: (key: string, options?: object) => string,
  dateDisplay: DateDisplay,
  /** The row (an amount's currency) and the reader's locale (grouping). */
  context: { record?: Record<string, unknown>; locale?: string } = {},
): ReactNode {
  if (value === null || value === undefined || value === '') return '';
  if (isTime(name, field)) return formatEpoch(Number(value), dateDisplay);
  switch (field.widget) {
    case 'select': {
      const color = field.colors?.[String(value)];
      const label = translate(optionKey(name, field, String(value)), { _: String(value) });
      if (field.listValue) return <Tooltip title={label}><span>{String(value)}</span></Tooltip>;
      return (
        <Chip
          size="small"
          variant="outlined"
          label={label}
          sx={color ? { color, borderColor: color } : undefined}
          data-color={color}
        />
      );
    }
    case 'switch':
      return translate(Number(value) ? 'ra.boolean.true' : 'ra.boolean.false');
    case 'ref':
      return <ReferenceTitle reference={field.ref!} id={Number(value)} />;
    case 'image':
      return <Avatar src={String(value)} alt="" sx={{ width: 28, height: 28 }} />;
    case 'number':
      if (field.money) return formatMoney(Number(value), String(context.record?.[field.money] ?? ''), context.locale ?? 'en');
      return new Intl.NumberFormat(context.locale, { minimumFractionDigits: field.decimals ?? 0, maximumFractionDigits: field.decimals ?? 0 }).format(Number(value));
    default:
      if (field.phrase) return readPhrase(field.phrase, String(value), translate, context.locale ?? 'en');
      return String(value);
  }
}
