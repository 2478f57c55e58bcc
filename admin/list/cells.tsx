/**
 * How a stored value reads in a list cell, by the field's widget: choices by
 * their label, flags as yes/no, epoch seconds as dates in the chosen style.
 */
import { Avatar, Chip } from '@mui/material';
import type { ReactNode } from 'react';
import type { Field } from '../../schema/define';
import { optionKey } from '../schema';
import type { DateDisplay } from './tableSettings';

const pad = (n: number) => String(n).padStart(2, '0');

export function formatEpoch(seconds: number, display: DateDisplay): string {
  if (!seconds) return '';
  const d = new Date(seconds * 1000);
  const ymd = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  if (display === 'ymd') return ymd;
  const hm = `${pad(d.getHours())}:${pad(d.getMinutes())}`;
  return display === 'simple' ? `${ymd} ${hm}` : `${ymd} ${hm}:${pad(d.getSeconds())}`;
}

const isTime = (name: string, field: Field) => field.widget === 'date' || field.system === 'createTime' || field.system === 'updateTime';

export function renderCell(
  name: string,
  field: Field,
  value: unknown,
  translate: (key: string, options?: object) => string,
  dateDisplay: DateDisplay,
): ReactNode {
  if (value === null || value === undefined || value === '') return '';
  if (isTime(name, field)) return formatEpoch(Number(value), dateDisplay);
  switch (field.widget) {
    case 'select':
      return <Chip size="small" variant="outlined" label={translate(optionKey(name, field, String(value)), { _: String(value) })} />;
    case 'switch':
      return translate(Number(value) ? 'ra.boolean.true' : 'ra.boolean.false');
    case 'image':
      return <Avatar src={String(value)} alt="" sx={{ width: 28, height: 28 }} />;
    case 'number':
      return field.decimals ? Number(value).toFixed(field.decimals) : String(value);
    default:
      return String(value);
  }
}
