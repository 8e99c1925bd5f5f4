import { Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconDeviceDesktop } from '@tabler/icons-react';

/** Spec §1: widths of 768 px or less get this notice instead of the app. */
export function MobileNotice() {
  return (
    <Center mih="100vh" p="xl" bg="gray.0" data-testid="mobile-notice" role="alert">
      <Stack align="center" gap="md" maw={360} ta="center">
        <ThemeIcon size={56} radius="xl" variant="light">
          <IconDeviceDesktop size={28} />
        </ThemeIcon>
        <Title order={2} size="h3">
          Not optimised for mobile
        </Title>
        <Text c="dimmed" size="sm">
          Ledgerline is not optimised for mobile devices yet. Please use it on a desktop or tablet
          for the best experience.
        </Text>
      </Stack>
    </Center>
  );
}
