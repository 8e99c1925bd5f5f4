import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One section of the Security tab: a titled card, as the My account tab's. */
export function SecurityCard({
  title,
  description,
  action,
  children,
  testId,
}: {
  title: string;
  description: string;
  action?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Paper withBorder radius="lg" p={28} maw={760} data-testid={testId}>
      <Stack gap={4} mb="lg">
        <Title order={2} fz={18} fw={600}>
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {description}
        </Text>
        {action}
      </Stack>
      {children}
    </Paper>
  );
}
