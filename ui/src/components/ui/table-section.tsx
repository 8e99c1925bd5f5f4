import { Paper, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';

type TableSectionProps = {
  title: string;
  /** The table's accessible name. */
  label: string;
  /** Shown in red instead of the table when the rows could not be loaded. */
  error?: string | false;
  /** Shown instead of the table when there are no rows (once loaded). */
  empty?: string | false;
  /** The table's head and body. */
  children: ReactNode;
};

/** A titled table of a settings page, with its load error and its empty text. */
export function TableSection({ title, label, error, empty, children }: TableSectionProps) {
  return (
    <div>
      <Text fw={600} mb={4}>
        {title}
      </Text>
      {error ? (
        <Text size="sm" c="red">
          {error}
        </Text>
      ) : empty ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <Paper withBorder radius="md">
          <Table verticalSpacing="sm" aria-label={label}>
            {children}
          </Table>
        </Paper>
      )}
    </div>
  );
}
