import {
  ActionIcon,
  Alert,
  Button,
  Center,
  Group,
  Loader,
  Pagination,
  Paper,
  SegmentedControl,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconChecks, IconExternalLink, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';

import { notify } from '@/lib/notify';

import {
  useNotifications,
  type Notification,
  type NotificationFilter,
} from '../api/get-notifications';
import { deleteNotification } from '../api/delete-notification';
import { markNotificationRead } from '../api/update-notification';
import { useRefreshNotifications } from '../api/use-refresh-notifications';
import { notificationTarget, openNotificationTarget } from '../lib/open-target';
import { NotificationItem } from './notification-item';
import classes from './notifications.module.css';
import { NotificationsEmpty } from './notifications-empty';
import { useMarkAllRead } from './use-mark-all-read';

const FILTERS: { value: NotificationFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'unread', label: 'Unread' },
  { value: 'read', label: 'Read' },
];

function parseFilter(value: string | null): NotificationFilter {
  return value === 'unread' || value === 'read' ? value : 'all';
}

function parsePage(value: string | null): number {
  const page = Number.parseInt(value ?? '', 10);
  return Number.isInteger(page) && page > 0 ? page : 1;
}

type Pending = { id: string; action: 'read' | 'delete' } | null;

/** `/notifications`: every notification by page, filtered, with mark read and delete. */
export function NotificationsPage() {
  const [search, setSearch] = useSearchParams();
  const filter = parseFilter(search.get('filter'));
  const page = parsePage(search.get('page'));
  const query = { filter, page };
  const { data, error, isLoading, mutate } = useNotifications(query);
  const refresh = useRefreshNotifications(query);
  const { markAll, pending: markingAll, canMarkAll } = useMarkAllRead(query);
  const [pending, setPending] = useState<Pending>(null);

  const go = (next: { filter?: NotificationFilter; page?: number }) => {
    const params = new URLSearchParams();
    const nextFilter = next.filter ?? filter;
    const nextPage = next.page ?? page;
    if (nextFilter !== 'all') params.set('filter', nextFilter);
    if (nextPage > 1) params.set('page', String(nextPage));
    setSearch(params);
  };

  const markRead = async (item: Notification) => {
    setPending({ id: item.id, action: 'read' });
    try {
      await markNotificationRead(item.id);
      await refresh();
    } catch {
      // Reported by the generic handler.
    } finally {
      setPending(null);
    }
  };

  const remove = async (item: Notification) => {
    setPending({ id: item.id, action: 'delete' });
    try {
      await deleteNotification(item.id);
      notify.success('Notification deleted');
      // The last item of a later page: step back so the page is not empty.
      if (data && data.data.length === 1 && page > 1) go({ page: page - 1 });
      await refresh();
    } catch {
      // Reported by the generic handler.
    } finally {
      setPending(null);
    }
  };

  const items = data?.data ?? [];
  const totalPages = data?.total_pages ?? 0;
  const busy = pending !== null;

  return (
    <>
      <Group justify="space-between" mb="lg" wrap="wrap" gap="sm">
        <SegmentedControl
          value={filter}
          onChange={(value) => go({ filter: parseFilter(value), page: 1 })}
          data={FILTERS}
          aria-label="Show notifications"
        />
        <Button
          variant="default"
          leftSection={<IconChecks size={16} />}
          onClick={() => void markAll()}
          loading={markingAll}
          disabled={!canMarkAll}
        >
          Mark all as read
        </Button>
      </Group>

      {error && !data ? (
        <Alert color="red" variant="light" title="Notifications could not be loaded">
          <Group justify="space-between">
            <Text size="sm">The server did not answer. Check your connection and try again.</Text>
            <Button size="xs" variant="white" color="red" onClick={() => void mutate()}>
              Try again
            </Button>
          </Group>
        </Alert>
      ) : isLoading && !data ? (
        <Center py={64}>
          <Loader aria-label="Loading notifications" />
        </Center>
      ) : items.length === 0 ? (
        <Paper withBorder radius="lg">
          <NotificationsEmpty />
        </Paper>
      ) : (
        <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
          <ul className={classes.list} aria-label="Notifications">
            {items.map((item) => (
              <NotificationItem
                key={item.id}
                notification={item}
                actions={
                  <Group gap={4} wrap="nowrap">
                    {notificationTarget(item) && (
                      <Tooltip label="Open">
                        <ActionIcon
                          variant="subtle"
                          color="indigo"
                          aria-label={`Open ${item.title}`}
                          disabled={busy}
                          onClick={() => {
                            if (!item.read) void markRead(item);
                            void openNotificationTarget(item);
                          }}
                        >
                          <IconExternalLink size={16} />
                        </ActionIcon>
                      </Tooltip>
                    )}
                    {!item.read && (
                      <Tooltip label="Mark as read">
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          aria-label={`Mark ${item.title} as read`}
                          loading={pending?.id === item.id && pending.action === 'read'}
                          disabled={busy}
                          onClick={() => void markRead(item)}
                        >
                          <IconCheck size={16} />
                        </ActionIcon>
                      </Tooltip>
                    )}
                    <Tooltip label="Delete">
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Delete ${item.title}`}
                        loading={pending?.id === item.id && pending.action === 'delete'}
                        disabled={busy}
                        onClick={() => void remove(item)}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                }
              />
            ))}
          </ul>
        </Paper>
      )}

      {totalPages > 1 && (
        <Group justify="space-between" mt="md">
          <Text size="sm" c="dimmed">
            {data?.count ?? 0} notifications
          </Text>
          <Pagination
            total={totalPages}
            value={Math.min(page, totalPages)}
            onChange={(next) => go({ page: next })}
            size="sm"
            aria-label="Notification pages"
          />
        </Group>
      )}
    </>
  );
}
