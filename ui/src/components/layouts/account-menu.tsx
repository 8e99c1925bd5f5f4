import { Avatar, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconCreditCard, IconLogout, IconUser } from '@tabler/icons-react';
import { Link } from 'react-router-dom';

import { paths } from '@/config/paths';
import { fullName, initialOf, logout, useCurrentUser } from '@/lib/auth';

/** Spec §2: avatar with the first letter of first_name; My account, Manage plan, Logout. */
export function AccountMenu() {
  const { data: user } = useCurrentUser();
  const name = user ? fullName(user) : '';

  return (
    <Menu position="bottom-end" width={220} offset={8}>
      <Menu.Target>
        <UnstyledButton aria-label="Account menu" data-testid="account-menu">
          <Avatar color="accent" radius="xl" size={34} variant="filled">
            {initialOf(user?.first_name)}
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {user && (
          <>
            <Menu.Label>
              <Text size="sm" fw={600} c="gray.9" truncate>
                {name || user.email}
              </Text>
              {name && (
                <Text size="xs" c="dimmed" truncate>
                  {user.email}
                </Text>
              )}
            </Menu.Label>
            <Menu.Divider />
          </>
        )}
        <Menu.Item component={Link} to={paths.settings.root} leftSection={<IconUser size={16} />}>
          My account
        </Menu.Item>
        <Menu.Item component={Link} to={paths.license} leftSection={<IconCreditCard size={16} />}>
          Manage plan
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={() => void logout()}>
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
