import {
  ActionIcon,
  Anchor,
  Box,
  Button,
  Center,
  Group,
  Loader,
  Popover,
  ScrollArea,
  Tabs,
  Text,
} from '@mantine/core';
import { IconBell, IconChecks, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';

import { paths } from '@/config/paths';

import {
  UNREAD_POLL_MS,
  useNotifications,
  type Notification,
  type NotificationFilter,
} from '../api/get-notifications';
import { markNotificationRead } from '../api/update-notification';
import { useRefreshNotifications } from '../api/use-refresh-notifications';
import { openNotificationTarget } from '../lib/open-target';
import { NotificationItem } from './notification-item';
import { useNotificationsLive } from './notification-stream-provider';
import classes from './notifications.module.css';
import { NotificationsEmpty } from './notifications-empty';
import { useMarkAllRead } from './use-mark-all-read';

/** Spec §2/§9: the popover is 300 px wide; its list at most 70% of the viewport high. */
export const BELL_POPOVER_WIDTH_PX = 300;
export const BELL_LIST_HEIGHT_MAX = '70vh';

type BellTab = Extract<NotificationFilter, 'all' | 'unread'>;

type BellListProps = {
  tab: BellTab;
  page: number;
  onPage: (page: number) => void;
  onNavigate: () => void;
};

function BellList({ tab, page, onPage, onNavigate }: BellListProps) {
  // Spec §7: the all list is page N (default 1); the unread list is read=false.
  const query = { filter: tab, page: tab === 'all' ? page : 1 } as const;
  const { data, error, isLoading } = useNotifications(query);
  const totalPages = tab === 'all' ? (data?.total_pages ?? 1) : 1;
  const refresh = useRefreshNotifications(query);
  const items = data?.data ?? [];

  const open = async (notification: Notification) => {
    if (!notification.read) {
      try {
        await markNotificationRead(notification.id);
      } catch {
        // Reported by the generic handler.
      }
      await refresh();
    }
    if (await openNotificationTarget(notification)) onNavigate();
  };

  if (isLoading && !data) {
    return (
      <Center py={32}>
        <Loader size="sm" aria-label="Loading notifications" />
      </Center>
    );
  }
  if (error && !data) {
    return (
      <Text size="sm" c="dimmed" ta="center" py={28} px="md">
        Notifications could not be loaded. Try again in a moment.
      </Text>
    );
  }
  if (items.length === 0) return <NotificationsEmpty compact />;

  return (
    <>
      <ScrollArea.Autosize mah={BELL_LIST_HEIGHT_MAX} type="auto" data-testid="bell-list">
        <ul
          className={classes.list}
          aria-label={tab === 'all' ? 'All notifications' : 'Unread notifications'}
        >
          {items.map((item) => (
            <NotificationItem
              key={item.id}
              notification={item}
              compact
              onOpen={(n) => void open(n)}
            />
          ))}
        </ul>
      </ScrollArea.Autosize>
      <Group
        className={classes.popoverFooter}
        justify={totalPages > 1 ? 'space-between' : 'center'}
        wrap="nowrap"
      >
        {totalPages > 1 ? (
          <Group gap={2} wrap="nowrap" aria-label="Notification pages">
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              aria-label="Previous page"
              disabled={query.page <= 1}
              onClick={() => onPage(query.page - 1)}
            >
              <IconChevronLeft size={14} />
            </ActionIcon>
            <Text size="xs" c="dimmed" miw={36} ta="center">
              {query.page} / {totalPages}
            </Text>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              aria-label="Next page"
              disabled={query.page >= totalPages}
              onClick={() => onPage(query.page + 1)}
            >
              <IconChevronRight size={14} />
            </ActionIcon>
          </Group>
        ) : null}
        <Anchor component={Link} to={paths.notifications} size="sm" fw={500} onClick={onNavigate}>
          View all notifications
        </Anchor>
      </Group>
    </>
  );
}

/** Spec §2: the header bell, its unread dot and its popover. */
export function NotificationBell() {
  const [opened, setOpened] = useState(false);
  const [tab, setTab] = useState<BellTab>('all');
  // The all list's current page: mark all as read refreshes it (spec §4).
  const [page, setPage] = useState(1);
  // Live updates push the dot (the layout's stream: `NotificationStreamProvider`); while
  // the stream is down the unread list is polled.
  const live = useNotificationsLive();
  const { markAll, pending, unreadCount, canMarkAll, refreshUnread } = useMarkAllRead(
    { filter: tab, page: tab === 'all' ? page : 1 },
    { pollMs: live ? 0 : UNREAD_POLL_MS, live },
  );

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      offset={8}
      withinPortal
      trapFocus={false}
    >
      <Popover.Target>
        <Box className={classes.bellAnchor}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size={36}
            radius="xl"
            aria-label="Notifications"
            data-testid="notification-bell"
            data-live={live ? 'true' : 'false'}
            onClick={() => {
              // Opening shows fresh lists: the dot and the Unread tab ask again too.
              if (!opened) refreshUnread();
              setOpened((o) => !o);
            }}
          >
            <IconBell size={20} stroke={1.7} />
          </ActionIcon>
          {/* Spec §2: a dot, never a count, while anything is unread. */}
          {unreadCount > 0 ? (
            <span
              role="img"
              aria-label="Unread notifications"
              className={classes.bellDot}
              data-testid="notification-dot"
            />
          ) : null}
        </Box>
      </Popover.Target>
      <Popover.Dropdown
        p={0}
        style={{ width: BELL_POPOVER_WIDTH_PX, overflow: 'hidden' }}
        data-testid="notification-popover"
      >
        <Group justify="space-between" className={classes.popoverHeader} wrap="nowrap">
          <Text fw={600} size="sm">
            Notifications
          </Text>
          <Button
            variant="subtle"
            size="compact-xs"
            leftSection={<IconChecks size={14} />}
            onClick={() => void markAll()}
            loading={pending}
            disabled={!canMarkAll}
          >
            Mark all as read
          </Button>
        </Group>
        <Tabs
          value={tab}
          onChange={(value) => setTab(value === 'unread' ? 'unread' : 'all')}
          keepMounted={false}
        >
          <Tabs.List px={8} mt={6}>
            <Tabs.Tab value="all" fz="xs">
              All
            </Tabs.Tab>
            <Tabs.Tab value="unread" fz="xs">
              Unread
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="all">
            <BellList tab="all" page={page} onPage={setPage} onNavigate={() => setOpened(false)} />
          </Tabs.Panel>
          <Tabs.Panel value="unread">
            <BellList
              tab="unread"
              page={1}
              onPage={() => undefined}
              onNavigate={() => setOpened(false)}
            />
          </Tabs.Panel>
        </Tabs>
      </Popover.Dropdown>
    </Popover>
  );
}
