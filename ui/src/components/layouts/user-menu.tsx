import { Avatar, Box, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconDots, IconLogout, IconUserCircle } from '@tabler/icons-react';

import { fullName, logout, useCurrentUser } from '@/lib/auth';

import classes from './layout.module.css';

/**
 * Spec §2 "User menu in the side layout": avatar (fallback image when missing), full
 * name, e-mail, actions My Profile (opens the profile edit overlay) and Log Out.
 */
export function UserMenu({ onOpenProfile }: { onOpenProfile: () => void }) {
  const { data: user } = useCurrentUser();
  const name = user ? fullName(user) : '';
  const imageUrl = user?.image?.absolute_url ?? null;

  return (
    <Menu position="top-start" width={230} offset={6}>
      <Menu.Target>
        <UnstyledButton className={classes.userMenu} aria-label="User menu" data-testid="user-menu">
          <Group gap={10} wrap="nowrap">
            {/* Without an image Mantine draws its placeholder avatar (spec §2 fallback image). */}
            <Avatar
              src={imageUrl}
              alt={name || undefined}
              radius="xl"
              size={34}
              data-testid="user-avatar"
            />
            <Box style={{ minWidth: 0, flex: 1 }}>
              <Text size="sm" fw={600} c="gray.9" truncate>
                {name || ' '}
              </Text>
              <Text size="xs" c="dimmed" truncate>
                {user?.email ?? ''}
              </Text>
            </Box>
            <IconDots size={16} color="var(--mantine-color-gray-5)" aria-hidden="true" />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconUserCircle size={16} />} onClick={onOpenProfile}>
          My Profile
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={() => void logout()}>
          Log Out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
