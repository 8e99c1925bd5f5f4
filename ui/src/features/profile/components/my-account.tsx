import { Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';

import { useProfile } from '../api/update-profile';
import { ProfileForm } from './profile-form';

/** The My account tab of /settings: the profile form inline. */
export function MyAccount() {
  const { data: user, isLoading } = useProfile();
  return (
    <Paper withBorder radius="lg" p={28} maw={760}>
      <Stack gap={4} mb="lg">
        <Title order={2} fz={18} fw={600}>
          Profile
        </Title>
        <Text size="sm" c="dimmed">
          Your name and contact details as your collaborators see them.
        </Text>
      </Stack>
      {user ? (
        // Re-mount when the saved profile changes so Cancel returns to it.
        <ProfileForm key={JSON.stringify(user)} user={user} />
      ) : isLoading ? (
        <Center py={48}>
          <Loader aria-label="Loading profile" />
        </Center>
      ) : (
        <Text size="sm" c="dimmed">
          Your profile could not be loaded. Reload the page to try again.
        </Text>
      )}
    </Paper>
  );
}
