import { ActionIcon, Tooltip } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { Link } from 'react-router-dom';

import { paths } from '@/config/paths';

/**
 * The header's notification bell. Its popover and unread dot arrive with the
 * notifications API; until then it opens the notifications page.
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
