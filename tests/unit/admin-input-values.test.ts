/**
 * The dialog's date-time input (issue 11 item 15): epoch seconds show as the
 * `datetime-local` text in local time, read back to the same seconds, and a
 * value formatted twice (react-admin's first render does) stays shown.
 */
import { describe, expect, it } from 'vitest';
import { dateTimeLocalToEpoch, epochToDateTimeLocal } from '../../admin/form/inputValues';

describe('date-time input values', () => {
  const seconds = Math.floor(new Date(2030, 4, 6, 7, 8).getTime() / 1000);

  it('shows epoch seconds as local yyyy-MM-ddThh:mm and reads them back', () => {
    expect(epochToDateTimeLocal(seconds)).toBe('2030-05-06T07:08');
    expect(dateTimeLocalToEpoch('2030-05-06T07:08')).toBe(seconds);
  });

  it('formatting twice keeps the value (the input first renders format(format(value)))', () => {
    expect(epochToDateTimeLocal(epochToDateTimeLocal(seconds))).toBe('2030-05-06T07:08');
  });

  it('0 and nothing read as "not set"; a cleared input is blank for the empty-value contract', () => {
    expect(epochToDateTimeLocal(0)).toBe('');
    expect(epochToDateTimeLocal(null)).toBe('');
    expect(dateTimeLocalToEpoch('')).toBeNull();
    expect(dateTimeLocalToEpoch('not a date')).toBeNull();
  });
});
