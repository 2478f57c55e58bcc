/**
 * A date box of the search panel: typed as year-month-day (the lists' own
 * date order, the same in every language) under a placeholder in the
 * console's language, never the browser's "mm/dd/yyyy"; the calendar button
 * opens the browser's picker. The API speaks epoch seconds: the start of the
 * day for "from", its last second for "to".
 */
import CalendarMonth from '@mui/icons-material/CalendarMonth';
import { IconButton, InputAdornment, TextField } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';

const YMD = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
const pad = (n: number) => String(n).padStart(2, '0');

export const epochToYmd = (value: unknown): string => {
  if (!value) return '';
  const d = new Date(Number(value) * 1000);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

/** `2026-1-5` -> epoch seconds of that local day's start (or end); anything else is no date. */
export function ymdToEpoch(text: string, end: boolean): string | null {
  const m = YMD.exec(text.trim());
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = end ? new Date(y, mo - 1, d, 23, 59, 59) : new Date(y, mo - 1, d);
  if (date.getMonth() !== mo - 1 || date.getDate() !== d) return null;
  return String(Math.floor(date.getTime() / 1000));
}

interface Props {
  label: string;
  /** Epoch seconds as the filter holds them, or ''. */
  value: string | undefined;
  end: boolean;
  onChange: (epoch: string) => void;
}

export function DateFilterInput({ label, value, end, onChange }: Props) {
  const translate = useTranslate();
  const [text, setText] = useState(() => epochToYmd(value));
  const picker = useRef<HTMLInputElement>(null);
  // A reset of the panel empties the box.
  useEffect(() => {
    if (!value) setText((current) => (ymdToEpoch(current, end) ? '' : current));
  }, [value, end]);

  const type = (next: string) => {
    setText(next);
    if (!next.trim()) onChange('');
    else {
      const epoch = ymdToEpoch(next, end);
      if (epoch) onChange(epoch);
    }
  };
  const invalid = text.trim() !== '' && ymdToEpoch(text, end) === null;

  return (
    <TextField
      size="small"
      label={label}
      value={text}
      placeholder={translate('admin.list.date_placeholder')}
      error={invalid}
      onChange={(e) => type(e.target.value)}
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: { inputMode: 'numeric', autoComplete: 'off' },
        input: {
          endAdornment: (
            <InputAdornment position="end" sx={{ position: 'relative' }}>
              <IconButton size="small" edge="end" aria-label={translate('admin.list.pick_date')} onClick={() => picker.current?.showPicker?.()}>
                <CalendarMonth fontSize="small" />
              </IconButton>
              <input
                ref={picker}
                type="date"
                tabIndex={-1}
                aria-hidden
                value={ymdToEpoch(text, end) ? epochToYmd(ymdToEpoch(text, end)) : ''}
                onChange={(e) => type(e.target.value)}
                style={{ position: 'absolute', right: 0, bottom: 0, width: 1, height: 1, opacity: 0, border: 0, padding: 0, pointerEvents: 'none' }}
              />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
