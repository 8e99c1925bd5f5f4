import { Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { DateField as DatePicker } from '@/components/ui/date-field';

/** A labelled date field of a report's controls (the app's date picker, ISO values). */
export function DateField({
  label,
  value,
  onChange,
  clearable = false,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  clearable?: boolean;
}) {
  return (
    <DatePicker
      label={label}
      size="xs"
      value={value}
      required={!clearable}
      clearable={clearable}
      onChange={onChange}
      w={150}
    />
  );
}

/** The row of controls above a report. */
export function ReportControls({ children }: { children: ReactNode }) {
  return (
    <Group gap="md" align="flex-end" mb="md" wrap="wrap">
      {children}
    </Group>
  );
}
