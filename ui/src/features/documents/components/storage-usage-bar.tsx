import { Group, Progress, Stack, Text } from '@mantine/core';

import type { Usage } from '../api/documents';
import { usageBar } from '../lib/documents';

/** The organization's document storage against its plan's limit. */
export function StorageUsageBar({ usage }: { usage: Usage | undefined }) {
  if (!usage) return null;
  const bar = usageBar(usage);
  return (
    <Stack gap={4} data-testid="storage-usage">
      <Group justify="space-between">
        <Text size="sm" fw={500}>
          Document storage
        </Text>
        <Text size="sm" c="dimmed">
          {bar.label}
        </Text>
      </Group>
      {bar.percent !== null && (
        <Progress
          value={bar.percent}
          color={bar.percent > 90 ? 'red' : 'teal'}
          aria-label="Storage used"
        />
      )}
    </Stack>
  );
}
