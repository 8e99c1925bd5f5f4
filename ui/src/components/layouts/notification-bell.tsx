import { ActionIcon, Tooltip } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { Link } from 'react-router-dom';

import { paths } from '@/config/paths';

/**
 * The header's bell where no layout provides the notifications feature's bell (see
 * `header-slot.tsx`): a plain link to the notifications page.
 */
export function NotificationBell() {
  return (
    <Tooltip label="Notifications">
      <ActionIcon
        component={Link}
        to={paths.notifications}
        variant="subtle"
        color="gray"
        size={36}
        radius="xl"
        aria-label="Notifications"
        data-testid="notification-bell"
      >
        <IconBell size={20} stroke={1.7} />
      </ActionIcon>
    </Tooltip>
  );
}
