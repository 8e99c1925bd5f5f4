/**
 * THE date input: typed in the organization's format ("26/11/2026" in Nigeria) or picked
 * from a calendar, held and handed back as ISO (`YYYY-MM-DD`, what the API takes). Every
 * date input of the app is this one, so no screen falls back to the browser's mm/dd/yyyy.
 */
import '@mantine/dates/styles.css';

import { DateInput, type DateInputProps } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { forwardRef } from 'react';

import { datePattern, parseDisplayDate } from '@/lib/format-date-time';

export type DateFieldProps = Omit<
  DateInputProps,
  'value' | 'onChange' | 'valueFormat' | 'dateParser' | 'defaultValue'
> & {
  /** ISO `YYYY-MM-DD`, or '' for none. */
  value: string;
  /** ISO `YYYY-MM-DD`, or '' when cleared. */
  onChange: (value: string) => void;
};

export const DateField = forwardRef<HTMLInputElement, DateFieldProps>(function DateField(
  { value, onChange, placeholder, ...rest },
  ref,
) {
  const pattern = datePattern();
  return (
    <DateInput
      ref={ref}
      value={value || null}
      onChange={(next) => onChange(next ?? '')}
      valueFormat={pattern}
      dateParser={parseDisplayDate}
      placeholder={placeholder ?? pattern.toLowerCase()}
      leftSection={<IconCalendar size={14} stroke={1.5} />}
      leftSectionPointerEvents="none"
      {...rest}
    />
  );
});
