import { Alert, Button, Center, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconDeviceDesktop } from '@tabler/icons-react';

const TEXT =
  'Ledgerline is not optimised for mobile devices yet. Please use it on a desktop or tablet for the best experience.';

type MobileNoticeProps = {
  /** "Continue anyway": the page is shown and the notice not again this visit. */
  onContinue: () => void;
  /**
   * A banner above the page (sign-in, password reset, invitations: pages finished on a
   * phone) instead of a notice in its place.
   */
  banner?: boolean;
};

/** Spec §1: widths of 768 px or less are told the app is made for larger screens. */
export function MobileNotice({ onContinue, banner = false }: MobileNoticeProps) {
  if (banner) {
    return (
      <Alert
        data-testid="mobile-notice"
        role="alert"
        variant="light"
        color="indigo"
        radius={0}
        icon={<IconDeviceDesktop size={18} />}
        title="Not optimised for mobile"
        withCloseButton
        closeButtonLabel="Continue anyway"
        onClose={onContinue}
      >
        {TEXT}
      </Alert>
    );
  }
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
          {TEXT}
        </Text>
        <Group>
          <Button onClick={onContinue}>Continue anyway</Button>
        </Group>
      </Stack>
    </Center>
  );
}
