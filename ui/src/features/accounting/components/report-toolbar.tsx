import { Group, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';

/** A labelled date field of a report's controls (ISO dates, keyboard friendly). */
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
    <TextInput
      label={label}
      type="date"
      size="xs"
      value={value}
      required={!clearable}
      onChange={(event) => onChange(event.currentTarget.value)}
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
