import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type EmptyStateProps = {
  icon: ReactNode;
  title: string;
  description: ReactNode;
  action?: ReactNode;
};

/** What a screen shows before it has anything: what will appear here, and what to do next. */
export function EmptyState({ icon, title, description, action }: EmptyStateProps) {
  return (
    <Paper
      withBorder
      radius="lg"
      py={56}
      px="xl"
      style={{ borderStyle: 'dashed', background: 'var(--mantine-color-gray-0)' }}
      data-testid="empty-state"
    >
      <Stack align="center" gap="sm" maw={460} mx="auto" ta="center">
        <ThemeIcon size={48} radius="xl" variant="light">
          {icon}
        </ThemeIcon>
        <Title order={3} size="h4" fw={600}>
          {title}
        </Title>
        <Text c="dimmed" size="sm" lh={1.6}>
          {description}
        </Text>
        {action}
      </Stack>
    </Paper>
  );
}
