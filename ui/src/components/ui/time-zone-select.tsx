/**
 * THE time zone picker: IANA names ("Africa/Lagos"), searchable by place, each shown with
 * its offset now ("Africa/Lagos (UTC+01:00)"). A zone, never a bare offset: an offset
 * does not say when the clocks change.
 */
import { Select, type SelectProps } from '@mantine/core';
import { useMemo } from 'react';

import { timeZoneOptions } from './time-zone-options';

export type TimeZoneSelectProps = Omit<SelectProps, 'data' | 'value' | 'onChange'> & {
  /** An IANA name, or '' for none chosen. */
  value: string;
  onChange: (zone: string) => void;
};

export function TimeZoneSelect({ value, onChange, ...rest }: TimeZoneSelectProps) {
  const data = useMemo(() => timeZoneOptions(value ? [value] : []), [value]);
  return (
    <Select
      data={data}
      value={value || null}
      onChange={(zone) => onChange(zone ?? '')}
      searchable
      nothingFoundMessage="No time zone by that name"
      limit={50}
      {...rest}
    />
  );
}
