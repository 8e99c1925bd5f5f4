import { useState } from 'react';

import { useUnreadNotifications, type NotificationQuery } from '../api/get-notifications';
import { markAllNotificationsRead } from '../api/update-notification';
import { useRefreshNotifications } from '../api/use-refresh-notifications';

/**
 * Spec §4 "Mark all as read" for a view showing `current`: PATCH read:true on every
 * unread item, then refresh the unread list and the current page. Failures have been
 * shown by the generic handler already (spec §8).
 */
export function useMarkAllRead(current: NotificationQuery, { pollMs = 0, live = false } = {}) {
  const unread = useUnreadNotifications({ pollMs, live });
  const refresh = useRefreshNotifications(current);
  const [pending, setPending] = useState(false);
  const unreadItems = unread.data?.data ?? [];

  const markAll = async () => {
    if (pending || unreadItems.length === 0) return;
    setPending(true);
    try {
      await markAllNotificationsRead(unreadItems, refresh);
    } catch {
      // Already reported by the API client's generic handler.
    } finally {
      setPending(false);
    }
  };

  return {
    /** Asks for the unread list again (the bell does when its popover opens). */
    refreshUnread: () => void unread.mutate(),
    markAll,
    pending,
    unreadCount: unread.data?.count ?? 0,
    canMarkAll: unreadItems.length > 0,
  };
}
