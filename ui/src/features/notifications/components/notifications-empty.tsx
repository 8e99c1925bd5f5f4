import { Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBellOff } from '@tabler/icons-react';

/** Spec §2 empty-list texts, verbatim. */
export const EMPTY_TITLE = 'You have no recent notifications';
export const EMPTY_TEXT =
  "Don't worry, you'll receive notifications here as you use the product and manage your financial data";

export function NotificationsEmpty({ compact = false }: { compact?: boolean }) {
  return (
    <Stack
      align="center"
      gap={6}
      py={compact ? 28 : 56}
      px="md"
      ta="center"
      data-testid="notifications-empty"
    >
      <ThemeIcon size={compact ? 40 : 48} radius="xl" variant="light" color="gray">
        <IconBellOff size={compact ? 20 : 24} stroke={1.6} />
      </ThemeIcon>
      <Text size="sm" fw={600} c="gray.9" mt={4}>
        {EMPTY_TITLE}
      </Text>
      <Text size="xs" c="dimmed" maw={compact ? 240 : 380} lh={1.5}>
        {EMPTY_TEXT}
      </Text>
    </Stack>
  );
}
