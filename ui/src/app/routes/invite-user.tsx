import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconMailOpened } from '@tabler/icons-react';

import { BareLayout } from '@/components/layouts/bare-layout';

/** `/invite-user`: where an invitation link lands (public). */
export default function InviteUserRoute() {
  useDocumentTitle('Invitation · Ledgerline');
  return (
    <BareLayout width={480}>
      <Paper withBorder radius="lg" p={32} shadow="xs">
        <Stack align="center" ta="center" gap="sm">
          <ThemeIcon size={48} radius="xl" variant="light">
            <IconMailOpened size={24} />
          </ThemeIcon>
          <Title order={1} fz={22} fw={600}>
            You&apos;ve been invited
          </Title>
          <Text size="sm" c="dimmed">
            The workspace you were invited to, who invited you and your role will appear here, with
            the choice to accept or decline the invitation.
          </Text>
        </Stack>
      </Paper>
    </BareLayout>
  );
}
