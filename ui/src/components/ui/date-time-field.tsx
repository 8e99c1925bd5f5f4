/**
 * THE date-and-time input: a calendar with hours, minutes and seconds, shown in the
 * organization's date format and on the workspace's clock (`lib/time-zone`), held and
 * handed back as RFC 3339 (what the API takes), so nobody types
 * "2026-11-26T14:05:00+01:00" by hand.
 */
import '@mantine/dates/styles.css';

import { DateTimePicker, type DateTimePickerProps } from '@mantine/dates';
import { IconCalendarTime } from '@tabler/icons-react';

import { datePattern } from '@/lib/format-date-time';
import { getDisplayTimeZone, instantOfWallTime, wallTimeIn } from '@/lib/time-zone';

export type DateTimeFieldProps = Omit<
  DateTimePickerProps,
  'value' | 'onChange' | 'valueFormat' | 'defaultValue'
> & {
  /** RFC 3339, or '' for none. */
  value: string;
  /** RFC 3339 in UTC ("2026-11-26T13:05:00.000Z"), or '' when cleared. */
  onChange: (value: string) => void;
};

const pad = (n: number) => String(n).padStart(2, '0');

/** An RFC 3339 moment as the picker's "YYYY-MM-DD HH:mm:ss" on `zone`'s clock, or null. */
export function toPickerValue(rfc3339: string, zone = getDisplayTimeZone()): string | null {
  if (!rfc3339) return null;
  const date = new Date(rfc3339);
  if (Number.isNaN(date.getTime())) return null;
  const w = wallTimeIn(zone, date);
  return `${w.year}-${pad(w.month)}-${pad(w.day)} ${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}`;
}

/** The picker's "YYYY-MM-DD HH:mm:ss" on `zone`'s clock as RFC 3339 in UTC, or ''. */
export function fromPickerValue(local: string | null, zone = getDisplayTimeZone()): string {
  if (!local) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(local);
  if (!match) return '';
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = match;
  const date = instantOfWallTime(zone, {
    year: Number(y),
    month: Number(mo),
    day: Number(d),
    hour: Number(h),
    minute: Number(mi),
    second: Number(s),
  });
  return Number.isNaN(date.getTime()) ? '' : date.toISOString();
}

export function DateTimeField({ value, onChange, placeholder, ...rest }: DateTimeFieldProps) {
  return (
    <DateTimePicker
      value={toPickerValue(value)}
      onChange={(next) => onChange(fromPickerValue(next))}
      valueFormat={`${datePattern()} HH:mm:ss`}
      withSeconds
      placeholder={placeholder ?? 'Pick a date and time'}
      leftSection={<IconCalendarTime size={14} stroke={1.5} />}
      leftSectionPointerEvents="none"
      {...rest}
    />
  );
}
