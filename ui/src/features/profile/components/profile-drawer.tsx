import { Center, Drawer, Loader } from '@mantine/core';

import { useProfile } from '../api/update-profile';
import { ProfileForm } from './profile-form';

/** Spec §2: My Profile opens the profile edit overlay; saving closes it on success. */
export function ProfileDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={520}
      title="My Profile"
      padding="xl"
    >
      <ProfileDrawerBody onClose={onClose} />
    </Drawer>
  );
}

/**
 * Drawn only while the drawer is open, so the profile is asked for when someone opens
 * it: the layout holds the drawer on every screen, and the session already read the
 * same user as the page loaded.
 */
function ProfileDrawerBody({ onClose }: { onClose: () => void }) {
  const { data: user } = useProfile();
  return user ? (
    <ProfileForm user={user} onSaved={onClose} onCancel={onClose} />
  ) : (
    <Center py={48}>
      <Loader aria-label="Loading profile" />
    </Center>
  );
}
