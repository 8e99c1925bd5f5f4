import { Box, Group, Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type SectionCardProps = {
  title: string;
  caption?: ReactNode;
  aside?: ReactNode;
  children: ReactNode;
  testId?: string;
};

/** One titled block of an audit page: the same frame for charts, tables and panels. */
export function SectionCard({ title, caption, aside, children, testId }: SectionCardProps) {
  return (
    <Paper withBorder radius="md" p="md" data-testid={testId}>
      <Group justify="space-between" align="flex-start" mb="sm" wrap="nowrap">
        <div>
          <Title order={3} fz={15} fw={600}>
            {title}
          </Title>
          {caption && (
            <Text size="xs" c="dimmed" mt={2}>
              {caption}
            </Text>
          )}
        </div>
        {/* The title's caption wraps; the aside (a verdict, a count) keeps its width. */}
        {aside && <Box style={{ flexShrink: 0 }}>{aside}</Box>}
      </Group>
      {children}
    </Paper>
  );
}
