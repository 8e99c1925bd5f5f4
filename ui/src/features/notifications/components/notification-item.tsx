import { Box, Group, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';

import type { Notification } from '../api/get-notifications';
import { formatDateTime } from '@/lib/format-date-time';
import classes from './notifications.module.css';
import { notificationTarget } from '../lib/open-target';
import { SeverityIcon } from './severity';

type NotificationItemProps = {
  notification: Notification;
  /**
   * Clicking an unread item marks it read; an item with a page to open (`link`) opens it.
   * Read items without one are not buttons.
   */
  onOpen?: (notification: Notification) => void;
  /** Actions on the right (the page's mark read / delete). */
  actions?: ReactNode;
  compact?: boolean;
};

/** Spec §2: title, message, creation date and time, and a small dot if unread. */
export function NotificationItem({
  notification,
  onOpen,
  actions,
  compact = false,
}: NotificationItemProps) {
  const unread = !notification.read;
  const body = (
    <Group gap={compact ? 10 : 14} wrap="nowrap" align="flex-start">
      <SeverityIcon severity={notification.severity} size={compact ? 28 : 34} />
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Group gap={6} wrap="nowrap" justify="space-between">
          <Text size="sm" fw={unread ? 600 : 500} c="gray.9" lineClamp={1}>
            {notification.title}
          </Text>
          {unread && (
            <>
              <Box className={classes.unreadDot} aria-hidden="true" data-testid="unread-dot" />
              <VisuallyHidden>Unread</VisuallyHidden>
            </>
          )}
        </Group>
        <Text size={compact ? 'xs' : 'sm'} c="gray.7" lineClamp={compact ? 2 : undefined}>
          {notification.message}
        </Text>
        <Text size="xs" c="dimmed" component="time" dateTime={notification.created_datetime}>
          {formatDateTime(notification.created_datetime)}
        </Text>
      </Stack>
      {actions}
    </Group>
  );

  return (
    <Box
      component="li"
      className={classes.item}
      data-unread={unread || undefined}
      data-compact={compact || undefined}
      data-testid="notification-item"
    >
      {onOpen && (unread || notificationTarget(notification)) ? (
        <UnstyledButton
          className={classes.itemButton}
          onClick={() => onOpen(notification)}
          aria-label={`${notification.title}: ${unread ? 'mark as read' : 'open'}`}
        >
          {body}
        </UnstyledButton>
      ) : (
        body
      )}
    </Box>
  );
}
