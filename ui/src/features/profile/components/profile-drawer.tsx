import { Center, Drawer, Loader } from '@mantine/core';

import { useProfile } from '../api/update-profile';
import { ProfileForm } from './profile-form';

/** Spec §2: My Profile opens the profile edit overlay; saving closes it on success. */
export function ProfileDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { data: user } = useProfile();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={520}
      title="My Profile"
      padding="xl"
    >
      {user ? (
        <ProfileForm user={user} onSaved={onClose} onCancel={onClose} />
      ) : (
        <Center py={48}>
          <Loader aria-label="Loading profile" />
        </Center>
      )}
    </Drawer>
  );
}
