/**
 * THE month input: a calendar of months shown as "Mar 2026", held and handed back as
 * `YYYY-MM` (what the API takes for a month), never the browser's own month box, whose
 * look and format differ from browser to browser.
 */
import '@mantine/dates/styles.css';

import { MonthPickerInput, type MonthPickerInputProps } from '@mantine/dates';
import { IconCalendarMonth } from '@tabler/icons-react';

export type MonthFieldProps = Omit<
  MonthPickerInputProps,
  'value' | 'onChange' | 'valueFormat' | 'defaultValue' | 'type'
> & {
  /** `YYYY-MM`, or '' for none. */
  value: string;
  /** `YYYY-MM`, or '' when cleared. */
  onChange: (value: string) => void;
};

export function MonthField({ value, onChange, ...rest }: MonthFieldProps) {
  return (
    <MonthPickerInput
      value={value ? `${value}-01` : null}
      onChange={(next) => onChange(next ? next.slice(0, 7) : '')}
      valueFormat="MMM YYYY"
      leftSection={<IconCalendarMonth size={14} stroke={1.5} />}
      leftSectionPointerEvents="none"
      {...rest}
    />
  );
}
